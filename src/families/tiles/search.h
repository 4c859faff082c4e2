// Large boards: IDA* (solve/ida.h) guided by additive pattern databases,
// and what every tiles search under IDA* shares.
#pragma once

#include <cstdint>
#include <vector>

#include "families/tiles/board.h"
#include "families/tiles/geometry.h"
#include "families/tiles/moves.h"
#include "families/tiles/patterns.h"
#include "solve/ida.h"

namespace slidedb::tiles {

struct TileSearchResult {
    bool solved = false;
    bool limit = false;
    int moves = -1;
    std::vector<TileMove> solution;
    std::vector<IdaIteration> iterations;
    std::uint64_t expanded = 0, generated = 0;
    double seconds = 0;
    std::uint64_t peak_bytes = 0;  // the tables (if any) plus the path
};

// One move as a search makes it: the blank's cell before and after.
struct BlankStep {
    std::uint8_t from, to;
};

// The blank's steps from `blank`, less the one that undoes `last` (null at
// the start); returns how many went to `out` (at most 4).
inline int blank_steps(const Geometry& g, std::uint8_t blank, const BlankStep* last, BlankStep* out) {
    int n = 0;
    for (int k = 0; k < g.degree[blank]; ++k) {
        const std::uint8_t to = g.neighbours[blank][k];
        if (last && to == last->from) continue;  // the move just made, undone
        out[n++] = {blank, to};
    }
    return n;
}

// The board a search plays on: the cells and the blank, moved in place.
struct SearchBoard {
    Geometry g;
    std::array<std::uint8_t, kMaxCells> cells{};
    std::uint8_t blank = 0;

    explicit SearchBoard(const TileBoard& b)
        : g(b.width, b.height), cells(b.cells), blank(static_cast<std::uint8_t>(b.blank())) {}
    int moves(const BlankStep* last, BlankStep* out) const { return blank_steps(g, blank, last, out); }
    // Slides the tile at m.to into the blank; returns that tile.
    std::uint8_t play(BlankStep m) {
        const std::uint8_t t = cells[m.to];
        cells[m.from] = t;
        cells[m.to] = kBlank;
        blank = m.to;
        return t;
    }
    // Takes back play(m): the blank steps back the way it came.
    std::uint8_t undo(BlankStep m) { return play({m.to, m.from}); }
};

// A search's figures, its path replayed from the start as tile moves;
// `bytes`: what the search held besides its path.
TileSearchResult tile_result(const TileBoard& start, const IdaResult<BlankStep>& r, std::uint64_t bytes);

// The start must be able to reach the set's goal (see reachable()).
TileSearchResult solve_by_ida(const TileBoard& start, const PatternSet& set, const IdaLimits& limits = {});

// The heuristic of one board: the larger of the two sums (board, mirror).
int heuristic(const TileBoard& board, const PatternSet& set);

}  // namespace slidedb::tiles
