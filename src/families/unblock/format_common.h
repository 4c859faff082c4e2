// Internal to the board file readers: the pieces the four formats share.
#pragma once

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
};

// What the "# exit:" and "# size:" directives above a puzzle said.
struct Directives {
    Side exit = Side::Right;
    bool size_given = false;
    int width = 6, height = 6;
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
// at `line`, since the board's own message names only rows and columns.
template <class Build>
BoardItem puzzle_or_error(int line, std::string_view format, Build build) {
    try {
        return BoardRead{build(), line, std::string(format), {}, {}};
    } catch (const BoardError& e) {
        return ReadError{line, e.what()};
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
