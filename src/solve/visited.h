// The boards a search has reached, in the order it reached them, and a hash
// table over the last levels only.
//
// Moves are reversible, so a board first met at depth d has every neighbour
// at depth d-1, d or d+1: while depth d is expanded, a successor already seen
// can only be in those levels. The table holds the window from the start of
// level d-1 on; older boards stay in it, harmless since no successor can
// equal them, until the table fills and is rebuilt from the window alone. The list of
// boards serves as the BFS queue and, with the level boundaries, as the
// record of each board's depth that rebuilds the solution path.
//
// The table stores the boards themselves (open addressing, linear probing):
// a probe is one load and one compare, with no indirection. Its size is any
// number of slots, not a power of two, to keep memory close to the window:
// the slot is the high half of hash * size.
//
// Nothing is allocated per board: the vectors keep their capacity when the
// set is reused for the next puzzle.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <limits>
#include <vector>

namespace slidedb {

// A state is an unsigned integer (64 or 128 bits: the fast paths) or, for
// families whose boards need more, a std::array of 64-bit words. All zero
// bits is a state like any other (the table tracks it aside).
template <class State>
struct IsWordArray : std::false_type {};
template <std::size_t N>
struct IsWordArray<std::array<std::uint64_t, N>> : std::true_type {};

template <class State>
inline std::uint64_t hash_state(const State& s) {
    if constexpr (IsWordArray<State>::value) {
        // Each word is folded in with a multiply and a shift, so words that
        // differ only in their high bits still land apart.
        std::uint64_t x = 0;
        for (const std::uint64_t w : s) {
            x = (x ^ w) * 0xC2B2AE3D27D4EB4Full;
            x ^= x >> 29;
        }
        return x * 0x9E3779B97F4A7C15ull;
    } else {
        std::uint64_t x = static_cast<std::uint64_t>(s);
        if constexpr (sizeof(State) > 8) x ^= static_cast<std::uint64_t>(s >> 64) * 0xC2B2AE3D27D4EB4Full;
        return x * 0x9E3779B97F4A7C15ull;  // Fibonacci hashing: the high bits are well mixed
    }
}

template <class State>
class Visited {
public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t kBatch = 256;  // most boards insert() takes at once

    void clear() {
        // The old table goes too: peak_bytes() must not see the last search's.
        boards_.clear();
        slots_.clear();
        first_ = 0;
        last_ = kNone;
        zero_ = kNone;
        peak_ = 0;
        rebuild(0);
    }

    std::uint32_t size() const { return static_cast<std::uint32_t>(boards_.size()); }
    State board(std::uint32_t i) const { return boards_[i]; }

    // Adds the boards the window does not hold yet, in order; returns how
    // many were new.
    std::uint32_t insert(const State* batch, std::uint32_t n) {
        if (used_ + n > limit_) {
            // Room for as many boards again as the window holds: each board
            // added then costs one reinsertion, amortized. Less if the table
            // would outweigh the list (over 16 bytes a board in all), but not
            // under half, or rebuilds would come too often.
            const std::uint64_t live = size() - first_, fits = std::uint64_t{size()} * 3 / 4;
            const std::uint64_t room = std::min(live, fits > live ? fits - live : 0);
            rebuild(std::max({room, live / 2, std::uint64_t{n}}));
        }
        State* const table = slots_.data();
        const std::size_t slots = slots_count_;
        // Most boards of a batch are duplicates sitting in their home slot or
        // just after: that test has no branch, so the loads of the whole batch
        // overlap and no misprediction stalls them. Only the rest are probed
        // the slow way. The slots past the last are always empty, so home + 3
        // is valid, and a match is never a false duplicate because a board is
        // never 0 there (the board 0 goes the slow way).
        std::size_t home[kBatch];
        std::uint32_t rest[kBatch], m = 0;
        for (std::uint32_t k = 0; k < n; ++k) {
            const State s = batch[k];
            const State* t = table + (home[k] = slot_of(s, slots));
            rest[m] = k;
            m += (s == State{}) | ((t[0] != s) & (t[1] != s) & (t[2] != s) & (t[3] != s));
        }
        std::uint32_t fresh = 0;
        for (std::uint32_t j = 0; j < m; ++j) {
            const State s = batch[rest[j]];
            if (s == State{}) [[unlikely]] {
                // State{} marks an empty slot: the board 0 is tracked aside.
                if (holds_zero()) continue;
                zero_ = size();
            } else {
                std::size_t slot = home[rest[j]];
                State e;
                while ((e = table[slot]) != State{} && e != s) slot = slot + 1 == slots ? 0 : slot + 1;
                if (e == s) continue;
                table[slot] = s;
                ++used_;
            }
            boards_.push_back(s);
            ++fresh;
        }
        return fresh;
    }

    bool contains(State s) const {
        if (s == State{}) return holds_zero();
        const std::size_t slots = slots_count_;
        for (std::size_t slot = slot_of(s, slots);; slot = slot + 1 == slots ? 0 : slot + 1) {
            const State e = slots_[slot];
            if (e == s) return true;
            if (e == State{}) return false;
        }
    }

    // Forgets the boards before `first`. They leave the table at its next
    // rebuild, not now: until then they take room but are never looked for.
    void forget_before(std::uint32_t first) { first_ = first; }

    // Makes the window exactly the boards [first, last), for lookups.
    void window(std::uint32_t first, std::uint32_t last) {
        first_ = first;
        last_ = last;
        rebuild(0);
    }

    // The most memory the search has held: the board list plus the table,
    // by sizes, not capacities, so it is the same whichever thread reused
    // what. Transients of a rebuild are not counted: the table is refilled
    // from the list, so its old contents are never needed beside the new.
    std::uint64_t peak_bytes() const { return std::max(peak_, bytes()); }

private:
    static constexpr std::size_t kMinSlots = 16;
    static constexpr std::uint32_t kAhead = 16;

    bool holds_zero() const { return zero_ != kNone && zero_ >= first_ && zero_ < last_; }

    std::uint64_t bytes() const { return (boards_.size() + slots_.size()) * sizeof(State); }

    static std::size_t slot_of(const State& s, std::size_t slots) {
        return static_cast<std::size_t>((static_cast<unsigned __int128>(hash_state(s)) * slots) >> 64);
    }

    void rebuild(std::uint64_t room) {
        const std::uint32_t last = std::min(last_, size());
        peak_ = std::max(peak_, bytes());
        const std::size_t live = last - first_;
        const std::size_t slots = std::max(kMinSlots, (live + room) * 4 / 3 + 1);
        slots_.assign(slots + 3, State{});
        slots_count_ = slots;
        // Load factor at most 3/4: probes stay short, memory stays near the window.
        limit_ = slots * 3 / 4;
        used_ = 0;
        State* const table = slots_.data();
        for (std::uint32_t i = first_; i < last; ++i) {
            // Fetch the slot of a board a few places ahead: the table is
            // larger than L1 and each probe would otherwise wait for its line.
            if (i + kAhead < last) __builtin_prefetch(table + slot_of(boards_[i + kAhead], slots));
            const State s = boards_[i];
            if (s == State{}) continue;
            std::size_t slot = slot_of(s, slots);
            while (table[slot] != State{}) slot = slot + 1 == slots ? 0 : slot + 1;
            table[slot] = s;
            ++used_;
        }
        peak_ = std::max(peak_, bytes());
    }

    std::vector<State> boards_;
    std::vector<State> slots_;
    std::size_t slots_count_ = 0;  // slots in use for hashing: 3 more stay empty
    std::size_t used_ = 0, limit_ = 0;

    std::uint32_t first_ = 0;     // first board of the window
    std::uint32_t last_ = kNone;  // past its last, kNone while it grows
    std::uint32_t zero_ = kNone;  // index of the board 0, if reached
    std::uint64_t peak_ = 0;
};

}  // namespace slidedb
