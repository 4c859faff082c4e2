// Letter grid: one row a line, cells optionally separated by single spaces.
//
// The drawing slidedb prints (`show`, `solve`, the web app's export) reads
// back as well: rows indented alike, and the exit marked by '<' before or
// '>' after the prisoner's row, the other rows then a blank wider on the
// left. A mark states the exit's side and row, over any "# exit:" above.
#include <algorithm>

#include <fmt/format.h>

#include "families/unblock/format_common.h"

namespace slidedb::format {

namespace {

// Removes the blanks every row starts with.
void strip_common_indent(std::vector<std::string_view>& rows) {
    std::size_t indent = std::string_view::npos;
    for (std::string_view r : rows) indent = std::min(indent, std::min(r.find_first_not_of(' '), r.size()));
    for (std::string_view& r : rows) r.remove_prefix(std::min(indent, r.size()));
}

}  // namespace

BoardItem read_grid(std::span<const Line> lines, const Directives& directives) {
    std::vector<std::string_view> texts;
    std::vector<int> row_lines;
    for (const Line& line : lines) {
        texts.push_back(line.text);
        row_lines.push_back(line.number);
    }
    strip_common_indent(texts);

    Side exit = directives.exit;
    int exit_row = -1;
    for (std::size_t r = 0; r < texts.size(); ++r) {
        const bool left = texts[r].starts_with('<'), right = texts[r].ends_with('>');
        if (!left && !right) continue;
        if (left && right)
            return ReadError{row_lines[r], "a row marked as the exit on both sides ('<' and '>'); a board has one exit"};
        if (exit_row >= 0)
            return ReadError{row_lines[r], fmt::format("a second exit mark (row {} is marked already); a board has "
                                                       "one exit",
                                                       exit_row + 1)};
        exit_row = static_cast<int>(r);
        exit = left ? Side::Left : Side::Right;
    }
    if (exit_row >= 0) {
        const auto marked = static_cast<std::size_t>(exit_row);
        if (exit == Side::Right) {
            texts[marked].remove_suffix(1);
            while (!texts[marked].empty() && texts[marked].back() == ' ') texts[marked].remove_suffix(1);
        } else {
            // The other rows have a blank under the '<', as drawn, or none.
            bool drawn = true;
            for (std::size_t r = 0; r < texts.size(); ++r) drawn = drawn && (r == marked || texts[r].starts_with(' '));
            for (std::size_t r = 0; r < texts.size(); ++r)
                if (r == marked || drawn) texts[r].remove_prefix(1);
        }
        strip_common_indent(texts);
    }

    std::vector<std::string> rows;
    rows.reserve(texts.size());
    for (std::size_t r = 0; r < texts.size(); ++r) {
        const std::string_view text = texts[r];
        if (text.find(' ') == std::string_view::npos) {
            rows.emplace_back(text);
            continue;
        }
        // ". . A A . ." : every other character must be the separator.
        std::string cells;
        for (std::size_t i = 0; i < text.size(); i += 2) {
            if (text[i] == ' ' || (i + 1 < text.size() && text[i + 1] != ' '))
                return ReadError{row_lines[r],
                                 "grid cells are one character each, either run together or "
                                 "separated by single spaces"};
            cells += text[i];
        }
        rows.push_back(std::move(cells));
    }
    return puzzle_or_error(
        lines.front().number, "grid", [&] { return board_from_grid(rows, exit, exit_row); }, row_lines);
}

}  // namespace slidedb::format
