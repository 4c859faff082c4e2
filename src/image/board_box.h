// Where a board sits in a picture: the box of its cells in image pixels
// (origin top left) and the cell pitch. The scanner reports it, the renderer
// says where it drew the board, the database keeps it for every screenshot.
#pragma once

namespace slidedb {

struct BoardBox {
    int x = 0, y = 0, w = 0, h = 0;
    double cell_px = 0;
};

}  // namespace slidedb
