// Internal to the board file readers: the pieces the four formats share.
#pragma once

#include <algorithm>
#include <charconv>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "families/unblock/board_file.h"

namespace slidedb::format {

// One line of a board file: line ending and trailing blanks removed.
struct Line {
    std::string_view text;
    int number = 0;  // 1-based
    std::size_t bytes = 0;  // the line's length when `text` is cut short (overlong lines)
};

// What a line really measured, even when only its start was kept.
inline std::size_t length(const Line& line) { return std::max(line.bytes, line.text.size()); }

// What the "# exit:" and "# size:" directives above a puzzle said.
struct Directives {
    Side exit = Side::Right;
    bool size_given = false;
    int width = 6, height = 6;
    // Line of the last "# exit:" or "# size:" that was invalid, until a valid
    // one replaces it; 0 when none. The puzzles it would shape are errors:
    // read under the default, they could be stored as the wrong board.
    int bad_exit = 0, bad_size = 0;
};

// Blank-separated words of a line.
std::vector<std::string_view> words(std::string_view s);

// Whole-word unsigned decimal number; false for anything else or overflow.
template <class Int>
bool parse_number(std::string_view s, Int& out) {
    if (s.empty() || s.front() == '-') return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

bool is_axis(std::string_view s);  // "h" or "v", either case

// Runs `build` (a board_from_grid call); its BoardError becomes a ReadError
// on the line of the grid row it names (`row_lines[row]`), else at `line`,
// the puzzle's first.
template <class Build>
BoardItem puzzle_or_error(int line, std::string_view format, Build build, std::span<const int> row_lines = {}) {
    try {
        return BoardRead{build(), line, std::string(format), {}, {}};
    } catch (const BoardError& e) {
        const bool named = e.row >= 0 && static_cast<std::size_t>(e.row) < row_lines.size();
        return ReadError{named ? row_lines[static_cast<std::size_t>(e.row)] : line, e.what()};
    }
}

// The readers, one a format. Each gets the lines of one puzzle.
BoardItem read_grid(std::span<const Line> rows, const Directives& directives);
BoardItem read_database_line(const Line& line, const Directives& directives);
BoardItem read_block_list(std::span<const Line> lines, const Directives& directives);
// Framed puzzles delimit themselves: reads the one at the front of `lines`
// and sets `used` to the number of lines it took.
BoardItem read_framed(std::span<const Line> lines, std::size_t& used);

}  // namespace slidedb::format
