// Boards drawn the way the game shows them: a wooden frame with the exit
// notch, the dark floor, wooden blocks with bevels, seams and drop shadows,
// the red prisoner, riveted fixed cells. Used by `slidedb render`, by
// reports, and by the tests to make screenshots the scanner must read back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "families/unblock/board.h"
#include "scan/image.h"

namespace slidedb {

enum class Theme { Pale, Orange, Cherry };

std::string_view theme_name(Theme t);                   // "pale" / "orange" / "cherry"
std::optional<Theme> theme_from_name(std::string_view name);

struct RenderOptions {
    Theme theme = Theme::Orange;
    std::uint32_t seed = 1;       // wood grain and small colour variations
    double prisoner_shade = 0.0;  // 0 orange-red .. 1 brick red
    double gap = 0.08;            // gap between blocks, in cells
    bool frame = true;            // false: only the board's floor, edge to edge
    bool chrome = true;           // header panels and buttons when there is room
};

// Where the board landed in the picture.
struct RenderLayout {
    int box_x = 0, box_y = 0, box_w = 0, box_h = 0;
    double cell_px = 0;
};

// Throws std::invalid_argument for sizes below 64 px or above kMaxImageSide.
Image render_board(const Board& board, Theme theme, int width, int height);
Image render_board(const Board& board, const RenderOptions& options, int width, int height,
                   RenderLayout* layout = nullptr);

// stb_image_write; encode_jpeg's quality is clamped to 1..100.
std::string encode_png(const Image& image);
std::string encode_jpeg(const Image& image, int quality);

}  // namespace slidedb
