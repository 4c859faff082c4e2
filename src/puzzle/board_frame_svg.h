// The opening every family's board picture shares: the <svg> element with
// the data the HTML player reads (cell, pad, width, height), and the frame.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace slidedb {

struct BoardFrameSvg {
    int pad = 0;            // frame width around the cells, in pixels
    int width = 0, height = 0;  // the whole picture
    std::string text;       // the open <svg> element and the frame
};

// `family_class` joins "board" in the element's class ("" for none).
BoardFrameSvg board_frame_svg(const std::string& family_class, int columns, int rows, std::int64_t id, int cell);

// The floor under every cell, one rectangle.
std::string floor_rect_svg(int pad, int columns, int rows, int cell);

// A board's inline SVG (Family::board_svg) as a file of its own: the SVG
// namespace, and the colours the HTML report's style sheet gives its classes.
std::string standalone_svg(std::string_view board_svg);

}  // namespace slidedb
