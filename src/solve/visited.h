// The set of boards a search has reached, in the order it reached them.
//
// Boards live once, in discovery order; an open-addressing table of 32-bit
// indices (linear probing, 0 = empty) finds them. The discovery order doubles
// as the BFS queue and, with the level boundaries, tells each board's depth,
// so no parent link is kept: a path is found again by stepping back to any
// neighbour one level up. Nothing is allocated per board: the vectors grow
// geometrically and keep their capacity when the set is reused.
#pragma once

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace slidedb {

template <class State>
inline std::uint64_t hash_state(State s) {
    std::uint64_t x = static_cast<std::uint64_t>(s);
    if constexpr (sizeof(State) > 8) x ^= static_cast<std::uint64_t>(s >> 64) * 0xC2B2AE3D27D4EB4Full;
    return x * 0x9E3779B97F4A7C15ull;  // Fibonacci hashing: the top bits pick the slot
}

template <class State>
class Visited {
public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    void clear() {
        boards_.clear();
        resize_table(kMinBits);
    }

    std::uint32_t size() const { return static_cast<std::uint32_t>(boards_.size()); }
    State board(std::uint32_t i) const { return boards_[i]; }

    // Adds the board unless present. Returns true when it was new.
    bool insert(State s) {
        std::uint64_t slot = hash_state(s) >> shift_;
        for (;; slot = (slot + 1) & mask_) {
            const std::uint32_t e = slots_[slot];
            if (e == 0) break;
            if (boards_[e - 1] == s) return false;
        }
        slots_[slot] = static_cast<std::uint32_t>(boards_.size() + 1);
        boards_.push_back(s);
        if (boards_.size() * 10 > slots_.size() * 7) grow();
        return true;
    }

    std::uint32_t find(State s) const {
        for (std::uint64_t slot = hash_state(s) >> shift_;; slot = (slot + 1) & mask_) {
            const std::uint32_t e = slots_[slot];
            if (e == 0) return kNone;
            if (boards_[e - 1] == s) return e - 1;
        }
    }

    // Bytes this set needs for its current contents: the figure stored as a
    // search's peak memory (it only grows during a search). Computed from
    // sizes, not capacities, so it is the same whichever thread reused what.
    std::uint64_t bytes() const {
        return slots_.size() * sizeof(std::uint32_t) + boards_.size() * sizeof(State);
    }

private:
    static constexpr int kMinBits = 10;

    void resize_table(int bits) {
        slots_.assign(std::size_t{1} << bits, 0);
        mask_ = (std::uint64_t{1} << bits) - 1;
        shift_ = 64 - bits;
    }

    void grow() {
        resize_table(64 - shift_ + 1);
        for (std::uint32_t i = 0; i < boards_.size(); ++i) {
            std::uint64_t slot = hash_state(boards_[i]) >> shift_;
            while (slots_[slot] != 0) slot = (slot + 1) & mask_;
            slots_[slot] = i + 1;
        }
    }

    std::vector<State> boards_;
    std::vector<std::uint32_t> slots_;
    std::uint64_t mask_ = 0;
    int shift_ = 64;
};

}  // namespace slidedb
