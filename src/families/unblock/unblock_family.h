// The Unblock Me / Rush Hour family: blocks slide along their axis, the
// prisoner leaves through the exit. Fills the Family interface for the rest
// of slidedb; the helpers below are for code that holds a Board already
// (the scanner, the generator, the renderer, tests).
#pragma once

#include "families/unblock/board.h"
#include "puzzle/family.h"

namespace slidedb {

const Family& unblock_family();

// A board as the puzzle value every family shares, key and facts filled.
Puzzle to_puzzle(const Board& board);
// The board back from a puzzle of this family; throws PuzzleError when it
// is not one.
Board board_of(const Puzzle& puzzle);

}  // namespace slidedb
