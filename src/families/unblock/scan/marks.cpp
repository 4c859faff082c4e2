// Marks drawn over a picture: words, arrows, rectangles, pen strokes. They
// are neither wood nor floor nor a seam; the stages that read a cell or an
// edge leave out what lies near them and decide from what stays visible.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

bool Scanner::near_ink(int x, int y, bool red_too, int r) const {
    // Scaling and JPEG blur a stroke into its surroundings: a sample within
    // a few pixels of ink is part of the mark too.
    for (int v = std::max(0, y - r); v <= std::min(im_.height - 1, y + r); ++v) {
        const std::uint8_t* row = im_.px(0, v);
        for (int u = std::max(0, x - r); u <= std::min(im_.width - 1, x + r); ++u) {
            const std::uint8_t* p = row + 3 * u;
            if (is_ink(p) || (red_too && is_red_ink(p))) return true;
        }
    }
    return false;
}

bool Scanner::near_white(int x, int y, int r, int spread) const {
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
    for (int v = y0; v <= y1; ++v)
        for (int u = x0; u <= x1; ++u) {
            const std::uint8_t* p = im_.px(u, v);
            // (and a stroke blurred into the wood, whose dark rim may pass
            // for a rivet)
            if (is_ink(p) || (is_red_ink(p) && p[0] >= 160 && 4 * p[1] <= p[0]) || tinted_by_ink(p) ||
                redder_than_wood(p))
                return true;
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
    for (int y = y0; y <= y1; y += 2)
        for (int x = x0; x <= x1; x += 2) {
            const std::uint8_t* p = im_.px(x, y);
            if (is_ink(p) || is_red_ink(p)) return true;
        }
    return false;
}

}  // namespace slidedb::scanning
