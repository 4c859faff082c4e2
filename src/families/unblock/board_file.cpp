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

// "# exit: left" or "# size: 6x6", keyword any case, blanks anywhere, on
// line `number`. Updates `directives`; returns an error message for a
// directive with a bad value, and nothing for a plain comment.
std::optional<std::string> apply_directive(std::string_view comment, int number, Directives& directives) {
    std::string squeezed;
    for (char c : comment)
        if (c != ' ' && c != '\t')
            squeezed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view s = squeezed;
    if (s.starts_with("exit:")) {
        const std::string_view value = s.substr(5);
        if (value != "left" && value != "right") {
            directives.bad_exit = number;
            return fmt::format("the exit directive takes left or right, not '{}'", value);
        }
        directives.exit = value == "left" ? Side::Left : Side::Right;
        directives.bad_exit = 0;
    } else if (s.starts_with("size:")) {
        const std::string_view value = s.substr(5);
        const std::size_t x = value.find('x');
        int width = 0, height = 0;
        directives.bad_size = number;
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
        directives.bad_size = 0;
    }
    return std::nullopt;
}

enum class Kind { Grid, Framed, Database, Blocks, TooLong, Unknown };

Kind kind_of(std::string_view text) {
    if (text.size() > kMaxLineBytes) return Kind::TooLong;
    if (text.front() == '+') return Kind::Framed;
    // A short row with a tab in it and no space is a grid row with a bad
    // cell: the grid reader names the tab.
    if (text.size() <= static_cast<std::size_t>(2 * kMaxSide) && text.find('\t') != std::string_view::npos &&
        text.find(' ') == std::string_view::npos)
        return Kind::Grid;
    const std::vector<std::string_view> w = format::words(text);
    if (w.size() == 4 && is_digits(w[0]) && is_digits(w[1]) && is_digits(w[2]) &&
        format::is_axis(w[3]))
        return Kind::Blocks;
    // MOVES BOARD CLUSTER; a middle word of one character is a grid's cell
    // (a row of numbered tiles with its blank, "1 . 2", is no puzzle of ours).
    if (w.size() == 3 && is_digits(w[0]) && !is_digits(w[1]) && w[1].size() > 1 && is_digits(w[2]))
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
        if (format::length(line) <= kMaxLineBytes) continue;
        add_error(out, line.number,
                  fmt::format("line is {} bytes long; lines over {} bytes are not read",
                              format::length(line), kMaxLineBytes));
        any = true;
    }
    return any;
}

// The error for a puzzle that a bad directive above it would shape, if any.
std::optional<ReadError> shaped_by_bad_directive(Kind kind, int line, const Directives& directives) {
    const bool needs_size = kind == Kind::Database || kind == Kind::Blocks;
    const bool needs_exit = needs_size || kind == Kind::Grid;
    if (needs_size && directives.bad_size)
        return ReadError{line, fmt::format("not read: the size directive on line {} is invalid",
                                           directives.bad_size)};
    if (needs_exit && directives.bad_exit)
        return ReadError{line, fmt::format("not read: the exit directive on line {} is invalid",
                                           directives.bad_exit)};
    return std::nullopt;
}

// A grid, a block list, or lines of no known format.
BoardItem read_run(Kind kind, std::span<const Line> lines, const Directives& directives) {
    if (auto error = shaped_by_bad_directive(kind, lines.front().number, directives)) return *error;
    if (kind == Kind::Grid) {
        // A grid that fails names all its lines, not only the first: they
        // may not be a grid at all but a run of bad lines.
        BoardItem item = format::read_grid(lines, directives);
        if (auto* e = std::get_if<ReadError>(&item); e && lines.size() > 1)
            e->message += fmt::format(" (lines {}-{})", lines.front().number, lines.back().number);
        return item;
    }
    if (kind == Kind::Blocks) return format::read_block_list(lines, directives);
    // Every line of the run is named: the first, and the last of a range.
    const std::string lines_named = lines.size() == 1 ? fmt::format("line {}", lines.front().number)
                                                      : fmt::format("lines {}-{}", lines.front().number,
                                                                    lines.back().number);
    return ReadError{lines.front().number,
                     fmt::format("unknown format ({}): expected a letter grid (rows like ..BB.C), a framed "
                                 "grid (+------+ above and below), database lines (MOVES BOARD CLUSTER) or a "
                                 "block list (row col length h|v)",
                                 lines_named)};
}

// Reads the puzzles of a chunk (lines between blank or comment lines) and
// returns how many lines it used. With `more` set, the chunk may go on in
// bytes not read yet: a puzzle that reaches its end is left unread.
std::size_t read_chunk(std::span<const Line> chunk, const Directives& directives, bool more,
                       std::vector<BoardItem>& out) {
    std::size_t done = 0;
    while (done < chunk.size()) {
        const std::span<const Line> rest = chunk.subspan(done);
        const Kind kind = kind_of(rest.front().text);
        std::size_t used = 1;
        if (kind == Kind::Database) {
            if (auto error = shaped_by_bad_directive(kind, rest.front().number, directives))
                out.push_back(std::move(*error));
            else
                out.push_back(format::read_database_line(rest.front(), directives));
        } else if (kind == Kind::Framed) {
            const bool closed = std::any_of(rest.begin() + 1, rest.end(),
                                            [](const Line& l) { return l.text.front() == '+'; });
            if (more && !closed) break;
            BoardItem item = format::read_framed(rest, used);
            if (!report_long_lines(rest.first(used), out)) out.push_back(std::move(item));
        } else {
            // Grids, block lists and unreadable or unread lines run until a
            // line that stands alone; a database line cannot belong to them.
            while (used < rest.size()) {
                const Kind next = kind_of(rest[used].text);
                if (next == Kind::Database || next == Kind::Framed) break;
                ++used;
            }
            if (more && used == rest.size()) break;
            const std::span<const Line> lines = rest.first(used);
            if (!report_long_lines(lines, out)) out.push_back(read_run(kind, lines, directives));
        }
        done += used;
    }
    return done;
}

// A run longer than this cannot be one puzzle (8 rows, or a block list of at
// most 32 blocks): it is read as it stands rather than kept waiting for its end.
constexpr std::size_t kMaxWaitingLines = 1024;

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

// The reader's memory between pieces: the lines of the chunk being read
// (owned, since the piece they came in is gone) and the start of a line cut
// by the end of a piece.
struct BoardReader::State {
    Directives directives;
    int number = 0;          // lines seen
    bool stopped = false;
    bool any_chunk = false;
    std::string partial;     // the cut line, at most kMaxLineBytes + 1 bytes of it
    std::size_t partial_bytes = 0;  // its real length so far
    std::vector<format::Line> chunk;
    std::vector<std::string> kept;  // storage of chunk lines from earlier pieces
    std::string joined;             // storage of the line completed by this piece

    // One line, `bytes` long though `text` may hold only its start.
    void line(std::string_view text, std::size_t bytes, std::vector<BoardItem>& out) {
        const bool cut = bytes > text.size();
        text = trim_end(text);
        if (!cut) bytes = text.size();
        ++number;
        const std::size_t first = text.find_first_not_of(" \t");
        if (first == std::string_view::npos) {
            flush(false, out);
        } else if (text[first] == '#' && bytes <= kMaxLineBytes) {
            // Directives apply to the puzzles after them only; an overlong
            // comment goes on to be reported like any overlong line.
            flush(false, out);
            if (auto error = apply_directive(text.substr(first + 1), number, directives))
                add_error(out, number, std::move(*error));
        } else {
            chunk.push_back({text, number, bytes});
            any_chunk = true;
            if (chunk.size() > kMaxWaitingLines) flush(true, out);
            if (chunk.size() > kMaxWaitingLines) flush(false, out);
        }
    }

    // Reads the chunk; with `more`, only the puzzles no later line can change.
    void flush(bool more, std::vector<BoardItem>& out) {
        const std::size_t used = read_chunk(chunk, directives, more, out);
        chunk.erase(chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(used));
    }

    // Copies the lines still waiting into storage of their own: the piece
    // they point into is about to go.
    void keep_waiting_lines() {
        std::vector<std::string> copies;
        copies.reserve(chunk.size());
        for (const format::Line& l : chunk) copies.emplace_back(l.text);
        kept = std::move(copies);
        for (std::size_t i = 0; i < chunk.size(); ++i) chunk[i].text = kept[i];
    }

    void read(std::string_view bytes, std::vector<BoardItem>& out) {
        if (bytes.empty()) return;
        std::size_t pos = 0;
        if (partial_bytes > 0) {
            // The line cut by the last piece ends in this one, or goes on.
            const std::size_t newline = bytes.find('\n');
            if (newline == std::string_view::npos) return append_partial(bytes);
            append_partial(bytes.substr(0, newline));
            joined = std::move(partial);
            const std::size_t bytes_long = partial_bytes;
            partial.clear();
            partial_bytes = 0;
            line(joined, bytes_long, out);
            pos = newline + 1;
        }
        while (pos < bytes.size()) {
            const std::size_t newline = bytes.find('\n', pos);
            if (newline == std::string_view::npos) {
                append_partial(bytes.substr(pos));
                break;
            }
            const std::string_view text = bytes.substr(pos, newline - pos);
            line(text, text.size(), out);
            pos = newline + 1;
        }
        flush(true, out);
        keep_waiting_lines();
    }

    void append_partial(std::string_view bytes) {
        partial_bytes += bytes.size();
        const std::size_t room = kMaxLineBytes + 1 - std::min(partial.size(), kMaxLineBytes + 1);
        partial.append(bytes.substr(0, room));
    }
};

BoardReader::BoardReader() : state_(std::make_unique<State>()) {}
BoardReader::~BoardReader() = default;

void BoardReader::feed(std::string_view bytes, std::vector<BoardItem>& out) {
    if (!state_->stopped) state_->read(bytes, out);
}

void BoardReader::finish(std::vector<BoardItem>& out) {
    State& st = *state_;
    if (st.stopped) return;
    if (st.partial_bytes > 0) {
        st.joined = std::move(st.partial);
        st.line(st.joined, st.partial_bytes, out);
        st.partial.clear();
        st.partial_bytes = 0;
    }
    st.flush(false, out);
    st.stopped = true;
    if (!st.any_chunk) add_error(out, 0, "no puzzle in file");
}

std::vector<BoardItem> read_boards(std::string_view text) {
    std::vector<BoardItem> out;
    if (auto refused = refuse_text(text)) {
        out.emplace_back(std::in_place_type<ReadError>, refused->line, std::move(refused->message));
        return out;
    }
    BoardReader reader;
    reader.feed(text, out);
    reader.finish(out);
    return out;
}

}  // namespace slidedb
