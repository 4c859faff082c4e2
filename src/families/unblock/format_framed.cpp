// Framed grid: "+------+" above and below, '|' at both ends of each row; the
// row that lacks one of its '|' holds the exit, on that side. Inside the
// frame a space is empty and '*' cells, when present, are the prisoner.
#include <algorithm>

#include <fmt/format.h>

#include "families/unblock/format_common.h"

namespace slidedb::format {

namespace {

bool is_frame(std::string_view s) {
    return s.size() >= 3 && s.front() == '+' && s.back() == '+' &&
           s.substr(1, s.size() - 2).find_first_not_of('-') == std::string_view::npos;
}

}  // namespace

BoardItem read_framed(std::span<const Line> lines, std::size_t& used) {
    // The rows run to the next line that starts with '+': the bottom frame.
    std::size_t end = 1;
    while (end < lines.size() && lines[end].text.front() != '+') ++end;
    used = std::min(end + 1, lines.size());

    const Line& top = lines.front();
    if (!is_frame(top.text))
        return ReadError{top.number, "the top of a framed board must look like +------+"};
    if (end == lines.size()) return ReadError{top.number, "framed board has no bottom frame"};
    const Line& bottom = lines[end];
    if (!is_frame(bottom.text))
        return ReadError{bottom.number, "the bottom of a framed board must look like +------+"};
    if (end == 1) return ReadError{top.number, "framed board has no rows between its frames"};
    if (bottom.text.size() != top.text.size())
        return ReadError{bottom.number,
                         fmt::format("the bottom frame is {} cells wide but the top frame is {}",
                                     bottom.text.size() - 2, top.text.size() - 2)};

    const std::size_t width = top.text.size() - 2;
    std::vector<std::string> rows;
    std::vector<int> row_lines;
    int exit_row = -1;
    Side exit = Side::Right;
    for (std::size_t i = 1; i < end; ++i) {
        const Line& line = lines[i];
        const int row = static_cast<int>(i) - 1;
        std::string_view cells = line.text;
        const bool left_bar = cells.front() == '|';
        const bool right_bar = cells.size() >= 2 && cells.back() == '|';
        if (!left_bar && !right_bar)
            return ReadError{line.number, fmt::format("row {} has no '|' on either side", row + 1)};
        if (left_bar) cells.remove_prefix(1);
        if (right_bar) cells.remove_suffix(1);
        if (!left_bar || !right_bar) {
            if (exit_row >= 0)
                return ReadError{line.number, fmt::format("two exit gaps, rows {} and {}",
                                                          exit_row + 1, row + 1)};
            exit_row = row;
            exit = left_bar ? Side::Right : Side::Left;
            // A left gap may be drawn as a blank where the '|' would be.
            if (!left_bar && cells.size() == width + 1 && cells.front() == ' ')
                cells.remove_prefix(1);
        }
        // Only a right gap can be short: editors strip the blanks before it.
        if (cells.size() > width || (cells.size() < width && right_bar))
            return ReadError{line.number,
                             fmt::format("row {} has {} cells but the frame is {} wide", row + 1,
                                         cells.size(), width)};
        std::string padded(cells);
        padded.resize(width, ' ');
        rows.push_back(std::move(padded));
        row_lines.push_back(line.number);
    }
    if (exit_row < 0) return ReadError{top.number, "framed board has no exit gap"};

    const bool star = std::any_of(rows.begin(), rows.end(), [](const std::string& r) {
        return r.find('*') != std::string::npos;
    });
    return puzzle_or_error(top.number, "framed",
                           [&] { return board_from_grid(rows, exit, exit_row, star ? '*' : 'A'); }, row_lines);
}

}  // namespace slidedb::format
