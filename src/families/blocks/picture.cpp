#include "families/blocks/picture.h"

#include <algorithm>

#include "image/board_box.h"
#include "image/canvas.h"

namespace slidedb::blocks {

namespace {

constexpr Rgb kBackground{38, 42, 48};
constexpr Rgb kWall{110, 84, 60};
constexpr Rgb kFloor{52, 40, 31};
constexpr Rgb kGoalMark{150, 46, 42};
constexpr Rgb kWood{214, 164, 98};
constexpr Rgb kGoalPiece{200, 56, 46};

bool wall_beside_floor(const Board& b, int row, int col) {
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
            if (b.is_floor(row + dr, col + dc)) return true;
    return false;
}

bool holds(const std::vector<Cell>& cells, int row, int col) {
    return std::find(cells.begin(), cells.end(), Cell{static_cast<std::int8_t>(row), static_cast<std::int8_t>(col)}) !=
           cells.end();
}

// One cell of a piece: inset by `gap` and bevelled only on the sides where
// the piece ends, so its cells join into one body.
void piece_cell(Image& im, const std::vector<Cell>& cells, Cell x, int x0, int y0, int cell, Rgb wood) {
    const int gap = std::max(1, cell / 14), bevel = std::max(1, cell / 16);
    const bool up = holds(cells, x.row - 1, x.col), down = holds(cells, x.row + 1, x.col);
    const bool left = holds(cells, x.row, x.col - 1), right = holds(cells, x.row, x.col + 1);
    const int l = x0 + (left ? 0 : gap), r = x0 + cell - (right ? 0 : gap);
    const int t = y0 + (up ? 0 : gap), b = y0 + cell - (down ? 0 : gap);
    fill_rect(im, l, t, r, b, wood);
    const Rgb light = mixed(wood, {255, 255, 255}, 0.35), dark = scaled(wood, 0.6);
    if (!up) fill_rect(im, l, t, r, t + bevel, light);
    if (!left) fill_rect(im, l, t, l + bevel, b, light);
    if (!down) fill_rect(im, l, b - bevel, r, b, dark);
    if (!right) fill_rect(im, r - bevel, t, r, b, dark);
}

}  // namespace

Image draw_board(const Board& b, int width, int height) {
    // A ring of cells round the grid for the walls of the tray, then half a
    // cell of background.
    const BoardBox box = centred_board_box(width, height, b.width, b.height, 1.5);
    const int cell = static_cast<int>(box.cell_px);
    Image im(width, height, kBackground.r, kBackground.g, kBackground.b);
    for (int r = -1; r <= b.height; ++r)
        for (int c = -1; c <= b.width; ++c) {
            const int x0 = box.x + c * cell, y0 = box.y + r * cell;
            if (b.is_floor(r, c)) fill_rect(im, x0, y0, x0 + cell, y0 + cell, kFloor);
            else if (wall_beside_floor(b, r, c)) fill_rect(im, x0, y0, x0 + cell, y0 + cell, kWall);
        }
    const int mark = std::max(1, cell / 5);
    for (const Target& t : b.goal)
        for (const Cell& x : t.cells) {
            const int x0 = box.x + x.col * cell, y0 = box.y + x.row * cell;
            fill_rect(im, x0 + mark, y0 + mark, x0 + cell - mark, y0 + cell - mark, kGoalMark);
        }
    std::vector<std::uint8_t> named(b.pieces.size(), 0);
    for (const Target& t : b.goal) named[static_cast<std::size_t>(t.piece)] = 1;
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
        for (const Cell& x : b.pieces[i].cells)
            piece_cell(im, b.pieces[i].cells, x, box.x + x.col * cell, box.y + x.row * cell, cell,
                       named[i] ? kGoalPiece : kWood);
    return im;
}

}  // namespace slidedb::blocks
