// One small change to an Unblock board: the step of the search for the
// hardest puzzles.
#pragma once

#include <vector>

#include "families/unblock/board.h"
#include "puzzle/random.h"

namespace slidedb {

// What a changed board may hold.
struct MutationLimits {
    int min_walls = 0, max_walls = 0;  // fixed 1x1 cells
    int max_blocks = kMaxBlocks;       // movable blocks, the prisoner included
};

// A block added, taken off or put elsewhere, or a wall added, taken off or
// moved; the prisoner stays. Every line keeps at least one free cell (a full
// line never moves, and the enumeration leaves such boards out), no
// horizontal block or wall ever stands right of the prisoner on its row.
// Returns the board unchanged when the change drawn does not fit.
Board mutate(const Board& board, Random& rng, const MutationLimits& limits);

// The board `moves` random moves on (fewer when it is stuck).
Board wander(const Board& board, Random& rng, int moves);

// Every board with one block (2 or 3 long, either way) or one wall more on
// free cells, under the same rules as mutate(): the choices of a step that
// takes the best of them.
std::vector<Board> additions(const Board& board, const MutationLimits& limits);

// The board without piece i: block i (i > 0, the prisoner stays) or, past
// the blocks, wall i - blocks.
Board without_piece(const Board& board, int i);

// Every board with piece i taken off and one block or wall added (additions()
// of the board without it), keeping at least limits.min_walls walls: a piece
// put anywhere else, turned, resized, or traded for a wall or a wall for a
// block.
std::vector<Board> replacements(const Board& board, int i, const MutationLimits& limits);

}  // namespace slidedb
