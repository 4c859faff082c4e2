// A board as an inline SVG picture, and the solution player built on it.
//
// Each block is a <g class="block"> carrying data-label, data-row and
// data-col (its top-left cell, 0-based); the player script (player_js.h)
// moves blocks by rewriting those attributes and the CSS transform, so the
// DOM always says where every block stands.
#pragma once

#include <cstdint>
#include <string>

#include "puzzle/board.h"

namespace slidedb {

// What a report page needs to draw one stored puzzle.
struct PuzzlePicture {
    std::int64_t id = 0;
    Board board;
    std::string status;         // solved, unsolvable, limit, or "" when not solved
    std::string solution;       // "BU1 AR3", empty unless solved
    std::string blocked_cells;  // "r3c6 r3c5" (1-based), may be empty
    std::string blockers;       // labels, 'x' for fixed cells
    std::string labels;         // label of each block when not the canonical
                                // ones (a cluster board keeps its start's labels)
};

// The board alone: frame, exit, fixed cells, blocks; blocked cells marked.
// `cell` is the size of a cell in the SVG's own units.
std::string board_svg(const PuzzlePicture& p, int cell = 20);

// The board with step back / forward, play, reset and a move counter when it
// has a solution; the bare picture otherwise. `size` is "small" or "large".
std::string player_html(const PuzzlePicture& p, const std::string& size = "small");

}  // namespace slidedb
