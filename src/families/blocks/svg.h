// A `blocks` board as inline SVG for the HTML report.
//
// Walls are the frame's colour, floor cells the tray's, the goal's cells
// tinted. Each piece is one <g class="block"> placed by a translation to its
// first cell (data-row, data-col), its cells drawn relative to that, so the
// page's player moves a piece of any shape as it moves an Unblock block.
#pragma once

#include <cstdint>
#include <string>

#include "families/blocks/board.h"

namespace slidedb::blocks {

std::string board_svg(const Board& board, std::int64_t id, int cell = 20);

}  // namespace slidedb::blocks
