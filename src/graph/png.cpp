#include "graph/png.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "image/canvas.h"

namespace slidedb {

namespace {

Rgb rgb(const char* hex) {
    const long v = std::strtol(hex + 1, nullptr, 16);
    return {static_cast<int>(v >> 16 & 255), static_cast<int>(v >> 8 & 255), static_cast<int>(v & 255)};
}

}  // namespace

Image graph_image(const GraphDrawing& d) {
    const ClusterGraph& g = d.graph();
    // At most the largest picture image/ makes, by side and by pixels.
    const double w = d.width(), h = d.height();
    const double scale = std::min({1.0, kMaxImageSide / w, kMaxImageSide / h,
                                   std::sqrt(static_cast<double>(kMaxImagePixels) / (w * h))});
    Image im(std::max(1, static_cast<int>(w * scale)), std::max(1, static_cast<int>(h * scale)), 255, 255, 255);
    const auto x = [&](std::uint32_t v) { return d.x(v) * scale; };
    const auto y = [&](std::uint32_t v) { return d.y(v) * scale; };
    const double text = std::max(0.6, 1.4 * scale);

    draw_text(im, GraphDrawing::kMargin * scale, 12 * scale, d.caption(), text, rgb("#1f2933"));
    for (std::size_t r = 0; r < d.layout().rows.size(); ++r) {
        const std::string label = std::to_string(r);
        draw_text(im, (GraphDrawing::kLeft - 12) * scale - text_width(label, text),
                  GraphDrawing::row_y(static_cast<std::uint32_t>(r)) * scale - 4 * text, label, text, rgb("#66717f"));
    }
    const Rgb move = rgb(kMoveColour), path = rgb(kPathColour);
    // A move within a row as the SVG's arc: a parabola in a few pieces.
    const auto line = [&](std::uint32_t a, std::uint32_t b, double thickness, Rgb colour, double alpha) {
        if (g.boards[a].distance != g.boards[b].distance) {
            draw_line(im, x(a), y(a), x(b), y(b), thickness, colour, alpha);
            return;
        }
        const double rise = GraphDrawing::lift(d.x(a), d.x(b)) * scale;
        constexpr int kPieces = 8;
        for (int k = 0; k < kPieces; ++k) {
            const double t0 = static_cast<double>(k) / kPieces, t1 = static_cast<double>(k + 1) / kPieces;
            draw_line(im, x(a) + (x(b) - x(a)) * t0, y(a) - 4 * rise * t0 * (1 - t0), x(a) + (x(b) - x(a)) * t1,
                      y(a) - 4 * rise * t1 * (1 - t1), thickness, colour, alpha);
        }
    };
    for (const auto& [a, b] : g.moves)
        if (!d.on_path(a, b)) line(a, b, std::max(0.5, 0.7 * scale), move, 0.5);
    for (std::size_t k = 1; k < d.path().size(); ++k)
        line(d.path()[k - 1], d.path()[k], std::max(1.0, 2.6 * scale), path, 1.0);
    const auto disc = [&](std::uint32_t v, double r, const char* colour) {
        fill_disc(im, x(v), y(v), std::max(1.0, r * scale), rgb(colour));
    };
    for (std::uint32_t v = 0; v < g.boards.size(); ++v) {
        const GraphBoard& b = g.boards[v];
        if (b.goal) disc(v, 3.5, kGoalColour);
        else if (d.on_path(v)) disc(v, 3.5, kPathColour);
        else disc(v, 2.5, kBoardColour);
    }
    const auto mark = [&](std::uint32_t v, const char* colour) {
        fill_disc(im, x(v), y(v), std::max(2.0, 7.5 * scale), rgb("#ffffff"));
        disc(v, 6, colour);
        draw_text(im, x(v) + 9 * scale, y(v) - 13 * scale, d.mark(v), text, rgb(colour));
    };
    if (g.hardest != ClusterGraph::kNone && g.hardest != g.start) mark(g.hardest, kHardestColour);
    if (g.start != ClusterGraph::kNone) mark(g.start, kStartColour);
    return im;
}

}  // namespace slidedb
