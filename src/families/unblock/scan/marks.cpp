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

bool Scanner::near_white(int x, int y, int r) const { return ink_.any(kWhite, x - r, y - r, x + r, y + r); }

bool Scanner::ink_round(double x, double y, double rad) const {
    const int x0 = std::max(0, static_cast<int>(x - rad)), x1 = std::min(im_.width - 1, static_cast<int>(x + rad));
    const int y0 = std::max(0, static_cast<int>(y - rad)), y1 = std::min(im_.height - 1, static_cast<int>(y + rad));
    return ink_.any(kInk | kBrightRedInk, x0, y0, x1, y1);
}

bool Scanner::ink_near_cell(int r, int c) const {
    // Every few pixels over the cell and a little round it: a stroke is two
    // pixels wide at least, and its blurred rim wider.
    const int x0 = std::max(0, static_cast<int>(cell_x(c) - ink_reach()));
    const int x1 = std::min(im_.width - 1, static_cast<int>(cell_x(c + 1) + ink_reach()));
    const int y0 = std::max(0, static_cast<int>(cell_y(r) - ink_reach()));
    const int y1 = std::min(im_.height - 1, static_cast<int>(cell_y(r + 1) + ink_reach()));
    // Three samples at a time are ruled out together (ink_lanes.h), while
    // the 18 bytes that reads lie in the picture; the rest one by one.
    const std::uint8_t* end = im_.rgb.data() + im_.rgb.size();
    for (int y = y0; y <= y1; y += 2) {
        const std::uint8_t* p = im_.px(x0, y);
        int x = x0;
        for (; x + 4 <= x1 && p + 18 <= end; x += 6, p += 18) {
            if (plainly_no_ink(p, kThreeOfSix)) continue;
            for (int i = 0; i < 3; ++i)
                if (is_ink(p + 6 * i) || is_red_ink(p + 6 * i)) return true;
        }
        for (; x <= x1; x += 2, p += 6)
            if (is_ink(p) || is_red_ink(p)) return true;
    }
    return false;
}

}  // namespace slidedb::scanning
