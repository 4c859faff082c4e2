#include "graph/svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "puzzle/html.h"

namespace slidedb {

namespace {

// Rules for every picture, scoped to svg.graph so that a page holding one
// keeps its own style.
std::string style() {
    const std::string move = kMoveColour, path = kPathColour;
    return std::string("svg.graph{background:#fff;font-family:system-ui,sans-serif}") +
           "svg.graph .caption{font-size:13px;fill:#1f2933}"
           "svg.graph .layer{font-size:10px;fill:#66717f;text-anchor:end;dominant-baseline:central}"
           "svg.graph .moves{fill:none;stroke:" + move + ";stroke-opacity:.5;stroke-width:.7}"
           "svg.graph .solution{fill:none;stroke:" + path + ";stroke-width:2.6;stroke-linecap:round}"
           "svg.graph circle{fill:" + kBoardColour + "}"
           "svg.graph circle.goal{fill:" + kGoalColour + "}"
           "svg.graph circle.on-path{fill:" + path + "}"
           "svg.graph circle.start{fill:" + kStartColour + ";stroke:#fff;stroke-width:1.5}"
           "svg.graph circle.hardest{fill:" + kHardestColour + ";stroke:#fff;stroke-width:1.5}"
           "svg.graph .mark{font-size:11px;font-weight:600;dominant-baseline:central}"
           "svg.graph circle:hover{stroke:#111;stroke-width:1.5}";
}

// A move as a path segment: a straight line between rows, an arc above the
// row for a move that keeps the distance (its control point rises twice the
// arc's height).
void segment(std::string& d, double x1, double y1, double x2, double y2) {
    if (y1 != y2) {
        d += fmt::format("M{:.1f} {:.1f}L{:.1f} {:.1f}", x1, y1, x2, y2);
        return;
    }
    d += fmt::format("M{:.1f} {:.1f}Q{:.1f} {:.1f} {:.1f} {:.1f}", x1, y1, (x1 + x2) / 2,
                     y1 - 2 * GraphDrawing::lift(x1, x2), x2, y2);
}

}  // namespace

std::string graph_svg(const GraphDrawing& d) {
    const ClusterGraph& g = d.graph();
    const double w = d.width(), h = d.height();
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" "
        "height=\"{:.0f}\" role=\"img\" aria-label=\"{}\"><style>{}</style>",
        w, h, w, h, html_escape(d.caption()), style());
    out += fmt::format("<text class=\"caption\" x=\"{}\" y=\"20\">{}</text>", GraphDrawing::kMargin,
                       html_escape(d.caption()));
    for (std::size_t r = 0; r < d.layout().rows.size(); ++r)
        out += fmt::format("<text class=\"layer\" x=\"{:.0f}\" y=\"{:.1f}\">{}</text>", GraphDrawing::kLeft - 12,
                           GraphDrawing::row_y(static_cast<std::uint32_t>(r)), r);

    std::string moves, solution;
    for (const auto& [a, b] : g.moves)
        segment(d.on_path(a, b) ? solution : moves, d.x(a), d.y(a), d.x(b), d.y(b));
    out += "<path class=\"moves\" d=\"" + moves + "\"/>";
    if (!solution.empty()) out += "<path class=\"solution\" d=\"" + solution + "\"/>";

    // The marked boards last, so that they lie on top.
    const auto board = [&](std::uint32_t v) {
        const GraphBoard& b = g.boards[v];
        const char* kind = v == g.start ? "start" : v == g.hardest ? "hardest" : b.goal ? "goal" : d.on_path(v) ? "on-path" : "";
        const double r = v == g.start || v == g.hardest ? 6 : b.goal || d.on_path(v) ? 3.5 : 2.5;
        out += fmt::format("<circle{} cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\"><title>{}</title></circle>",
                           *kind ? fmt::format(" class=\"{}\"", kind) : "", d.x(v), d.y(v), r,
                           html_escape(d.board_title(v)));
    };
    out += "<g class=\"boards\">";
    for (std::uint32_t v = 0; v < g.boards.size(); ++v)
        if (v != g.start && v != g.hardest) board(v);
    if (g.hardest != ClusterGraph::kNone && g.hardest != g.start) board(g.hardest);
    if (g.start != ClusterGraph::kNone) board(g.start);
    out += "</g>";
    const auto label = [&](std::uint32_t v, const char* colour) {
        out += fmt::format("<text class=\"mark\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text>", d.x(v) + 9,
                           d.y(v) - 9, colour, d.mark(v));
    };
    if (g.hardest != ClusterGraph::kNone && g.hardest != g.start) label(g.hardest, kHardestColour);
    if (g.start != ClusterGraph::kNone) label(g.start, kStartColour);
    return out + "</svg>";
}

}  // namespace slidedb
