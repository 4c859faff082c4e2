// A stored puzzle drawn for the HTML page (through its family), and the
// solution player built on the picture.
#pragma once

#include <string>

#include "store/report_data.h"

namespace slidedb {

// The board alone, as its family draws it; "" when no family can draw it.
// `cell` is the size of a cell in the SVG's own units.
std::string board_svg(const PuzzlePicture& p, int cell = 20);

// The board with step back / forward, play, reset and a move counter when it
// has a solution that replays on it; the bare picture otherwise. `size` is
// "small" or "large".
std::string player_html(const PuzzlePicture& p, const std::string& size = "small");

}  // namespace slidedb
