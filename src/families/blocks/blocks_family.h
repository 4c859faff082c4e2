// The `blocks` family: pieces of any shape on a board of any outline (Klotski
// and kin). Fills the Family interface for the rest of slidedb; the helpers
// below are for code that holds a Board already (tests).
#pragma once

#include "families/blocks/board.h"
#include "puzzle/family.h"

namespace slidedb {

const Family& blocks_family();

namespace blocks {

// A board as the puzzle value every family shares, key and facts filled.
// Its board text is the file format without comments: `start`, the grid,
// `goal`, the goal's grid.
Puzzle to_puzzle(const Board& board);
// The board back from a puzzle of this family, canonical or as drawn;
// throws PuzzleError when it is not one.
Board board_of(const Puzzle& puzzle, bool as_drawn = false);

}  // namespace blocks

}  // namespace slidedb
