// Tile moves: which tile slides, and the way the blank goes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "families/tiles/board.h"
#include "families/tiles/geometry.h"

namespace slidedb::tiles {

struct TileMove {
    std::uint8_t tile = 0;     // the tile that slides into the blank
    Direction blank = Direction::Up;  // the blank goes this way, the tile the other

    bool operator==(const TileMove&) const = default;
};

// The move that sends the blank `d`; throws TileError at an edge.
TileMove move_toward(const TileBoard& board, Direction d);
// Slides the tile; throws TileError if the move does not fit the board.
TileBoard apply_move(const TileBoard& board, TileMove m);
// Plays moves from a board and returns where they lead.
TileBoard replay(TileBoard board, const std::vector<TileMove>& moves);

// "12R": tile 12 slid, the blank went right (so the tile went left).
std::string move_text(TileMove m);
// Moves space-separated; parse_moves reads them back (throws TileError).
std::string moves_text(const std::vector<TileMove>& moves);
std::vector<TileMove> parse_moves(std::string_view text);
// The blank's ways alone: "RDLU...", the usual notation of the puzzle.
std::string blank_path(const std::vector<TileMove>& moves);

}  // namespace slidedb::tiles
