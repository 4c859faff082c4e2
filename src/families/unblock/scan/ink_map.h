// Where the colours of marks lie in a picture, asked about by square. The
// stages ask "is there ink within a few pixels of this sample" thousands of
// times over squares that overlap (19x19 pixels at full HD, each pixel
// tested four times over on average when asked directly). Each 8x8 tile is
// classified the first time a square touches it, one bit per pixel and
// kind; a square is then a few mask operations per tile. The answer is the
// one testing every pixel of the square gives. Internal to
// src/families/unblock/scan/.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "families/unblock/scan/ink_lanes.h"
#include "families/unblock/scan/pixel_classes.h"
#include "image/image.h"

namespace slidedb::scanning {

// What a mark is made of (see pixel_classes.h); a query takes any of them.
enum InkKind : unsigned {
    kInk = 1,          // is_ink: blue or green
    kRedInk = 2,       // is_red_ink
    kBrightRedInk = 4, // is_bright_red_ink
    kWhite = 8,        // is_white
};

class InkMap {
public:
    explicit InkMap(const Image& im)
        : im_(im), tw_((im.width + 7) / 8), th_((im.height + 7) / 8) {}

    // Is a pixel of one of `kinds` in [x0, x1] x [y0, y1], clipped to the
    // picture?
    bool any(unsigned kinds, int x0, int y0, int x1, int y1) {
        x0 = std::max(x0, 0);
        y0 = std::max(y0, 0);
        x1 = std::min(x1, im_.width - 1);
        y1 = std::min(y1, im_.height - 1);
        if (x0 > x1 || y0 > y1) return false;
        if (!done_) {
            // (tiles no square touches are never classified, nor their
            // masks' memory touched)
            const size_t n = static_cast<size_t>(tw_) * static_cast<size_t>(th_);
            done_ = std::make_unique<std::uint8_t[]>(n);
            bits_ = std::make_unique_for_overwrite<std::uint64_t[]>(4 * n);
        }
        // Blue and green ink, red ink and white are each found in a tile
        // when first asked for: the prisoner's cells are asked about blue
        // and green only, and few samples ask for white.
        const unsigned need = ((kinds & kInk) ? kBlueGreen : 0u) | ((kinds & (kRedInk | kBrightRedInk)) ? kReds : 0u) |
                              ((kinds & kWhite) ? kWhites : 0u);
        for (int ty = y0 >> 3; ty <= y1 >> 3; ++ty) {
            const int r0 = std::max(y0 - 8 * ty, 0), r1 = std::min(y1 - 8 * ty, 7);
            const std::uint64_t rows = (~0ULL >> (8 * (7 - r1))) & (~0ULL << (8 * r0));
            for (int tx = x0 >> 3; tx <= x1 >> 3; ++tx) {
                const int c0 = std::max(x0 - 8 * tx, 0), c1 = std::min(x1 - 8 * tx, 7);
                const std::uint64_t cols = ((0xFFULL >> (7 - c1)) & (0xFFULL << c0) & 0xFFULL) * 0x0101010101010101ULL;
                const size_t t = static_cast<size_t>(ty) * static_cast<size_t>(tw_) + static_cast<size_t>(tx);
                if ((done_[t] & need) != need) classify(t, tx, ty, need & ~done_[t]);
                const std::uint64_t* b = &bits_[4 * t];
                const std::uint64_t m = ((kinds & kInk) ? b[0] : 0) | ((kinds & kRedInk) ? b[1] : 0) |
                                        ((kinds & kBrightRedInk) ? b[2] : 0) | ((kinds & kWhite) ? b[3] : 0);
                if (m & rows & cols) return true;
            }
        }
        return false;
    }

private:
    static constexpr unsigned kBlueGreen = 1, kReds = 2, kWhites = 4;  // groups of kinds classified together

    const Image& im_;
    int tw_, th_;  // tiles across and down
    std::unique_ptr<std::uint8_t[]> done_;   // per tile: the groups classified
    std::unique_ptr<std::uint64_t[]> bits_;  // per tile: ink, red ink, bright red ink, white (bit 8 * row + col)

    void classify(size_t t, int tx, int ty, unsigned groups) {
        const int x0 = 8 * tx, y0 = 8 * ty;
        const int w = std::min(8, im_.width - x0), h = std::min(8, im_.height - y0);
        std::uint64_t* b = &bits_[4 * t];
        if (groups & kBlueGreen) b[0] = blue_green_tile(im_, x0, y0, w, h);
        if (groups & kReds) red_tile(im_, x0, y0, w, h, b[1], b[2]);
        if (groups & kWhites) {
            std::uint64_t white = 0;
            for (int y = 0; y < h; ++y) {
                const std::uint8_t* p = im_.px(x0, y0 + y);
                for (int x = 0; x < w; ++x, p += 3) white |= static_cast<std::uint64_t>(is_white(p)) << (8 * y + x);
            }
            b[3] = white;
        }
        done_[t] = static_cast<std::uint8_t>(done_[t] | groups);
    }
};

}  // namespace slidedb::scanning
