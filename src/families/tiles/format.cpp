#include "families/tiles/format.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

namespace slidedb::tiles {

namespace {

struct Line {
    std::string_view text;
    int number = 0;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        std::size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// Splits "1 2/3 4" into tokens with '/' as a token of its own.
std::vector<std::string_view> tokens(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::string_view w : words(s)) {
        while (!w.empty()) {
            const std::size_t slash = w.find('/');
            if (slash == std::string_view::npos) {
                out.push_back(w);
                break;
            }
            if (slash > 0) out.push_back(w.substr(0, slash));
            out.push_back(w.substr(slash, 1));
            w.remove_prefix(slash + 1);
        }
    }
    return out;
}

bool is_blank_mark(std::string_view t) { return t == "." || t == "_"; }

bool is_cell_token(std::string_view t) {
    return is_blank_mark(t) || (!t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
                                    return std::isdigit(static_cast<unsigned char>(c));
                                }));
}

// The value of a cell token; throws TileError for anything else.
int cell_value(std::string_view t) {
    if (is_blank_mark(t)) return kBlank;
    int v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc{} || end != t.data() + t.size() || !is_cell_token(t))
        throw TileError(fmt::format("'{}' is not a tile number", t));
    return v;
}

// Rows of cell values from tokens split by '/'. Throws TileError.
std::vector<std::vector<int>> rows_of(const std::vector<std::string_view>& toks) {
    std::vector<std::vector<int>> rows(1);
    for (std::string_view t : toks) {
        if (t == "/") {
            rows.emplace_back();
            continue;
        }
        rows.back().push_back(cell_value(t));
    }
    return rows;
}

// A board from its rows: every row as long as the first.
TileBoard board_from_rows(const std::vector<std::vector<int>>& rows) {
    const std::size_t width = rows.front().size();
    for (std::size_t r = 1; r < rows.size(); ++r)
        if (rows[r].size() != width)
            throw TileError(fmt::format("ragged rows: row {} has {} tiles, row 1 has {}", r + 1, rows[r].size(),
                                        width));
    std::vector<int> cells;
    for (const auto& row : rows) cells.insert(cells.end(), row.begin(), row.end());
    return make_board(static_cast<int>(width), static_cast<int>(rows.size()), cells);
}

// Square side for a cell count, 0 if none.
int square_side(std::size_t n) {
    for (int s = kMinSide; s <= kMaxSide; ++s)
        if (static_cast<std::size_t>(s * s) == n) return s;
    return 0;
}

// What the directives above a puzzle said.
struct Directives {
    int width = 0, height = 0;  // from "# size:", 0 if none
    enum class Goal { BlankLast, BlankFirst, Given } goal = Goal::BlankLast;
    std::vector<std::vector<int>> goal_rows;  // Given: as written
    int goal_line = 0;
    // Line of the last "# size:" or "# goal:" that was invalid, until a valid
    // one replaces it; 0 when none. The puzzles it would shape are errors:
    // read under the default, they could be stored as another puzzle.
    int bad_size = 0, bad_goal = 0;
};

bool iequals_prefix(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
    return true;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Throws for a puzzle that a bad directive above it would shape.
void check_directives(const Directives& d) {
    if (d.bad_size) throw TileError(fmt::format("not read: the size directive on line {} is invalid", d.bad_size));
    if (d.bad_goal) throw TileError(fmt::format("not read: the goal directive on line {} is invalid", d.bad_goal));
}

// "NAME: value" with blanks anywhere around the colon: the value, if the
// words before the first colon are NAME (any case).
std::optional<std::string_view> directive_value(std::string_view body, std::string_view name) {
    const std::size_t colon = body.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const std::string_view key = trim(body.substr(0, colon));
    if (key.size() != name.size() || !iequals_prefix(key, name)) return std::nullopt;
    return trim(body.substr(colon + 1));
}

// Reads a comment; returns an error message for a malformed directive,
// which then marks the puzzles below it as not read.
std::optional<std::string> read_comment(std::string_view body, int line, Directives& d) {
    body = trim(body);
    if (const auto size = directive_value(body, "size")) {
        const std::string v = lower(*size);
        int w = 0, h = 0;
        char x = 0;
        if (std::sscanf(v.c_str(), "%dx%d%c", &w, &h, &x) != 2 || w < kMinSide || h < kMinSide || w > kMaxSide ||
            h > kMaxSide) {
            d.bad_size = line;
            return fmt::format("size '{}' is not WxH with sides from {} to {}", v, kMinSide, kMaxSide);
        }
        d.width = w;
        d.height = h;
        d.bad_size = 0;
        return std::nullopt;
    }
    const bool directive = directive_value(body, "goal").has_value();
    const std::string text = lower(body);
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || text.find("goal") == std::string::npos || text.find("goal") > colon)
        return std::nullopt;
    std::string_view value = trim(body.substr(colon + 1));
    const std::string v = lower(value);
    auto set = [&](Directives::Goal goal) {
        d.goal = goal;
        d.goal_line = line;
        d.bad_goal = 0;
        return std::nullopt;
    };
    if (directive && (v == "blank first" || v == "blank-first")) return set(Directives::Goal::BlankFirst);
    if (directive && (v == "blank last" || v == "blank-last" || v == "default"))
        return set(Directives::Goal::BlankLast);
    if (!value.empty() && value.back() == '.') value.remove_suffix(1);  // end of a sentence
    const auto toks = tokens(value);
    const bool cells = !toks.empty() && std::all_of(toks.begin(), toks.end(), [](std::string_view t) {
        return t == "/" || is_cell_token(t);
    });
    if (!cells) {
        if (!directive) return std::nullopt;  // a sentence about a goal, not a directive
        d.bad_goal = line;
        return fmt::format("goal '{}' is neither a board nor 'blank first' / 'blank last'", value);
    }
    try {
        auto rows = rows_of(toks);
        if (rows.size() > 1) board_from_rows(rows);  // checks the goal itself
        d.goal_rows = std::move(rows);
        set(Directives::Goal::Given);
    } catch (const TileError& e) {
        d.bad_goal = line;
        return fmt::format("goal: {}", e.what());
    }
    return std::nullopt;
}

// The goal for a board of this shape, from the directives.
TileBoard goal_for(const TileBoard& board, const Directives& d) {
    switch (d.goal) {
    case Directives::Goal::BlankLast: return blank_last_goal(board.width, board.height);
    case Directives::Goal::BlankFirst: return blank_first_goal(board.width, board.height);
    case Directives::Goal::Given: break;
    }
    if (d.goal_rows.size() == 1) {
        // A flat goal takes the board's shape if it has as many cells.
        if (static_cast<int>(d.goal_rows[0].size()) != board.size())
            throw TileError(fmt::format("the goal on line {} has {} cells, this {}x{} board has {}", d.goal_line,
                                        d.goal_rows[0].size(), board.width, board.height, board.size()));
        return make_board(board.width, board.height, d.goal_rows[0]);
    }
    const TileBoard goal = board_from_rows(d.goal_rows);
    if (goal.width != board.width || goal.height != board.height)
        throw TileError(fmt::format("the goal on line {} is {}x{}, this board is {}x{}", d.goal_line, goal.width,
                                    goal.height, board.width, board.height));
    return goal;
}

TileItem puzzle_of(TileBoard board, const Directives& d, int line, std::string format, std::string id,
                std::optional<int> claim) {
    TilePuzzle p;
    p.board = board;
    p.goal = goal_for(board, d);
    p.line = line;
    p.format = std::move(format);
    p.id = std::move(id);
    p.claimed_moves = claim;
    return p;
}

// One line that holds a whole puzzle: "ID MOVES cells", or the cells alone.
TileItem read_puzzle_line(const Line& line, const Directives& d) {
    check_directives(d);
    auto toks = tokens(line.text);
    const bool rows = std::find(toks.begin(), toks.end(), "/") != toks.end();
    std::size_t cells = std::count_if(toks.begin(), toks.end(), [](std::string_view t) { return t != "/"; });
    // Cell count of this line's board: from "# size:", else a square.
    auto fits = [&](std::size_t n) {
        if (d.width > 0) return n == static_cast<std::size_t>(d.width * d.height);
        return square_side(n) != 0;
    };
    // Rows joined by '/' give the shape themselves: a first row two tokens
    // longer than the others, all alike, starts with the name and the moves.
    bool named = false;
    if (rows) {
        std::vector<std::size_t> lengths(1);
        for (std::string_view t : toks) {
            if (t == "/") lengths.push_back(0);
            else ++lengths.back();
        }
        named = lengths.size() >= 2 && lengths[0] == lengths[1] + 2 &&
                std::all_of(lengths.begin() + 1, lengths.end(), [&](std::size_t n) { return n == lengths[1]; });
    } else {
        named = !fits(cells) && cells >= 2 && fits(cells - 2);
    }
    std::string id;
    std::optional<int> claim;
    if (named) {
        id = std::string(toks[0]);
        const int moves = cell_value(toks[1]);
        if (is_blank_mark(toks[1])) throw TileError(fmt::format("'{}' is not a number of moves", toks[1]));
        claim = moves;
        toks.erase(toks.begin(), toks.begin() + 2);
        cells -= 2;
    }
    TileBoard board;
    if (rows) {
        board = board_from_rows(rows_of(toks));
    } else {
        if (!fits(cells)) {
            if (d.width > 0)
                throw TileError(fmt::format("{} cells for a {}x{} board, which has {}", cells, d.width, d.height,
                                            d.width * d.height));
            throw TileError(fmt::format("{} cells make no square board; say its shape with '# size: WxH'", cells));
        }
        std::vector<int> values;
        for (std::string_view t : toks) values.push_back(cell_value(t));
        const int w = d.width > 0 ? d.width : square_side(cells);
        const int h = d.width > 0 ? d.height : w;
        board = make_board(w, h, values);
    }
    return puzzle_of(board, d, line.number, "lines", std::move(id), claim);
}

// A problem of a grid found on one of its lines.
class LineError : public TileError {
public:
    LineError(int line, const std::string& what) : TileError(what), line(line) {}
    int line;
};

template <class F>
TileItem guarded(int line, F f) {
    try {
        return f();
    } catch (const LineError& e) {
        return TileReadError{e.line, e.what()};
    } catch (const TileError& e) {
        return TileReadError{line, e.what()};
    }
}

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    int number = 0;
    while (!text.empty() || number == 0) {
        const std::size_t end = text.find('\n');
        std::string_view l = text.substr(0, end);
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        lines.push_back({trim(l), ++number});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

// The rows of the grid being read, checked as its lines come: a grid line
// is one row. Only a board's height of rows is kept; the problems the whole
// grid would show are noted in the order it would show them, each with the
// line it is on.
struct GridRows {
    int first = 0;                       // line of the first row; 0: no grid
    std::vector<std::vector<int>> rows;  // at most kMaxSide + 1
    std::vector<int> lines;              // the line of each row kept
    int count = 0;                       // rows in all
    std::optional<LineError> bad_tile;   // the first line with a token that is no tile
    std::optional<LineError> ragged;     // the first row longer or shorter than the first

    void add(const Line& l) {
        if (first == 0) first = l.number;
        ++count;
        std::vector<int> row;
        try {
            row = std::move(rows_of(tokens(l.text)).front());
        } catch (const TileError& e) {
            if (!bad_tile) bad_tile.emplace(l.number, e.what());
            return;
        }
        if (!rows.empty() && row.size() != rows.front().size() && !ragged)
            ragged.emplace(l.number, fmt::format("ragged rows: row {} has {} tiles, row 1 has {}", count,
                                                 row.size(), rows.front().size()));
        if (rows.size() <= static_cast<std::size_t>(kMaxSide)) {
            rows.push_back(std::move(row));
            lines.push_back(l.number);
        }
    }

    // The line of the tile make_board names first: one out of range, the
    // second blank, the second of the smallest repeated tile; the first
    // line when the problem is the board's size.
    int line_of_problem() const {
        const int width = static_cast<int>(rows.front().size()), height = static_cast<int>(rows.size());
        if (width < kMinSide || height < kMinSide || width > kMaxSide || height > kMaxSide) return first;
        const int n = width * height;
        std::vector<int> seen(static_cast<std::size_t>(std::max(n, 1)), 0);
        for (std::size_t r = 0; r < rows.size(); ++r)
            for (int t : rows[r])
                if (t < 0 || t >= n) return lines[r];
        int repeated = n;
        for (const auto& row : rows)
            for (int t : row)
                if (++seen[static_cast<std::size_t>(t)] == 2 && t > 0) repeated = std::min(repeated, t);
        if (seen[kBlank] > 1) repeated = kBlank;
        std::fill(seen.begin(), seen.end(), 0);
        for (std::size_t r = 0; r < rows.size(); ++r)
            for (int t : rows[r])
                if (++seen[static_cast<std::size_t>(t)] == 2 && t == repeated) return lines[r];
        return first;
    }

    TileBoard board() const {
        if (bad_tile) throw *bad_tile;
        if (ragged) throw *ragged;
        if (count > kMaxSide) return make_board(static_cast<int>(rows.front().size()), count, {});  // throws
        try {
            return board_from_rows(rows);
        } catch (const TileError& e) {
            throw LineError(line_of_problem(), e.what());
        }
    }
};

}  // namespace

struct TilesReader::State {
    Directives directives;
    GridRows grid;
    int number = 0;

    void flush_grid(std::vector<TileItem>& out) {
        if (grid.first == 0) return;
        out.push_back(guarded(grid.first, [&] {
            check_directives(directives);
            return puzzle_of(grid.board(), directives, grid.first, "grid", "", std::nullopt);
        }));
        grid = GridRows{};
    }
};

TilesReader::TilesReader() : state_(std::make_unique<State>()) {}
TilesReader::~TilesReader() = default;

void TilesReader::line(std::string_view text, std::size_t bytes, std::vector<TileItem>& out) {
    State& st = *state_;
    const Line l{trim(text), ++st.number};
    if (bytes > kMaxLineBytes) {
        st.flush_grid(out);
        out.push_back(TileReadError{l.number, fmt::format("line is {} bytes; lines over {} bytes are not read",
                                                          bytes, kMaxLineBytes)});
        return;
    }
    if (l.text.empty()) return st.flush_grid(out);
    if (l.text.front() == '#') {
        st.flush_grid(out);
        if (auto error = read_comment(l.text.substr(1), l.number, st.directives))
            out.push_back(TileReadError{l.number, *error});
        return;
    }
    const auto toks = tokens(l.text);
    const bool whole = std::find(toks.begin(), toks.end(), "/") != toks.end() || static_cast<int>(toks.size()) > kMaxSide;
    if (!whole) return st.grid.add(l);
    st.flush_grid(out);
    out.push_back(guarded(l.number, [&] {
        try {
            return read_puzzle_line(l, st.directives);
        } catch (const TileError&) {
            // 6 to 10 tiles and no '/', no whole board (9 is 3x3): most
            // likely a row of a grid wider than the widest board read, which
            // told as a named 2x2 ("tile 4 does not fit a 2x2 board") or as
            // "8 cells make no square board" misleads.
            const auto n = static_cast<int>(toks.size());
            if (n > kMaxSide && n <= 2 * kMaxSide && square_side(static_cast<std::size_t>(n)) == 0 &&
                st.directives.width == 0 && std::all_of(toks.begin(), toks.end(), is_cell_token))
                throw TileError(fmt::format("{} tiles on a line: a row of a {}x{} board? Boards are read up to {}x{} "
                                            "(a whole board on one line has 4, 9, 16 or 25 tiles, after an optional "
                                            "name and move count)",
                                            n, n, n, kMaxSide, kMaxSide));
            throw;
        }
    }));
}

void TilesReader::finish(std::vector<TileItem>& out) { state_->flush_grid(out); }

std::vector<TileItem> read_tiles_text(std::string_view text) {
    std::vector<TileItem> items;
    TilesReader reader;
    for (const Line& l : split_lines(text)) reader.line(l.text, l.text.size(), items);
    reader.finish(items);
    return items;
}

// Tiles when most lines are: one mistyped tile is then reported as such,
// not the whole file as boards of another family.
bool looks_like_tiles(std::string_view text) {
    std::size_t lines = 0, tiles = 0;
    for (const Line& l : split_lines(text)) {
        if (l.text.empty() || l.text.front() == '#') continue;
        ++lines;
        const auto toks = tokens(l.text);
        // A whole puzzle on a line may start with its name ("ID MOVES cells").
        const std::size_t first = static_cast<int>(toks.size()) > kMaxSide ? 1 : 0;
        if (std::all_of(toks.begin() + static_cast<std::ptrdiff_t>(first), toks.end(),
                        [](std::string_view t) { return t == "/" || is_cell_token(t); }))
            ++tiles;
    }
    return tiles > 0 && 2 * tiles > lines;
}

TileBoard parse_board(std::string_view text) {
    std::vector<std::vector<int>> rows;
    for (const Line& l : split_lines(text)) {
        if (l.text.empty() || l.text.front() == '#') continue;
        for (auto& row : rows_of(tokens(l.text))) rows.push_back(std::move(row));
    }
    if (rows.empty()) throw TileError("no board");
    if (rows.size() == 1) {
        const int side = square_side(rows[0].size());
        if (side == 0) throw TileError(fmt::format("{} cells make no square board", rows[0].size()));
        return make_board(side, side, rows[0]);
    }
    return board_from_rows(rows);
}

}  // namespace slidedb::tiles
