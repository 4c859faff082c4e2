#include "families/tiles/picture.h"

#include <algorithm>
#include <string>

#include "image/board_box.h"
#include "image/canvas.h"

namespace slidedb::tiles {

namespace {

constexpr Rgb kBackground{38, 42, 48};
constexpr Rgb kFrame{110, 84, 60};
constexpr Rgb kFloor{52, 40, 31};
constexpr Rgb kTile{236, 222, 190};
constexpr Rgb kInk{64, 42, 28};

}  // namespace

Image draw_board(const TileBoard& b, int width, int height) {
    const BoardBox box = centred_board_box(width, height, b.width, b.height, 0.5);
    const int cell = static_cast<int>(box.cell_px);
    Image im(width, height, kBackground.r, kBackground.g, kBackground.b);
    const int frame = std::max(1, cell / 4);
    fill_rect(im, box.x - frame, box.y - frame, box.x + box.w + frame, box.y + box.h + frame, kFrame);
    fill_rect(im, box.x, box.y, box.x + box.w, box.y + box.h, kFloor);
    const int gap = std::max(1, cell / 16), bevel = std::max(1, cell / 16);
    const Rgb light = mixed(kTile, {255, 255, 255}, 0.5), dark = scaled(kTile, 0.7);
    // Digits about 40% of a cell tall (capitals are 7 units of the font).
    const double scale = cell * 0.4 / 7;
    for (int r = 0; r < b.height; ++r)
        for (int c = 0; c < b.width; ++c) {
            const int t = b.at(r, c);
            if (t == kBlank) continue;
            const int l = box.x + c * cell + gap, top = box.y + r * cell + gap;
            const int rt = l + cell - 2 * gap, bot = top + cell - 2 * gap;
            fill_rect(im, l, top, rt, bot, kTile);
            fill_rect(im, l, top, rt, top + bevel, light);
            fill_rect(im, l, top, l + bevel, bot, light);
            fill_rect(im, l, bot - bevel, rt, bot, dark);
            fill_rect(im, rt - bevel, top, rt, bot, dark);
            const std::string number = std::to_string(t);
            draw_text(im, (l + rt) / 2.0 - text_width(number, scale) / 2.0, (top + bot) / 2.0 - 3.5 * scale, number,
                      scale, kInk);
        }
    return im;
}

}  // namespace slidedb::tiles
