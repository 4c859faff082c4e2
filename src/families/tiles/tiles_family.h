// The family `tiles`: n x m sliding tiles behind the Family interface.
#pragma once

#include "families/tiles/board.h"
#include "puzzle/family.h"

namespace slidedb {

const Family& tiles_family();

// A board and its goal as the puzzle value every family shares: the rows,
// then a "goal: ..." line when the goal is not the usual blank-last one.
Puzzle to_puzzle(const tiles::TileBoard& board, const tiles::TileBoard& goal);

}  // namespace slidedb
