// A cluster graph as SVG: a dot a board (its board text as the tooltip), a
// line a move, rows by distance to the goal labelled at the left, the goals
// green, the start blue, the hardest start orange, one optimal solution red.
#pragma once

#include <string>

#include "graph/drawing.h"

namespace slidedb {

// A whole <svg> element of class "graph": a file of its own, or inline in
// HTML (its style rules all start with svg.graph).
std::string graph_svg(const GraphDrawing& d);

}  // namespace slidedb
