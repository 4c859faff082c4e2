// The two rule sets of the `blocks` family for the BFS engine.
//
//  Metric::Steps  a successor is one piece stepped one cell up, down, left
//                 or right onto free floor.
//  Metric::Moves  a successor is one piece carried any number of steps in a
//                 row, turning allowed: every placement a flood fill over
//                 the piece's translations reaches with the others fixed.
//
// Both are reversible, as the engine needs. Occupancy is a mask over the
// live cells (geometry.h): one word up to 64 of them, four up to 256.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "families/blocks/geometry.h"
#include "families/blocks/move.h"
#include "families/blocks/state.h"

namespace slidedb::blocks {

enum class Metric : std::uint8_t { Moves, Steps };

template <int Words>
struct CellMask {
    std::array<std::uint64_t, Words> w{};

    CellMask& operator|=(const CellMask& o) {
        for (int k = 0; k < Words; ++k) w[k] |= o.w[k];
        return *this;
    }
    CellMask operator^(const CellMask& o) const {
        CellMask r;
        for (int k = 0; k < Words; ++k) r.w[k] = w[k] ^ o.w[k];
        return r;
    }
    bool meets(const CellMask& o) const {
        std::uint64_t x = 0;
        for (int k = 0; k < Words; ++k) x |= w[k] & o.w[k];
        return x != 0;
    }
};

template <class StateT, int Words, Metric M>
class Rules {
public:
    using State = StateT;
    using Move = blocks::Move;
    using Mask = CellMask<Words>;

    Rules(const Geometry& g, const Layout& l) : count_(static_cast<int>(l.slots.size())) {
        std::vector<int> base;
        for (std::size_t s = 0; s < g.shapes.size(); ++s) {
            base.push_back(static_cast<int>(masks_.size()));
            const Shape& shape = g.shapes[s];
            for (int p = 0; p < shape.placements(); ++p) {
                Mask m;
                for (int c : g.cells(static_cast<int>(s), p)) m.w[c >> 6] |= std::uint64_t{1} << (c & 63);
                masks_.push_back(m);
                next_.push_back(shape.next[static_cast<std::size_t>(p)]);
                anchors_.push_back(shape.anchors[static_cast<std::size_t>(p)]);
            }
        }
        for (int i = 0; i < count_; ++i) {
            const Slot& sl = l.slots[static_cast<std::size_t>(i)];
            SlotData& d = slots_[static_cast<std::size_t>(i)];
            d.base = base[static_cast<std::size_t>(sl.shape)];
            d.offset = static_cast<std::uint16_t>(sl.offset);
            d.field = width_mask(sl);
            d.first = static_cast<std::uint8_t>(sl.first);
            d.last = static_cast<std::uint8_t>(sl.last);
        }
        start_ = pack<State>(l, l.start);
        for (int i = 0; i < l.named; ++i) {
            const int t = g.target[static_cast<std::size_t>(i)];
            if (t < 0) solvable_ = false;
            const SlotData& d = slots_[static_cast<std::size_t>(i)];
            set_field(goal_mask_, d.offset, d.field, d.field);
            set_field(goal_bits_, d.offset, d.field, static_cast<std::uint32_t>(t < 0 ? 0 : t));
        }
    }

    State start() const { return start_; }
    bool is_goal(const State& s) const { return solvable_ && masked_equal(s, goal_mask_, goal_bits_); }

    template <class F>
    void for_each_successor(const State& s, F&& f) const {
        std::uint16_t pl[kMaxPieces];
        Mask occupied;
        decode(s, pl, occupied);
        for (int i = 0; i < count_; ++i) {
            const SlotData& d = slots_[static_cast<std::size_t>(i)];
            const Mask others = occupied ^ masks_[static_cast<std::size_t>(d.base + pl[i])];
            if constexpr (M == Metric::Steps) {
                for (int k = 0; k < 4; ++k) {
                    const std::uint16_t q = next_[static_cast<std::size_t>(d.base + pl[i])][static_cast<std::size_t>(k)];
                    if (q != kNoPlacement && !masks_[static_cast<std::size_t>(d.base + q)].meets(others)) f(moved(s, pl, i, q));
                }
            } else {
                flood(d.base, pl[i], others, [&](std::uint16_t q, int) { f(moved(s, pl, i, q)); });
            }
        }
    }

    // The move that turns a into b, boards one move apart.
    Move move_between(const State& a, const State& b) const {
        std::uint16_t pa[kMaxPieces], pb[kMaxPieces];
        Mask occupied, unused;
        decode(a, pa, occupied);
        decode(b, pb, unused);
        int i = 0;
        while (i < count_ && pa[i] == pb[i]) ++i;
        if (i == count_) return {};
        const SlotData& d = slots_[static_cast<std::size_t>(i)];
        // Within a class (sorted), the placement left and the one taken.
        const auto missing = [&](const std::uint16_t* x, const std::uint16_t* y) {
            for (int j = d.first; j < d.last; ++j) {
                bool found = false;
                for (int k = d.first; k < d.last; ++k) found |= x[j] == y[k];
                if (!found) return j;
            }
            return static_cast<int>(d.first);
        };
        const int slot = missing(pa, pb);
        const std::uint16_t from = pa[slot], to = pb[missing(pb, pa)];
        Move m{anchors_[static_cast<std::size_t>(d.base + from)], anchors_[static_cast<std::size_t>(d.base + to)], 1};
        if constexpr (M == Metric::Moves) {
            const Mask others = occupied ^ masks_[static_cast<std::size_t>(d.base + from)];
            flood(d.base, from, others, [&](std::uint16_t q, int depth) {
                if (q == to) m.steps = static_cast<std::uint16_t>(depth);
            });
        }
        return m;
    }

    // The move's cost in the second metric: the cells stepped.
    int steps(const Move& m) const { return m.steps; }

private:
    struct SlotData {
        int base = 0;               // the shape's first placement in the flat tables
        std::uint32_t field = 0;    // (1 << width) - 1
        std::uint16_t offset = 0;
        std::uint8_t first = 0, last = 0;  // the class's slots
    };

    void decode(const State& s, std::uint16_t* pl, Mask& occupied) const {
        for (int i = 0; i < count_; ++i) {
            const SlotData& d = slots_[static_cast<std::size_t>(i)];
            pl[i] = static_cast<std::uint16_t>(field_of(s, d.offset, d.field));
            occupied |= masks_[static_cast<std::size_t>(d.base + pl[i])];
        }
    }

    // s with slot i's piece at placement q; a class is kept sorted.
    State moved(const State& s, const std::uint16_t* pl, int i, std::uint16_t q) const {
        const SlotData& d = slots_[static_cast<std::size_t>(i)];
        State out = s;
        if (d.last - d.first == 1) {
            set_field(out, d.offset, d.field, q);
            return out;
        }
        // The others of the class in order, q put in its place among them.
        int j = d.first;
        bool placed = false;
        for (int k = d.first; k < d.last; ++k) {
            if (k == i) continue;
            if (!placed && q < pl[k]) {
                set_field(out, slots_[static_cast<std::size_t>(j++)].offset, d.field, q);
                placed = true;
            }
            set_field(out, slots_[static_cast<std::size_t>(j++)].offset, d.field, pl[k]);
        }
        if (!placed) set_field(out, slots_[static_cast<std::size_t>(j)].offset, d.field, q);
        return out;
    }

    // Calls reach(q, steps) for every placement other than p the piece can
    // reach from p with `others` fixed, nearest first.
    template <class Reach>
    void flood(int base, std::uint16_t p, const Mask& others, Reach&& reach) const {
        // Placements met so far, one bit each (a shape has at most 256).
        std::uint64_t met[4] = {};
        met[p >> 6] = std::uint64_t{1} << (p & 63);
        std::uint16_t queue[1 << 8];
        std::uint16_t depth[1 << 8];
        int head = 0, tail = 0;
        queue[tail] = p;
        depth[tail++] = 0;
        while (head < tail) {
            const std::uint16_t at = queue[head];
            const std::uint16_t steps = static_cast<std::uint16_t>(depth[head++] + 1);
            for (const std::uint16_t q : next_[static_cast<std::size_t>(base + at)]) {
                if (q == kNoPlacement) continue;
                std::uint64_t& word = met[q >> 6];
                const std::uint64_t bit = std::uint64_t{1} << (q & 63);
                if (word & bit) continue;
                word |= bit;
                if (masks_[static_cast<std::size_t>(base + q)].meets(others)) continue;
                queue[tail] = q;
                depth[tail++] = steps;
                reach(q, steps);
            }
        }
    }

    int count_ = 0;
    std::array<SlotData, kMaxPieces> slots_{};
    std::vector<Mask> masks_;                            // per placement, all shapes end to end
    std::vector<std::array<std::uint16_t, 4>> next_;     // per placement, within its shape
    std::vector<Cell> anchors_;
    State start_{}, goal_mask_{}, goal_bits_{};
    bool solvable_ = true;
};

}  // namespace slidedb::blocks
