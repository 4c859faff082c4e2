#include "families/unblock/scan/annotate.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "image/canvas.h"

namespace slidedb {

namespace {

void frame_box(Image& im, double x0, double y0, double x1, double y1, Rgb c, int t) {
    stroke_rect(im, static_cast<int>(std::lround(x0)), static_cast<int>(std::lround(y0)),
                static_cast<int>(std::lround(x1)), static_cast<int>(std::lround(y1)), c, t);
}

// Text on a light box so it reads on any background.
void label(Image& im, double cx, double cy, std::string_view text, double scale, Rgb ink, Rgb paper) {
    const double w = text_width(text, scale), h = 8 * scale;
    fill_rect(im, static_cast<int>(cx - w / 2 - scale * 2), static_cast<int>(cy - h / 2 - scale * 2),
              static_cast<int>(cx + w / 2 + scale * 2), static_cast<int>(cy + h / 2 + scale), paper, 0.85);
    draw_text(im, cx - w / 2, cy - h / 2, text, scale, ink);
}

}  // namespace

Image annotate_scan(const Image& image, const ScanTrace& tr, std::string_view caption) {
    Image im = image;
    const int t = std::max(1, std::min(im.width, im.height) / 300);
    const Rgb green{0, 220, 60}, yellow{255, 230, 0}, cyan{0, 230, 255}, magenta{255, 0, 220}, blue{40, 90, 255},
        red{255, 30, 30}, white{255, 255, 255}, black{0, 0, 0};
    if (tr.floor_x1 >= tr.floor_x0) frame_box(im, tr.floor_x0, tr.floor_y0, tr.floor_x1 + 1, tr.floor_y1 + 1, blue, t);
    // The grid lines walked over on the way out to the tray's edges: orange
    // where the walk went on, green where it stopped.
    for (const ScanTrace::EdgeProbe& e : tr.edges) {
        const Rgb c = e.edge ? green : Rgb{255, 140, 0};
        if (e.side < 2) draw_line(im, 0, e.at, im.width, e.at, t, c, 0.8);
        else draw_line(im, e.at, 0, e.at, im.height, t, c, 0.8);
    }
    if (tr.have_grid) {
        const double x0 = tr.left, y0 = tr.top, x1 = tr.left + tr.cols * tr.pitch_x, y1 = tr.top + tr.rows * tr.pitch_y;
        for (int c = 1; c < tr.cols; ++c)
            draw_line(im, x0 + c * tr.pitch_x, y0, x0 + c * tr.pitch_x, y1, t, yellow, 0.6);
        for (int r = 1; r < tr.rows; ++r)
            draw_line(im, x0, y0 + r * tr.pitch_y, x1, y0 + r * tr.pitch_y, t, yellow, 0.6);
        frame_box(im, x0, y0, x1, y1, green, 2 * t);
        const double scale = std::max(1.0, std::min(tr.pitch_x, tr.pitch_y) / 22);
        // Blocks from the final grid, else the cell classes seen so far.
        std::vector<std::string> rows;
        if (!tr.grid.empty()) {
            size_t a = 0;
            while (a <= tr.grid.size()) {
                const size_t b = std::min(tr.grid.find('\n', a), tr.grid.size());
                rows.push_back(tr.grid.substr(a, b - a));
                a = b + 1;
            }
        }
        if (!rows.empty()) {
            std::string done;
            for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
                for (int c = 0; c < static_cast<int>(rows[static_cast<size_t>(r)].size()); ++c) {
                    const char ch = rows[static_cast<size_t>(r)][static_cast<size_t>(c)];
                    if (ch == '.') continue;
                    if (ch != 'x' && done.find(ch) != std::string::npos) continue;
                    int r1 = r, c1 = c;
                    if (ch != 'x') {
                        done += ch;
                        for (int rr = 0; rr < static_cast<int>(rows.size()); ++rr)
                            for (int cc = 0; cc < static_cast<int>(rows[static_cast<size_t>(rr)].size()); ++cc)
                                if (rows[static_cast<size_t>(rr)][static_cast<size_t>(cc)] == ch) {
                                    r1 = std::max(r1, rr);
                                    c1 = std::max(c1, cc);
                                }
                    }
                    const double bx0 = x0 + c * tr.pitch_x + 3 * t, by0 = y0 + r * tr.pitch_y + 3 * t;
                    const double bx1 = x0 + (c1 + 1) * tr.pitch_x - 3 * t, by1 = y0 + (r1 + 1) * tr.pitch_y - 3 * t;
                    frame_box(im, bx0, by0, bx1, by1, ch == 'A' ? magenta : cyan, 2 * t);
                    label(im, (bx0 + bx1) / 2, (by0 + by1) / 2, ch == 'x' ? std::string("X") : std::string(1, ch), scale * 1.5, black, white);
                }
            }
        } else {
            for (int r = 0; r < static_cast<int>(tr.cells.size()); ++r)
                for (int c = 0; c < static_cast<int>(tr.cells[static_cast<size_t>(r)].size()); ++c) {
                    const char ch = tr.cells[static_cast<size_t>(r)][static_cast<size_t>(c)];
                    const double cx = x0 + (c + 0.5) * tr.pitch_x, cy = y0 + (r + 0.5) * tr.pitch_y;
                    if (ch == '?') {
                        const double d = 0.3 * std::min(tr.pitch_x, tr.pitch_y);
                        draw_line(im, cx - d, cy - d, cx + d, cy + d, 2 * t, red);
                        draw_line(im, cx - d, cy + d, cx + d, cy - d, 2 * t, red);
                    } else {
                        label(im, cx, cy, std::string(1, ch), scale, black, white);
                    }
                }
        }
    }
    if (tr.have_prisoner) frame_box(im, tr.px0, tr.py0, tr.px1 + 1, tr.py1 + 1, magenta, t);
    if (!caption.empty()) {
        const double scale = std::max(1.0, std::min(3.0, (im.width - 8.0) / std::max(1, text_width(caption, 1.0))));
        fill_rect(im, 0, 0, im.width, static_cast<int>(10 * scale + 4), black, 0.7);
        draw_text(im, 4, 3, caption, scale, white);
    }
    return im;
}

}  // namespace slidedb
