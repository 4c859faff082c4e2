// Splits a board file into lines, applies the header directives, groups the
// remaining lines into chunks and hands each puzzle to its format's reader.
//
// The format is read from the content, line by line: a line starting with
// '+' opens a framed board, "MOVES BOARD CLUSTER" or a lone BOARD of 16 or
// more characters is one database puzzle, "row col length h|v" starts a block
// list, and a short line of cells starts a letter grid. A grid or block list
// runs to the end of its chunk (blank and comment lines end chunks) or to the
// next line that stands alone. The "# size:" directive shapes database lines
// and block lists; grids and framed boards carry their own shape, and a
// framed board its own exit.
#include "families/unblock/board_file.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "families/unblock/format_common.h"
#include "puzzle/text_checks.h"

namespace slidedb {

namespace format {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t start = s.find_first_not_of(" \t");
    while (start != std::string_view::npos) {
        const std::size_t end = std::min(s.find_first_of(" \t", start), s.size());
        out.push_back(s.substr(start, end - start));
        start = s.find_first_not_of(" \t", end);
    }
    return out;
}

bool is_axis(std::string_view s) { return s == "h" || s == "v" || s == "H" || s == "V"; }

}  // namespace format

namespace {

using format::Directives;
using format::Line;

bool is_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// Built in place: a ReadError first made into a temporary BoardItem trips a
// false -Wmaybe-uninitialized in GCC 12 at -O2.
void add_error(std::vector<BoardItem>& out, int line, std::string message) {
    out.emplace_back(std::in_place_type<ReadError>, line, std::move(message));
}

std::string_view trim_end(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// "# exit: left" or "# size: 6x6", keyword any case, blanks anywhere.
// Updates `directives`; returns an error message for a directive with a bad
// value, and nothing for a plain comment.
std::optional<std::string> apply_directive(std::string_view comment, Directives& directives) {
    std::string squeezed;
    for (char c : comment)
        if (c != ' ' && c != '\t')
            squeezed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view s = squeezed;
    if (s.starts_with("exit:")) {
        const std::string_view value = s.substr(5);
        if (value != "left" && value != "right")
            return fmt::format("the exit directive takes left or right, not '{}'", value);
        directives.exit = value == "left" ? Side::Left : Side::Right;
    } else if (s.starts_with("size:")) {
        const std::string_view value = s.substr(5);
        const std::size_t x = value.find('x');
        int width = 0, height = 0;
        if (x == std::string_view::npos || !format::parse_number(value.substr(0, x), width) ||
            !format::parse_number(value.substr(x + 1), height))
            return fmt::format("the size directive takes WxH such as 6x6, not '{}'", value);
        if (width < kMinSide || width > kMaxSide || height < kMinSide || height > kMaxSide)
            return fmt::format(
                "size {}x{} is out of range; sizes from {}x{} to {}x{} are supported", width,
                height, kMinSide, kMinSide, kMaxSide, kMaxSide);
        directives.size_given = true;
        directives.width = width;
        directives.height = height;
    }
    return std::nullopt;
}

enum class Kind { Grid, Framed, Database, Blocks, TooLong, Unknown };

Kind kind_of(std::string_view text) {
    if (text.size() > kMaxLineBytes) return Kind::TooLong;
    if (text.front() == '+') return Kind::Framed;
    const std::vector<std::string_view> w = format::words(text);
    if (w.size() == 4 && is_digits(w[0]) && is_digits(w[1]) && is_digits(w[2]) &&
        format::is_axis(w[3]))
        return Kind::Blocks;
    if (w.size() == 3 && is_digits(w[0]) && !is_digits(w[1]) && is_digits(w[2]))
        return Kind::Database;
    // The smallest database BOARD (4x4) is longer than the widest grid row.
    if (w.size() == 1)
        return w[0].size() >= static_cast<std::size_t>(kMinSide * kMinSide) ? Kind::Database
                                                                            : Kind::Grid;
    const bool cells =
        std::all_of(w.begin(), w.end(), [](std::string_view s) { return s.size() == 1; });
    return cells ? Kind::Grid : Kind::Unknown;
}

// A puzzle with a line too long to read is not read at all: dropping the
// line could leave a smaller board that still looks valid.
bool report_long_lines(std::span<const Line> lines, std::vector<BoardItem>& out) {
    bool any = false;
    for (const Line& line : lines) {
        if (line.text.size() <= kMaxLineBytes) continue;
        add_error(out, line.number,
                  fmt::format("line is {} bytes long; lines over {} bytes are not read",
                              line.text.size(), kMaxLineBytes));
        any = true;
    }
    return any;
}

// A grid, a block list, or lines of no known format.
BoardItem read_run(Kind kind, std::span<const Line> lines, const Directives& directives) {
    if (kind == Kind::Grid) return format::read_grid(lines, directives);
    if (kind == Kind::Blocks) return format::read_block_list(lines, directives);
    return ReadError{lines.front().number,
                     "unknown format: expected a letter grid (rows like ..BB.C), a framed grid "
                     "(+------+ above and below), database lines (MOVES BOARD CLUSTER) or a "
                     "block list (row col length h|v)"};
}

void read_chunk(std::span<const Line> chunk, const Directives& directives,
                std::vector<BoardItem>& out) {
    while (!chunk.empty()) {
        const Kind kind = kind_of(chunk.front().text);
        std::size_t used = 1;
        if (kind == Kind::Database) {
            out.push_back(format::read_database_line(chunk.front(), directives));
        } else if (kind == Kind::Framed) {
            BoardItem item = format::read_framed(chunk, used);
            if (!report_long_lines(chunk.first(used), out)) out.push_back(std::move(item));
        } else {
            // Grids, block lists and unreadable or unread lines run until a
            // line that stands alone; a database line cannot belong to them.
            while (used < chunk.size()) {
                const Kind next = kind_of(chunk[used].text);
                if (next == Kind::Database || next == Kind::Framed) break;
                ++used;
            }
            const std::span<const Line> lines = chunk.first(used);
            if (!report_long_lines(lines, out)) out.push_back(read_run(kind, lines, directives));
        }
        chunk = chunk.subspan(used);
    }
}

}  // namespace

bool looks_like_unblock(std::string_view text) {
    if (refuse_text(text)) return false;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim_end(text.substr(pos, newline - pos));
        pos = newline + 1;
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == '#') continue;
        const Kind kind = kind_of(line);
        return kind == Kind::Framed || kind == Kind::Database || kind == Kind::Blocks;
    }
    return false;
}

std::vector<BoardItem> read_boards(std::string_view text) {
    std::vector<BoardItem> out;
    if (auto refused = refuse_text(text)) {
        out.emplace_back(std::in_place_type<ReadError>, refused->line, std::move(refused->message));
        return out;
    }

    Directives directives;
    std::vector<Line> chunk;
    bool any_chunk = false;
    auto flush = [&] {
        read_chunk(chunk, directives, out);
        chunk.clear();
    };
    int number = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t newline = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim_end(text.substr(pos, newline - pos));
        pos = newline + 1;
        ++number;

        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos) {
            flush();
        } else if (line[first] == '#' && line.size() <= kMaxLineBytes) {
            // Directives apply to the puzzles after them only; an overlong
            // comment goes on to be reported like any overlong line.
            flush();
            if (auto error = apply_directive(line.substr(first + 1), directives))
                add_error(out, number, std::move(*error));
        } else {
            chunk.push_back({line, number});
            any_chunk = true;
        }
    }
    flush();
    if (!any_chunk) add_error(out, 0, "no puzzle in file");
    return out;
}

}  // namespace slidedb
