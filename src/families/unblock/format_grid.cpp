// Letter grid: one row a line, cells optionally separated by single spaces.
#include <fmt/format.h>

#include "families/unblock/format_common.h"

namespace slidedb::format {

BoardItem read_grid(std::span<const Line> lines, const Directives& directives) {
    std::vector<std::string> rows;
    rows.reserve(lines.size());
    for (const Line& line : lines) {
        const std::string_view text = line.text;
        if (text.find(' ') == std::string_view::npos) {
            rows.emplace_back(text);
            continue;
        }
        // ". . A A . ." : every other character must be the separator.
        std::string cells;
        for (std::size_t i = 0; i < text.size(); i += 2) {
            if (text[i] == ' ' || (i + 1 < text.size() && text[i + 1] != ' '))
                return ReadError{line.number,
                                 "grid cells are one character each, either run together or "
                                 "separated by single spaces"};
            cells += text[i];
        }
        rows.push_back(std::move(cells));
    }
    return puzzle_or_error(lines.front().number, "grid",
                           [&] { return board_from_grid(rows, directives.exit); });
}

}  // namespace slidedb::format
