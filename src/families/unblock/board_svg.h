// An Unblock board as an inline SVG picture for the HTML report.
//
// Each block is a <g class="block"> carrying data-label, data-row and
// data-col (its top-left cell, 0-based); the page's player script moves
// blocks by rewriting those attributes and the CSS transform, so the DOM
// always says where every block stands.
#pragma once

#include <string>

#include "families/unblock/board.h"
#include "puzzle/family.h"

namespace slidedb {

// The board alone: frame, exit, fixed cells, blocks; blocked cells and
// blockers marked. `labels` gives each block's label when not the canonical
// one (a cluster board keeps its start's labels). `cell` is the size of a
// cell in the SVG's own units.
std::string board_svg(const Board& board, const BoardMarks& marks, const std::string& labels = {}, int cell = 20);

}  // namespace slidedb
