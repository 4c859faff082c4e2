// A move: one block slid any distance along its axis.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "families/unblock/board.h"

namespace slidedb {

struct Move {
    std::uint8_t block = 0;  // index into Board::blocks
    std::int8_t delta = 0;   // cells; negative is left or up

    bool operator==(const Move&) const = default;
};

// "BU1", "AR3": block label, direction (L R U D), distance.
std::string move_text(const Board& board, Move m);
// The moves of a solution, space-separated.
std::string moves_text(const Board& board, const std::vector<Move>& moves);
// Reads moves_text back; throws BoardError on a token that does not fit.
std::vector<Move> parse_moves(const Board& board, const std::string& text);

// Slides a block; throws BoardError if the way is not free.
Board apply_move(const Board& board, Move m);

}  // namespace slidedb
