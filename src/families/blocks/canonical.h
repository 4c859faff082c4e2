// The canonical form of a `blocks` board, which its key is made from.
//
// Two files that draw the same puzzle differently give the same board: floor
// no piece can ever reach becomes wall (it changes no move), the grid is
// cropped to the floor and the walls beside it, and pieces are relabelled
// A, B, ...: the goal's pieces first, then the others, each in reading order
// of their first cells.
#pragma once

#include "families/blocks/board.h"

namespace slidedb::blocks {

Board canonical_board(const Board& board);

// The first step alone: floor no piece can ever reach (and no goal covers)
// becomes wall; letters, size and places stay.
Board without_dead_floor(const Board& board);

}  // namespace slidedb::blocks
