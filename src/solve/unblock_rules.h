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

#include <array>
#include <bit>
#include <cstdint>

#include "puzzle/board.h"
#include "solve/move.h"

namespace slidedb {

using Cells = std::uint64_t;

template <class StateT>
class UnblockRules {
public:
    using State = StateT;
    static constexpr int kMaxBlocks = static_cast<int>(sizeof(State) * 8 / 3);

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
            for (int o = 0; o + b.length <= line.span; ++o) {
                const Cells run = ((Cells{1} << b.length) - 1) << o;
                line.mask[o][line.layout] = run << line.shift;
                // The same cells, seen from the other layout.
                for (int k = 0; k < b.length; ++k) {
                    const int along = o + k, across = h ? b.row : b.col;
                    line.mask[o][1 - line.layout] |= Cells{1} << (8 * along + across);
                }
            }
            start_ |= static_cast<State>(h ? b.col : b.row) << (3 * i);
        }
        goal_ = board.exit == Side::Right ? board.width - board.blocks[0].length : 0;
    }

    State start() const { return start_; }
    static int offset(State s, int i) { return static_cast<int>(s >> (3 * i)) & 7; }
    bool is_goal(State s) const { return offset(s, 0) == goal_; }

    // Calls f(next) for every board one move away, in a fixed order.
    template <class F>
    void for_each_successor(State s, F&& f) const {
        Cells occ[2] = {fixed_[0], fixed_[1]};
        for (int i = 0; i < count_; ++i) {
            const auto& m = lines_[i].mask[offset(s, i)];
            occ[0] |= m[0];
            occ[1] |= m[1];
        }
        for (int i = 0; i < count_; ++i) {
            const Line& line = lines_[i];
            const unsigned o = static_cast<unsigned>(offset(s, i));
            // The block's line as one byte, with a wall just past its end.
            const unsigned cells =
                static_cast<unsigned>((occ[line.layout] >> line.shift) & 0xFF) | (1u << line.span);
            const unsigned before = cells & ((1u << o) - 1);
            const int back = static_cast<int>(o) - (before ? std::bit_width(before) : 0);
            const int ahead = std::countr_zero(cells >> (o + line.length));
            const State unit = State{1} << (3 * i);
            State next = s;
            for (int k = 0; k < back; ++k) f(next -= unit);
            next = s;
            for (int k = 0; k < ahead; ++k) f(next += unit);
        }
    }

    // The move that turns a into b, boards one move apart.
    Move move_between(State a, State b) const {
        for (int i = 0; i < count_; ++i) {
            const int d = offset(b, i) - offset(a, i);
            if (d != 0) return {static_cast<std::uint8_t>(i), static_cast<std::int8_t>(d)};
        }
        return {};
    }

private:
    struct Line {
        std::array<std::array<Cells, 2>, 8> mask{};  // cells covered at offset o, in both layouts
        std::uint8_t layout = 0;  // 0: the line is a row, 1: a column
        std::uint8_t shift = 0;   // bit where the line starts in its layout
        std::uint8_t length = 0, span = 0;
    };

    int count_;
    int goal_ = 0;
    Cells fixed_[2] = {0, 0};
    State start_ = 0;
    std::array<Line, 32> lines_{};
};

}  // namespace slidedb
