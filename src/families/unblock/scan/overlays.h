// Overlays another tool draws over every cell of the board, found by their
// regularity and painted over before the picture is read again: a debug
// overlay's thin red lines along the cell grid, a guide's white tag on
// every cell. Internal to src/families/unblock/scan/.
#pragma once

#include "image/board_box.h"
#include "image/image.h"

namespace slidedb::scanning {

// Thin red lines (3 px at most) in a lattice of square cells: five or more
// evenly spaced across and five or more down, the same pitch both ways.
// Paints each over from what lies just beside it, the darker side (a line
// along a seam hides the seam's dark). Returns whether it found them.
bool erase_grid_lines(Image& im);

// Do thin red lines along the columns (rows) of the board read, in `box`,
// run on a third to two thirds of a cell past any of its sides? A debug
// overlay's lines stop at the tray's edges: where they run on, the board
// read is part of the tray (a line across it taken for the frame's edge).
bool grid_runs_past(const Image& im, const BoardBox& box);

// Small white tags (with a dark sign on them) in a lattice of square
// cells, one a cell, sixteen or more: painted over from what lies on their
// left and right. Returns whether it found them.
bool erase_cell_tags(Image& im);

}  // namespace slidedb::scanning
