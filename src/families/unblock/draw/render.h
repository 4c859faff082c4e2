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
#include "image/board_box.h"
#include "image/encode.h"
#include "image/image.h"

namespace slidedb {

// Pale, Orange and Cherry: the game's first look (a wooden frame all round
// the board). Current: the look since about 2014 (a dark tray under a header
// panel, arrow heads for the exit, buttons below).
enum class Theme { Pale, Orange, Cherry, Current };

std::string_view theme_name(Theme t);                   // "pale" / "orange" / "cherry" / "current"
std::optional<Theme> theme_from_name(std::string_view name);

struct RenderOptions {
    Theme theme = Theme::Orange;
    std::uint32_t seed = 1;       // wood grain and small colour variations
    double prisoner_shade = 0.0;  // 0 orange-red .. 1 brick red
    double gap = 0.08;            // gap between blocks, in cells
    bool frame = true;            // false: only the board's floor, edge to edge
    bool chrome = true;           // header panels and buttons when there is room
    // The current look only: what surrounds the game, and what covers it.
    bool status_bar = false;      // a phone's status bar on top
    bool title_bar = false;       // a window's title bar on top (Windows app)
    bool nav_bar = false;         // a phone's navigation bar at the bottom
    bool moves_box = false;       // a Moves/Record box beside the header panel
    bool touch_button = false;    // a floating translucent button near a corner
    bool hint_bubble = false;     // a speech bubble over the buttons
    bool message_panel = false;   // a tutorial's message panel over the header
    int annotation = 0;           // 1 a thick coloured rectangle round the board, 2 words on the frame,
                                  // 3 a word on the prisoner
    bool tutorial_banner = false; // a tutorial's banner over the header: "Goal", a line, "Tap to continue"
    bool emulator_window = false; // a desktop window round the screen: borders and a title bar
    // Either look:
    bool grid_lines = false;      // another solver's debug overlay: thin red lines along the cell grid
    bool cell_tags = false;       // a guide's figure: a white tag on every cell ('#' block, '.' empty), the
                                  // word "Prisoner" on it, "Board" and "Escape" with arrows beside the
                                  // frame and a caption below, on a white page
};

// Where the board landed in the picture: a BoardBox.

// Throws std::invalid_argument for sizes below 64 px or above kMaxImageSide.
Image render_board(const Board& board, Theme theme, int width, int height);
Image render_board(const Board& board, const RenderOptions& options, int width, int height,
                   BoardBox* layout = nullptr);

}  // namespace slidedb
