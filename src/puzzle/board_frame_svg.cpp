#include "puzzle/board_frame_svg.h"

#include <fmt/format.h>

namespace slidedb {

BoardFrameSvg board_frame_svg(const std::string& family_class, int columns, int rows, std::int64_t id, int cell) {
    BoardFrameSvg f;
    f.pad = cell / 2;
    f.width = columns * cell + 2 * f.pad;
    f.height = rows * cell + 2 * f.pad;
    f.text = fmt::format(
        "<svg class=\"board{}\" viewBox=\"0 0 {} {}\" data-cell=\"{}\" data-pad=\"{}\" data-width=\"{}\" "
        "data-height=\"{}\" role=\"img\" aria-label=\"board of puzzle {}\">",
        family_class.empty() ? "" : " " + family_class, f.width, f.height, cell, f.pad, columns, rows, id);
    f.text += fmt::format("<rect class=\"frame\" width=\"{}\" height=\"{}\" rx=\"{}\"/>", f.width, f.height, f.pad / 2);
    return f;
}

std::string floor_rect_svg(int pad, int columns, int rows, int cell) {
    return fmt::format("<rect class=\"floor\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", pad, pad,
                       columns * cell, rows * cell);
}

}  // namespace slidedb
