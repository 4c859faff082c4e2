// Overlays another tool draws over every cell of the board, found by their
// regularity and painted over before the picture is read again: a debug
// overlay's thin red lines along the cell grid, a guide's white tag on
// every cell. Internal to src/families/unblock/scan/.
#pragma once

#include "image/image.h"

namespace slidedb::scanning {

// Thin red lines (3 px at most) in a lattice of square cells: five or more
// evenly spaced across and five or more down, the same pitch both ways.
// Paints each over from what lies just beside it, the darker side (a line
// along a seam hides the seam's dark). Returns whether it found them.
bool erase_grid_lines(Image& im);

// Small white tags (with a dark sign on them) in a lattice of square
// cells, one a cell, sixteen or more: painted over from what lies on their
// left and right. Returns whether it found them.
bool erase_cell_tags(Image& im);

}  // namespace slidedb::scanning
