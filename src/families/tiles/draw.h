// Tile boards as pictures: SVG for the HTML report.
#pragma once

#include <cstdint>
#include <string>

#include "families/tiles/board.h"

namespace slidedb::tiles {

// Each tile is a <g class="block"> with data-label (its number), data-row and
// data-col, so the report's player can slide it; the blank is the floor.
std::string board_svg(const TileBoard& board, std::int64_t id, int cell = 20);

}  // namespace slidedb::tiles
