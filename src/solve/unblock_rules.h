// The Unblock Me rule set for the BFS engine.
//
// Every block keeps its row or column, so a board is just the offset of each
// block along its line: 3 bits a block (offsets run 0..6 on an 8-cell line).
// 21 blocks fit one 64-bit word; bigger boards use 128 bits. Occupancy is a
// 64-bit mask with cell (r, c) at bit 8r + c, so every board size up to 8x8
// shares one layout.
#pragma once

#include <array>
#include <cstdint>

#include "puzzle/board.h"
#include "solve/move.h"

namespace slidedb {

using Cells = std::uint64_t;

constexpr int cell_bit(int row, int col) { return row * 8 + col; }

template <class StateT>
class UnblockRules {
public:
    using State = StateT;
    static constexpr int kMaxBlocks = static_cast<int>(sizeof(State) * 8 / 3);

    explicit UnblockRules(const Board& board) : count_(static_cast<int>(board.blocks.size())) {
        for (const Cell& f : board.fixed) fixed_ |= Cells{1} << cell_bit(f.row, f.col);
        for (int i = 0; i < count_; ++i) {
            const Block& b = board.blocks[i];
            const bool h = b.axis == Axis::Horizontal;
            Line& line = lines_[i];
            line.length = b.length;
            line.span = static_cast<std::uint8_t>(h ? board.width : board.height);
            for (int p = 0; p < line.span; ++p)
                line.cell[p] =
                    static_cast<std::uint8_t>(h ? cell_bit(b.row, p) : cell_bit(p, b.col));
            for (int o = 0; o + b.length <= line.span; ++o) {
                Cells m = 0;
                for (int k = 0; k < b.length; ++k) m |= Cells{1} << line.cell[o + k];
                line.mask[o] = m;
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
        std::array<int, 64 / 2> off;
        Cells occ = fixed_;
        for (int i = 0; i < count_; ++i) {
            off[i] = offset(s, i);
            occ |= lines_[i].mask[off[i]];
        }
        for (int i = 0; i < count_; ++i) {
            const Line& line = lines_[i];
            const int o = off[i];
            const State unit = State{1} << (3 * i);
            State next = s;
            for (int p = o - 1; p >= 0 && !((occ >> line.cell[p]) & 1); --p) {
                next -= unit;
                f(next);
            }
            next = s;
            for (int p = o + line.length; p < line.span && !((occ >> line.cell[p]) & 1); ++p) {
                next += unit;
                f(next);
            }
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
        std::array<std::uint8_t, 8> cell{};  // bit of the p-th cell along the line
        std::array<Cells, 8> mask{};         // cells covered at offset o
        std::uint8_t length = 0, span = 0;
    };

    int count_;
    int goal_ = 0;
    Cells fixed_ = 0;
    State start_ = 0;
    std::array<Line, 32> lines_{};
};

}  // namespace slidedb
