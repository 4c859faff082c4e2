// Where a board sits in a picture: the box of its cells in image pixels
// (origin top left) and the cell pitch. The scanner reports it, the renderer
// says where it drew the board, the database keeps it for every screenshot.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>

#include "image/image.h"

namespace slidedb {

struct BoardBox {
    int x = 0, y = 0, w = 0, h = 0;
    double cell_px = 0;
};

// A board of `columns` x `rows` cells centred in a width x height picture,
// with `margin` cells free all round: the largest whole-pixel cell that fits
// (at least 1). Throws std::invalid_argument for a picture side below 64 px
// or above kMaxImageSide, or beyond kMaxImagePixels.
inline BoardBox centred_board_box(int width, int height, int columns, int rows, double margin) {
    if (width < 64 || height < 64 || width > kMaxImageSide || height > kMaxImageSide ||
        static_cast<long long>(width) * height > kMaxImagePixels)
        throw std::invalid_argument("picture size " + std::to_string(width) + "x" + std::to_string(height) +
                                    " is out of range (64 to " + std::to_string(kMaxImageSide) +
                                    " px a side, " + std::to_string(kMaxImagePixels / 1'000'000) +
                                    " megapixels in all)");
    const int cell = std::max(1, static_cast<int>(std::min(width / (columns + 2 * margin), height / (rows + 2 * margin))));
    BoardBox box;
    box.w = columns * cell;
    box.h = rows * cell;
    box.x = (width - box.w) / 2;
    box.y = (height - box.h) / 2;
    box.cell_px = cell;
    return box;
}

}  // namespace slidedb
