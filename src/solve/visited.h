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
//
// On request (track_indices()) the table also keeps each board's index in
// the list, and insert() says where every board of a batch is, new or not:
// the moves of the cluster as pairs of indices, for a second search over the
// same cluster that needs no hashing.
//
// A memory budget bounds the set: before the list or the table grows, the
// set checks that the new block, beside the old one it replaces, fits; when
// it does not, the set takes no more boards and says so (over_budget()).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <limits>
#include <stdexcept>
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
        where_.clear();
        first_ = 0;
        last_ = kNone;
        zero_ = kNone;
        peak_ = 0;
        over_ = false;
        rebuild(0);
    }

    // Whether the table keeps each board's index, for insert(batch, n, at).
    // Set it before clear(). During a search it may only be turned off: the
    // indices go at once, and the table is its plain self again from its
    // next rebuild.
    void track_indices(bool on) {
        track_ = on;
        if (!on) where_ = {};
    }
    bool tracks_indices() const { return track_; }

    // Bytes the list and the table may take together, growth included.
    void set_budget(std::uint64_t bytes) { budget_ = bytes; }
    // True once a board was refused because the budget would not hold it.
    bool over_budget() const { return over_; }

    std::uint32_t size() const { return static_cast<std::uint32_t>(boards_.size()); }
    State board(std::uint32_t i) const { return boards_[i]; }

    // Adds the boards the window does not hold yet, in order; returns how
    // many were new. With track_indices() on, at[k] receives the index of
    // batch[k] in the list, whether it was new or not (when the set takes
    // no more boards, at is left as it was).
    std::uint32_t insert(const State* batch, std::uint32_t n, std::uint32_t* at = nullptr) {
        if (at && !track_) throw std::logic_error("Visited::insert: indices asked of a table that does not keep them");
        if (at) return insert_as<true>(batch, n, at);
        return insert_as<false>(batch, n, nullptr);
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

    template <bool kWhere>
    std::uint32_t insert_as(const State* batch, std::uint32_t n, std::uint32_t* at) {
        if (over_ || !room_in_list(n)) return 0;
        if (used_ + n > limit_) {
            // Room for as many boards again as the window holds: each board
            // added then costs one reinsertion, amortized. Less if the table
            // would outweigh the list (over 16 bytes a board in all, indices
            // aside), but not under half, or rebuilds would come too often.
            const std::uint64_t live = size() - first_, fits = std::uint64_t{size()} * 3 / 4;
            std::uint64_t room = std::max({std::min(live, fits > live ? fits - live : 0), live / 2, std::uint64_t{n}});
            if (!affordable(boards_.capacity(), slots_for(live + room))) {
                // Short of memory: the largest table the budget allows, if
                // it still takes this batch.
                const std::uint64_t slots = spare_words(boards_.capacity() + table_words() + 8) * sizeof(State) / slot_bytes();
                room = most(slots) > live ? most(slots) - live : 0;
                if (room < n || !affordable(boards_.capacity(), slots_for(live + room))) {
                    over_ = true;
                    return 0;
                }
            }
            rebuild(room);
        }
        State* const table = slots_.data();
        std::uint32_t* const where = where_.data();
        const std::size_t slots = slots_count_;
        // Most boards of a batch are duplicates sitting in their home slot or
        // just after: that test has no branch, so the loads of the whole batch
        // overlap and no misprediction stalls them. Only the rest are probed
        // the slow way. The slots past the last are always empty, so home + 3
        // is valid, and a match is never a false duplicate because a board is
        // never 0 there (the board 0 goes the slow way).
        std::size_t home[kBatch];
        std::uint32_t rest[kBatch], m = 0;
        // The home slots first, each fetched at once: the batch's loads then
        // all wait together, not a few at a time as the loop below would
        // issue them (its compares fill the processor's window long before).
        for (std::uint32_t k = 0; k < n; ++k) {
            home[k] = slot_of(batch[k], slots);
            __builtin_prefetch(table + home[k]);
            if constexpr (kWhere) __builtin_prefetch(where + home[k]);
        }
        for (std::uint32_t k = 0; k < n; ++k) {
            const State s = batch[k];
            const State* t = table + home[k];
            rest[m] = k;
            // Bits, not booleans: no branch on a match that cannot be foreseen.
            const auto bit = [](bool b) { return static_cast<std::uint32_t>(b); };
            m += bit(s == State{}) | (bit(t[0] != s) & bit(t[1] != s) & bit(t[2] != s) & bit(t[3] != s));
            if constexpr (kWhere) {
                // The index beside the matching slot (any when none matches:
                // the slow way below writes the right one). All four are read
                // before the match is known, so their loads overlap the table's.
                const std::uint32_t* w = where + home[k];
                const std::uint32_t w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
                at[k] = t[0] == s ? w0 : t[1] == s ? w1 : t[2] == s ? w2 : w3;
            }
        }
        std::uint32_t fresh = 0;
        for (std::uint32_t j = 0; j < m; ++j) {
            const State s = batch[rest[j]];
            if (s == State{}) [[unlikely]] {
                // State{} marks an empty slot: the board 0 is tracked aside.
                if (holds_zero()) {
                    if constexpr (kWhere) at[rest[j]] = zero_;
                    continue;
                }
                zero_ = size();
            } else {
                std::size_t slot = home[rest[j]];
                State e;
                while ((e = table[slot]) != State{} && e != s) slot = slot + 1 == slots ? 0 : slot + 1;
                if (e == s) {
                    if constexpr (kWhere) at[rest[j]] = where[slot];
                    continue;
                }
                table[slot] = s;
                if constexpr (kWhere) where[slot] = size();
                ++used_;
            }
            if constexpr (kWhere) at[rest[j]] = size();
            boards_.push_back(s);
            ++fresh;
        }
        return fresh;
    }

    bool holds_zero() const { return zero_ != kNone && zero_ >= first_ && zero_ < last_; }

    std::uint64_t bytes() const {
        return boards_.size() * sizeof(State) + slots_.size() * sizeof(State) + where_.size() * sizeof(std::uint32_t);
    }

    // Bytes a slot takes: the board, and its index when tracked.
    std::size_t slot_bytes() const { return sizeof(State) + (track_ ? sizeof(std::uint32_t) : 0); }
    // The table's capacity in boards' worth of memory, rounded up.
    std::uint64_t table_words() const { return (slots_.capacity() * slot_bytes() + sizeof(State) - 1) / sizeof(State); }

    // Load factor at most 3/4: probes stay short, memory stays near the
    // window, so a search under a memory budget goes far. 3/8 when indices
    // are kept: the record of moves outweighs the table then, and fewer
    // boards fall to the slow probe.
    std::size_t slots_for(std::uint64_t boards) const {
        return std::max<std::size_t>(kMinSlots, track_ ? boards * 8 / 3 + 1 : boards * 4 / 3 + 1);
    }
    // The most boards a table of `slots` takes.
    std::uint64_t most(std::uint64_t slots) const { return track_ ? slots * 3 / 8 : slots * 3 / 4; }

    // Whether a list of `list` boards and a table of `slots` fit the budget
    // beside the larger of the blocks they replace (both live while copying).
    bool affordable(std::size_t list, std::size_t slots) const {
        const std::uint64_t old_list = list > boards_.capacity() ? boards_.capacity() : 0;
        const std::uint64_t old_slots = slots + 3 > slots_.capacity() ? slots_.capacity() : 0;
        return (list + old_list) * sizeof(State) + (slots + 3 + old_slots) * slot_bytes() <= budget_;
    }

    // Makes room in the list for n more boards: doubling, or as much as the
    // budget allows. False when not even n more fit.
    bool room_in_list(std::uint32_t n) {
        const std::size_t need = boards_.size() + n;
        if (need <= boards_.capacity()) return true;
        std::uint64_t want = std::max<std::uint64_t>(need, boards_.capacity() * 2);
        want = std::min(want, spare_words(boards_.capacity() + table_words()));
        if (want < need) {
            over_ = true;
            return false;
        }
        boards_.reserve(want);
        return true;
    }

    // Boards' worth of budget left beside `words` boards already held.
    std::uint64_t spare_words(std::uint64_t words) const {
        const std::uint64_t all = budget_ / sizeof(State);
        return all > words ? all - words : 0;
    }

    static std::size_t slot_of(const State& s, std::size_t slots) {
        return static_cast<std::size_t>((static_cast<unsigned __int128>(hash_state(s)) * slots) >> 64);
    }

    void rebuild(std::uint64_t room) {
        const std::uint32_t last = std::min(last_, size());
        peak_ = std::max(peak_, bytes());
        const std::size_t live = last - first_;
        const std::size_t slots = slots_for(live + room);
        slots_.assign(slots + 3, State{});
        if (track_) where_.assign(slots + 3, 0);
        else where_.clear();
        slots_count_ = slots;
        limit_ = most(slots);
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
            if (track_) where_[slot] = i;
            ++used_;
        }
        peak_ = std::max(peak_, bytes());
    }

    std::vector<State> boards_;
    std::vector<State> slots_;
    std::vector<std::uint32_t> where_;  // index in boards_ of each slot's board, when tracked
    std::size_t slots_count_ = 0;  // slots in use for hashing: 3 more stay empty
    std::size_t used_ = 0, limit_ = 0;

    std::uint32_t first_ = 0;     // first board of the window
    std::uint32_t last_ = kNone;  // past its last, kNone while it grows
    std::uint32_t zero_ = kNone;  // index of the board 0, if reached
    std::uint64_t peak_ = 0;
    std::uint64_t budget_ = std::numeric_limits<std::uint64_t>::max();
    bool over_ = false;
    bool track_ = false;
};

}  // namespace slidedb
