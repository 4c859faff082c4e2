// A cluster graph in Graphviz's DOT language, for `dot`, `sfdp` and other
// tools that lay out large graphs: a node a board (tooltip: its text), an
// edge a move, one rank a distance to the goal (with an invisible chain of
// labels d0, d1, ... that keeps the ranks in order), marks coloured as in the
// SVG.
#pragma once

#include <string>

#include "graph/drawing.h"

namespace slidedb {

std::string graph_dot(const GraphDrawing& d);

}  // namespace slidedb
