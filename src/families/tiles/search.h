// Large boards: IDA* (solve/ida.h) guided by additive pattern databases.
#pragma once

#include <cstdint>
#include <vector>

#include "families/tiles/board.h"
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
    std::uint64_t peak_bytes = 0;  // the tables plus the path
};

// The start must be able to reach the set's goal (see reachable()).
TileSearchResult solve_by_ida(const TileBoard& start, const PatternSet& set, const IdaLimits& limits = {});

// The heuristic of one board: the larger of the two sums (board, mirror).
int heuristic(const TileBoard& board, const PatternSet& set);

}  // namespace slidedb::tiles
