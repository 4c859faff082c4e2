// Random valid Unblock Me boards: the draws of `generate`.
#pragma once

#include "families/unblock/board.h"
#include "puzzle/random.h"

namespace slidedb {

// The shape of the boards drawn.
struct BoardShape {
    int width = 6, height = 6;
    int min_blocks = 8, max_blocks = 13;  // movable blocks, the prisoner included
    int fixed = 0;                        // fixed 1x1 cells
    Side exit = Side::Right;
};

// A random valid board: the prisoner on the middle row, away from the exit,
// then blocks of length 2 or 3 and fixed cells dropped on free cells.
Board random_board(Random& rng, const BoardShape& shape);

}  // namespace slidedb
