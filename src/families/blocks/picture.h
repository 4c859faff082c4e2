// A `blocks` board as a picture (`render --png`): wooden pieces on a dark
// floor inside walls, the goal's cells marked on the floor.
#pragma once

#include "families/blocks/board.h"
#include "image/image.h"

namespace slidedb::blocks {

// The board centred in a width x height picture with a cell and a half
// free all round. Walls beside the floor (diagonals too), inside the grid
// or in the ring of cells round it (the tray's sides), are drawn; walls away
// from all floor are background, as the file format leaves them blank. The
// goal's pieces are red, the others wood; each goal cell is a red square
// on the floor, seen where no piece covers it. Throws std::invalid_argument
// for a size out of range (centred_board_box).
Image draw_board(const Board& board, int width, int height);

}  // namespace slidedb::blocks
