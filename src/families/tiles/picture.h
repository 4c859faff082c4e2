// A tiles board as a picture (`render --png`): numbered tiles in a tray,
// the blank showing the tray's floor.
#pragma once

#include "families/tiles/board.h"
#include "image/image.h"

namespace slidedb::tiles {

// The board centred in a width x height picture with half a cell free all
// round; the tray's frame fills a quarter cell of that margin. Tiles are
// ivory with a bevel and their number in dark ink, centred. Throws
// std::invalid_argument for a size out of range (centred_board_box).
Image draw_board(const TileBoard& board, int width, int height);

}  // namespace slidedb::tiles
