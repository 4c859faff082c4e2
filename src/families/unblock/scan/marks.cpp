// Marks drawn over a picture: words, arrows, rectangles, pen strokes. They
// are neither wood nor floor nor a seam; the stages that read a cell or an
// edge leave out what lies near them and decide from what stays visible.
#include "families/unblock/scan/scanner.h"

#include "families/unblock/scan/ink_lanes.h"

namespace slidedb::scanning {

// Scaling and JPEG blur a stroke into its surroundings: a sample within a
// few pixels of ink is part of the mark too. (The squares are looked up in
// the picture's ink map, see ink_map.h.)
bool Scanner::near_ink(int x, int y, bool red_too, int r) const {
    return ink_.any(red_too ? kInk | kRedInk : kInk, x - r, y - r, x + r, y + r);
}

bool Scanner::near_white(int x, int y, int r, int spread) const {
    // The ink map knows is_white's spread of 45; a wider one is looked for
    // pixel by pixel past what the map finds.
    if (spread >= 45 && ink_.any(kWhite, x - r, y - r, x + r, y + r)) return true;
    if (spread == 45) return false;
    for (int v = std::max(0, y - r); v <= std::min(im_.height - 1, y + r); ++v) {
        const std::uint8_t* row = im_.px(0, v);
        for (int u = std::max(0, x - r); u <= std::min(im_.width - 1, x + r); ++u) {
            const std::uint8_t* p = row + 3 * u;
            if (luma(p) >= 200 && std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]}) <= spread) return true;
        }
    }
    return false;
}

bool Scanner::ink_round(double x, double y, double rad) const {
    const int x0 = std::max(0, static_cast<int>(x - rad)), x1 = std::min(im_.width - 1, static_cast<int>(x + rad));
    const int y0 = std::max(0, static_cast<int>(y - rad)), y1 = std::min(im_.height - 1, static_cast<int>(y + rad));
    if (ink_.any(kInk | kBrightRedInk, x0, y0, x1, y1)) return true;
    // (and a stroke blurred into the wood, whose dark rim may pass for a
    // rivet: classes the ink map does not keep)
    for (int v = y0; v <= y1; ++v)
        for (int u = x0; u <= x1; ++u) {
            const std::uint8_t* p = im_.px(u, v);
            if (tinted_by_ink(p) || redder_than_wood(p)) return true;
        }
    return false;
}

bool Scanner::ink_near_cell(int r, int c) const {
    // Every few pixels over the cell and a little round it: a stroke is two
    // pixels wide at least, and its blurred rim wider.
    const int x0 = std::max(0, static_cast<int>(cell_x(c) - ink_reach()));
    const int x1 = std::min(im_.width - 1, static_cast<int>(cell_x(c + 1) + ink_reach()));
    const int y0 = std::max(0, static_cast<int>(cell_y(r) - ink_reach()));
    const int y1 = std::min(im_.height - 1, static_cast<int>(cell_y(r + 1) + ink_reach()));
    return ink_every_other(im_, x0, y0, x1, y1);
}

bool Scanner::mark_on_cell(int r, int c) const {
    if (ink_near_cell(r, c)) return true;
    // Every pixel of the cell, a little in from its edges (the prisoner
    // next door is red): a thin stroke may lie between the samples above,
    // and JPEG blurs it out of bright ink.
    const int in = std::max(1, static_cast<int>(0.05 * std::min(px_, py_)));
    const int x0 = static_cast<int>(cell_x(c)) + in, x1 = static_cast<int>(cell_x(c + 1)) - in;
    const int y0 = static_cast<int>(cell_y(r)) + in, y1 = static_cast<int>(cell_y(r + 1)) - in;
    if (ink_.any(kInk | kRedInk, x0, y0, x1, y1)) return true;
    for (int y = std::max(0, y0); y <= std::min(im_.height - 1, y1); ++y)
        for (int x = std::max(0, x0); x <= std::min(im_.width - 1, x1); ++x)
            if (tinted_by_ink(im_.px(x, y)) || redder_than_wood(im_.px(x, y))) return true;
    return false;
}

}  // namespace slidedb::scanning
