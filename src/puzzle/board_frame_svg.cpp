#include "puzzle/board_frame_svg.h"

#include <stdexcept>

#include <fmt/format.h>

namespace slidedb {

BoardFrameSvg board_frame_svg(const std::string& family_class, int columns, int rows, std::int64_t id, int cell) {
    BoardFrameSvg f;
    f.pad = cell / 2;
    f.width = columns * cell + 2 * f.pad;
    f.height = rows * cell + 2 * f.pad;
    f.text = fmt::format(
        "<svg class=\"board{}\" viewBox=\"0 0 {} {}\" data-cell=\"{}\" data-pad=\"{}\" data-width=\"{}\" "
        "data-height=\"{}\" role=\"img\" aria-label=\"{}\">",
        family_class.empty() ? "" : " " + family_class, f.width, f.height, cell, f.pad, columns, rows,
        id > 0 ? fmt::format("board of puzzle {}", id) : std::string("the board"));  // 0: not stored
    f.text += fmt::format("<rect class=\"frame\" width=\"{}\" height=\"{}\" rx=\"{}\"/>", f.width, f.height, f.pad / 2);
    return f;
}

std::string floor_rect_svg(int pad, int columns, int rows, int cell) {
    return fmt::format("<rect class=\"floor\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", pad, pad,
                       columns * cell, rows * cell);
}

namespace {

// The report's board colours (report/html_page.cpp), the page's variables
// written out.
constexpr std::string_view kBoardStyle =
    "<style>"
    ".frame{fill:#5b4636}.floor,.exit{fill:#efe3c8}.arrow{fill:#d1343b;opacity:.7}"
    ".grid{stroke:#dccca8;stroke-width:1;fill:none}.fixed{fill:#3e4249}"
    "g.block text{fill:#fff;font-weight:700;text-anchor:middle;dominant-baseline:central;"
    "font-family:system-ui,sans-serif}"
    ".blocks .floor{stroke:#dccca8;stroke-width:1}.goal{fill:rgba(209,52,59,.22)}"
    "</style>";

}  // namespace

std::string standalone_svg(std::string_view board_svg) {
    const std::size_t open_end = board_svg.find('>');
    if (!board_svg.starts_with("<svg ") || open_end == std::string_view::npos)
        throw std::invalid_argument("a board's SVG starts with an <svg> element");
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" ";
    out += board_svg.substr(5, open_end + 1 - 5);
    out += kBoardStyle;
    out += board_svg.substr(open_end + 1);
    return out + "\n";
}

}  // namespace slidedb
