// The bound that needs no table: Manhattan distance plus linear conflicts.
//
// Every tile needs at least its taxicab distance home, in moves of its own.
// Within one row, the tiles whose goal is that row and that stand in the
// wrong order among themselves cannot pass each other there: all but a
// longest ordered subset must leave the row and come back, two vertical
// moves each that the taxicab distance does not count. Columns likewise,
// with horizontal moves. Row and column extras are moves of different kinds,
// so the three add up to a lower bound (Hansson, Mayer and Yung).
//
// It is weaker than the pattern tables but costs nothing to set up: the
// solver tries it first, within a budget, so that short puzzles of any size
// are answered before a table would be built.
#pragma once

#include "families/tiles/board.h"
#include "families/tiles/search.h"
#include "solve/ida.h"

namespace slidedb::tiles {

// IDA* guided by Manhattan distance plus linear conflicts; the start must be
// able to reach the goal (see reachable()).
TileSearchResult solve_by_manhattan(const TileBoard& start, const TileBoard& goal, const IdaLimits& limits = {});

// The bound of one board.
int manhattan_bound(const TileBoard& board, const TileBoard& goal);

}  // namespace slidedb::tiles
