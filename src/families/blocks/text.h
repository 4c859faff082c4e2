// The `blocks` family in text for people: moves as they are written, boards
// replayed step by step.
//
// A move is written as the piece's letter and the runs of its way: "AR2D1"
// carries A two cells right, then one down. A move of the step metric is
// one run of one cell ("AR1").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "families/blocks/board.h"
#include "families/blocks/move.h"

namespace slidedb::blocks {

// A move that does not fit the board it is played on.
struct MoveError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The shortest way for piece i to reach the placement with its first cell at
// `to`, the other pieces fixed: one letter of "UDLR" a step. Throws
// MoveError when it cannot get there.
std::string way_to(const Board& board, int piece, Cell to);

// The move as text on the board it is played from.
std::string move_text(const Board& before, const Move& move);
// The moves of a solution from the start, space-separated.
std::string moves_text(const Board& start, const std::vector<Move>& moves);

// Plays one move written as text; throws MoveError when it does not fit.
Board play(const Board& board, std::string_view move);
// Boards after each move of a solution text, the start first.
std::vector<Board> replay(const Board& start, std::string_view moves);
// The board after every move, keeping none before it: a long list costs no
// more memory than one board.
Board play_all(Board board, std::string_view moves);

// The board for people: '.' floor, '+' a free cell of the goal, letters
// pieces, '#' walls; each row indented, ended by '\n'.
std::string board_text(const Board& board, int indent = 2);

}  // namespace slidedb::blocks
