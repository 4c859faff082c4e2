// A cluster graph as a picture (PNG through image/): the SVG's drawing, lines
// and discs, scaled down when it would pass the image limits.
#pragma once

#include "graph/drawing.h"
#include "image/image.h"

namespace slidedb {

Image graph_image(const GraphDrawing& d);

}  // namespace slidedb
