// A perfect index of the boards that can reach one goal: 0 .. (n*m)!/2 - 1.
//
// index = blank cell * (n-1)!/2 + rank of the tiles in reading order (blank
// skipped), where only the first n-3 tiles are ranked: the order of the last
// two is fixed by the parity the goal demands, so each index is one board.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "families/tiles/board.h"
#include "solve/pdb.h"

namespace slidedb::tiles {

class PermIndex {
public:
    explicit PermIndex(const TileBoard& goal);

    std::uint64_t count() const { return count_; }
    int cells() const { return n_; }

    std::uint64_t index(const std::uint8_t* cells) const {
        int b = 0;
        while (cells[b] != kBlank) ++b;
        std::uint64_t r = 0;
        std::uint32_t used = 0;
        int k = 0;
        for (int i = 0; k < n_ - 3; ++i) {
            if (i == b) continue;
            const int v = cells[i] - 1;
            const int d = v - pdb::count_bits(used & ((1u << v) - 1));
            r = r * static_cast<std::uint64_t>(n_ - 1 - k) + static_cast<std::uint64_t>(d);
            used |= 1u << v;
            ++k;
        }
        return static_cast<std::uint64_t>(b) * half_ + r;
    }

    void board(std::uint64_t index, std::uint8_t* cells) const {
        const int b = static_cast<int>(index / half_);
        std::uint64_t r = index % half_;
        std::array<int, kMaxCells> digit{};
        for (int k = n_ - 4; k >= 0; --k) {
            const std::uint64_t radix = static_cast<std::uint64_t>(n_ - 1 - k);
            digit[k] = static_cast<int>(r % radix);
            r /= radix;
        }
        std::uint32_t unused = (1u << (n_ - 1)) - 1;  // tile values - 1
        int parity = 0;
        int k = 0, i = 0;
        for (; k < n_ - 3; ++i) {
            if (i == b) continue;
            std::uint32_t m = unused;
            for (int skip = digit[k]; skip > 0; --skip) m &= m - 1;
            const int v = std::countr_zero(m);
            unused &= ~(1u << v);
            parity ^= digit[k] & 1;
            cells[i] = static_cast<std::uint8_t>(v + 1);
            ++k;
        }
        const int lo = std::countr_zero(unused);
        const int hi = 31 - std::countl_zero(unused);
        // Lo before hi adds no inversion; hi before lo adds one.
        const bool swap = parity != need_[b];
        cells[b] = kBlank;
        int placed = 0;
        for (; i < n_; ++i) {
            if (i == b) continue;
            cells[i] = static_cast<std::uint8_t>(((placed++ == 0) != swap ? lo : hi) + 1);
        }
    }

private:
    int n_ = 0;
    std::uint64_t half_ = 0, count_ = 0;
    std::array<int, kMaxCells> need_{};  // parity the ranked tiles need, by blank cell
};

}  // namespace slidedb::tiles
