// The tile rule set for the BFS engine (solve/bfs.h), for walks over a whole
// cluster such as the state-space graph. The solver itself indexes boards by
// permutation rank (cluster.h); this packs a board of up to 16 cells into one
// word, 4 bits a cell in reading order, the blank 0.
#pragma once

#include <cstdint>

#include "families/tiles/board.h"
#include "families/tiles/geometry.h"
#include "families/tiles/moves.h"

namespace slidedb::tiles {

class TileRules {
public:
    using State = std::uint64_t;
    using Move = TileMove;
    static constexpr int kMaxPackedCells = 16;  // 4 bits a cell, one word

    // Boards of at most kMaxPackedCells cells.
    TileRules(const TileBoard& start, const TileBoard& goal)
        : geometry_(start.width, start.height), start_(pack(start)), goal_(pack(goal)) {}

    static State pack(const TileBoard& b) {
        State s = 0;
        for (int c = 0; c < b.size(); ++c) s |= State{b.cells[static_cast<std::size_t>(c)]} << (4 * c);
        return s;
    }
    TileBoard board(State s) const {
        TileBoard b{geometry_.width, geometry_.height, {}};
        for (int c = 0; c < geometry_.cells; ++c) b.cells[static_cast<std::size_t>(c)] = tile(s, c);
        return b;
    }

    State start() const { return start_; }
    bool is_goal(State s) const { return s == goal_; }

    // Every tile next to the blank slid into it.
    template <class F>
    void for_each_successor(State s, F&& f) const {
        const int b = blank(s);
        for (int k = 0; k < geometry_.degree[b]; ++k) {
            const int to = geometry_.neighbours[b][k];
            const State t = tile(s, to);
            f(s - (t << (4 * to)) + (t << (4 * b)));
        }
    }

    Move move_between(State a, State b) const {
        const int from = blank(a), to = blank(b);
        for (int k = 0; k < geometry_.degree[from]; ++k)
            if (geometry_.neighbours[from][k] == to) return {tile(a, to), geometry_.direction[from][k]};
        return {};
    }
    static int steps(const Move&) { return 1; }

private:
    static std::uint8_t tile(State s, int cell) { return static_cast<std::uint8_t>((s >> (4 * cell)) & 15); }
    int blank(State s) const {
        int c = 0;
        while (tile(s, c) != kBlank) ++c;
        return c;
    }

    Geometry geometry_;
    State start_, goal_;
};

}  // namespace slidedb::tiles
