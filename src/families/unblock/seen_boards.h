// The boards one minimality search of the enumeration has seen, and its
// levels. Most of these searches meet a few hundred boards and there are
// hundreds of thousands of them a minute: the table is emptied through the
// slots it used rather than whole, and kept between searches. A board is an
// UnblockRules state: 64 bits up to 21 pieces, 128 beyond (7x7 boards hold
// up to 24).
#pragma once

#include <cstdint>
#include <vector>

namespace slidedb::enumeration {

template <class Board>
class BasicSeenBoards {
public:
    void clear() {
        for (const std::uint32_t i : used_) table_[i] = 0;
        used_.clear();
    }

    // True when the board was not seen before.
    bool insert(Board board) {
        if (2 * (used_.size() + 1) > table_.size()) grow();
        const Board key = board + 1;  // 0 marks an empty slot; boards never use the top bit
        for (std::uint32_t i = slot(key);; i = (i + 1) & mask_) {
            if (table_[i] == key) return false;
            if (table_[i] == 0) {
                table_[i] = key;
                used_.push_back(i);
                return true;
            }
        }
    }

    std::vector<Board> level, next;  // boards of the level searched, and of the one after

private:
    std::uint32_t slot(Board key) const {
        std::uint64_t folded = static_cast<std::uint64_t>(key);
        if constexpr (sizeof(Board) > 8) folded ^= static_cast<std::uint64_t>(key >> 64) * 0xC2B2AE3D27D4EB4Full;
        return static_cast<std::uint32_t>((folded * 0x9E3779B97F4A7C15ull) >> shift_);
    }

    void grow() {
        std::vector<Board> keys;
        keys.reserve(used_.size());
        for (const std::uint32_t i : used_) keys.push_back(table_[i]);
        const std::size_t size = table_.empty() ? 4096 : 2 * table_.size();
        table_.assign(size, 0);
        mask_ = static_cast<std::uint32_t>(size - 1);
        shift_ = 64 - __builtin_ctzll(size);
        used_.clear();
        for (const Board key : keys) {
            std::uint32_t i = slot(key);
            while (table_[i] != 0) i = (i + 1) & mask_;
            table_[i] = key;
            used_.push_back(i);
        }
    }

    std::vector<Board> table_;
    std::vector<std::uint32_t> used_;
    std::uint32_t mask_ = 0;
    int shift_ = 64;
};

using SeenBoards = BasicSeenBoards<std::uint64_t>;
using WideSeenBoards = BasicSeenBoards<unsigned __int128>;

}  // namespace slidedb::enumeration
