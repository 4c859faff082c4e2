// The Unblock Me rule set for the BFS engine.
//
// Every block keeps its row or column, so a board is just the offset of each
// block along its line: 3 bits a block (offsets run 0..6 on an 8-cell line).
// 21 blocks fit one 64-bit word; bigger boards use 128 bits.
//
// Occupancy is kept twice, as 64-bit masks with 8 bits a line: by rows
// (cell (r, c) at bit 8r + c) and by columns (bit 8c + r). Either way a
// block's whole line is one byte, so how far it can slide is a count of
// leading or trailing zeros, with no scan along the line.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "families/unblock/board.h"
#include "families/unblock/move.h"

namespace slidedb {

using Cells = std::uint64_t;

template <class StateT>
class UnblockRules {
public:
    using State = StateT;
    using Move = slidedb::Move;
    static constexpr int kMaxBlocks = static_cast<int>(sizeof(State) * 8 / 3);
    static constexpr int kMaxSlide = 6;  // an 8-cell line, a block of 2

    explicit UnblockRules(const Board& board) : count_(static_cast<int>(board.blocks.size())) {
        for (const Cell& f : board.fixed) {
            fixed_[0] |= Cells{1} << (8 * f.row + f.col);
            fixed_[1] |= Cells{1} << (8 * f.col + f.row);
        }
        for (int i = 0; i < count_; ++i) {
            const Block& b = board.blocks[i];
            const bool h = b.axis == Axis::Horizontal;
            Line& line = lines_[i];
            line.layout = h ? 0 : 1;
            line.shift = static_cast<std::uint8_t>(8 * (h ? b.row : b.col));
            line.length = b.length;
            line.span = static_cast<std::uint8_t>(h ? board.width : board.height);
            line.wall = 1u << line.span;
            for (int o = 0; o + b.length <= line.span; ++o) {
                const Cells run = ((Cells{1} << b.length) - 1) << o;
                line.mask[o][line.layout] = run << line.shift;
                // The same cells, seen from the other layout.
                for (int k = 0; k < b.length; ++k) {
                    const int along = o + k, across = h ? b.row : b.col;
                    line.mask[o][1 - line.layout] |= Cells{1} << (8 * along + across);
                }
            }
            for (int k = 0; k < kMaxSlide; ++k) steps_[i][k] = static_cast<State>(k + 1) << (3 * i);
            max_slide_ = std::max(max_slide_, line.span - line.length);
            start_ |= static_cast<State>(h ? b.col : b.row) << (3 * i);
        }
        goal_ = board.exit == Side::Right ? board.width - board.blocks[0].length : 0;
    }

    State start() const { return start_; }
    int blocks() const { return count_; }
    // Cells of block i on board s, and the fixed cells: bit 8r + c.
    Cells cells(State s, int i) const { return lines_[i].mask[offset(s, i)][0]; }
    Cells fixed_cells() const { return fixed_[0]; }
    static int offset(State s, int i) { return static_cast<int>(s >> (3 * i)) & 7; }
    bool is_goal(State s) const { return offset(s, 0) == goal_; }

    // Calls f(next) for every board one move away, in a fixed order: block by
    // block, the slides back (1, 2, ... cells), then the slides ahead.
    template <class F>
    void for_each_successor(State s, F&& f) const {
        State out[kMaxSlide * kMaxBlocks + 2 * kMaxSlide];
        const State* const end = successors_into(s, out);
        for (const State* p = out; p < end; ++p) f(*p);
    }

    // The same boards in the same order, written from `out` on; returns the
    // end. `out` must have room for successor_room() boards: some are
    // written past the end.
    State* successors_into(State s, State* out) const {
        // On boards up to 6x6 no block slides more than 4 cells: fewer blind
        // writes below.
        if (max_slide_ <= 4) return successors<4>(s, out);
        return successors<kMaxSlide>(s, out);
    }
    // A block's slides, back and ahead, are at most max_slide_; its blind
    // writes reach at most kMaxSlide past them.
    std::uint32_t successor_room() const { return static_cast<std::uint32_t>(count_ * max_slide_ + 2 * kMaxSlide); }

    // What a move costs in steps: the cells slid.
    static int steps(Move m) { return m.delta < 0 ? -m.delta : m.delta; }

    // The move that turns a into b, boards one move apart.
    Move move_between(State a, State b) const {
        for (int i = 0; i < count_; ++i) {
            const int d = offset(b, i) - offset(a, i);
            if (d != 0) return {static_cast<std::uint8_t>(i), static_cast<std::int8_t>(d)};
        }
        return {};
    }

private:
    template <int Slide>
    State* successors(State s, State* out) const {
        Cells rows = fixed_[0], cols = fixed_[1];
        State rest = s;
        for (int i = 0; i < count_; ++i, rest >>= 3) {
            const auto& m = lines_[i].mask[static_cast<unsigned>(rest) & 7];
            rows |= m[0];
            cols |= m[1];
        }
        // Every slide of a block is written, then only the legal ones kept by
        // moving the end past them: no branch on how far a block can go, which
        // no predictor guesses well.
        State* end = out;
        rest = s;
        for (int i = 0; i < count_; ++i, rest >>= 3) {
            const Line& line = lines_[i];
            const unsigned o = static_cast<unsigned>(rest) & 7;
            // The block's line as one byte, with a wall just past its end.
            const Cells occ = line.layout ? cols : rows;
            const unsigned cells = static_cast<unsigned>((occ >> line.shift) & 0xFF) | line.wall;
            // Free cells behind: o less the bit width of the cells below o,
            // read as 31 - clz(2x + 1), never of 0. Free cells ahead: zeros
            // past the block, never all zero thanks to the wall. So neither
            // takes the branch for 0 of std::bit_width and std::countr_zero,
            // which mispredicted often.
            const unsigned below = cells & ((1u << o) - 1);
            const int back = static_cast<int>(o) - (31 - __builtin_clz(below << 1 | 1));
            const int ahead = __builtin_ctz(cells >> (o + line.length));
            const State* step = steps_[i].data();
            for (int k = 0; k < Slide; ++k) end[k] = s - step[k];
            end += back;
            for (int k = 0; k < Slide; ++k) end[k] = s + step[k];
            end += ahead;
        }
        return end;
    }

    struct Line {
        std::array<std::array<Cells, 2>, 8> mask{};  // cells covered at offset o, in both layouts
        std::uint8_t layout = 0;  // 0: the line is a row, 1: a column
        std::uint8_t shift = 0;   // bit where the line starts in its layout
        std::uint8_t length = 0, span = 0;
        unsigned wall = 0;        // the cell just past the line's end
    };

    int count_;
    int goal_ = 0;
    int max_slide_ = 0;  // the longest slide any block could make
    Cells fixed_[2] = {0, 0};
    State start_ = 0;
    std::array<Line, 32> lines_{};
    std::array<std::array<State, kMaxSlide>, kMaxBlocks> steps_{};  // k+1 cells of block i, packed
};

}  // namespace slidedb
