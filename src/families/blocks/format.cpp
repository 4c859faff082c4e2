#include "families/blocks/format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "families/blocks/canonical.h"

namespace slidedb::blocks {

namespace {

struct Line {
    std::string_view text;  // without its line ending
    int number = 0;
};

std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> out;
    int number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        out.push_back({line, ++number});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return out;
}

// A marker line (`start`, `goal`), blanks around it allowed: a board
// printed indented (`show`, `solve`) reads back.
bool is_marker(std::string_view line, std::string_view word) {
    const std::size_t begin = line.find_first_not_of(' ');
    const std::size_t end = line.find_last_not_of(" \t");
    return end != std::string_view::npos && line.substr(begin, end + 1 - begin) == word;
}

// The spaces before a marker line: the indentation of the whole board.
std::size_t indent_of(std::string_view marker) { return marker.find_first_not_of(' '); }

bool is_comment_or_blank(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first == std::string_view::npos || line[first] == '#';
}

// Index of the line `start`, when only comments and blanks come before it.
std::optional<std::size_t> start_line(const std::vector<Line>& lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (is_marker(lines[i].text, "start")) return i;
        if (!is_comment_or_blank(lines[i].text)) return std::nullopt;
    }
    return std::nullopt;
}

bool is_piece(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

std::string shown(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x21 && u < 0x7f ? fmt::format("'{}'", c) : fmt::format("byte 0x{:02X}", u);
}

// One grid (start or goal), checked cell by cell. Trailing blank lines are
// dropped: rows past the end are wall anyway.
struct Grid {
    std::vector<Line> rows;
    int width = 0;
};

std::optional<ReadError> check_rows(Grid& g, std::string_view name) {
    while (!g.rows.empty() && g.rows.back().text.empty()) g.rows.pop_back();
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const Line& row = g.rows[r];
        if (static_cast<int>(r) >= kMaxSide)
            return ReadError{row.number, fmt::format("the {} board has more than {} rows", name, kMaxSide)};
        if (row.text.size() > static_cast<std::size_t>(kMaxSide))
            return ReadError{row.number, fmt::format("the {} board is {} cells wide; at most {}", name,
                                                     row.text.size(), kMaxSide)};
        for (std::size_t c = 0; c < row.text.size(); ++c) {
            const char ch = row.text[c];
            if (ch != '#' && ch != '.' && ch != ' ' && !is_piece(ch))
                return ReadError{row.number, fmt::format("unknown character {} at column {}", shown(ch), c + 1)};
        }
        g.width = std::max(g.width, static_cast<int>(row.text.size()));
    }
    return std::nullopt;
}

char cell_of(const Grid& g, int r, int c) {
    if (r >= static_cast<int>(g.rows.size())) return '#';
    const std::string_view t = g.rows[static_cast<std::size_t>(r)].text;
    return c < static_cast<int>(t.size()) ? t[static_cast<std::size_t>(c)] : '#';
}

// The cells of each letter, in reading order, and the line of its first cell.
struct Letters {
    std::array<std::vector<Cell>, 128> cells;
    std::array<int, 128> line{};
    std::vector<char> order;  // letters by first cell
};

Letters letters_of(const Grid& g) {
    Letters l;
    for (std::size_t r = 0; r < g.rows.size(); ++r)
        for (std::size_t c = 0; c < g.rows[r].text.size(); ++c) {
            const char ch = g.rows[r].text[c];
            if (!is_piece(ch)) continue;
            auto& cells = l.cells[static_cast<unsigned char>(ch)];
            if (cells.empty()) {
                l.order.push_back(ch);
                l.line[static_cast<unsigned char>(ch)] = g.rows[r].number;
            }
            cells.push_back({static_cast<std::int8_t>(r), static_cast<std::int8_t>(c)});
        }
    return l;
}

std::variant<ReadBoard, ReadError> read(const std::vector<Line>& lines, std::size_t start, Form form) {
    const int start_number = lines[start].number;
    std::size_t goal = start + 1;
    while (goal < lines.size() && !is_marker(lines[goal].text, "goal")) ++goal;
    if (goal == lines.size()) return ReadError{start_number, "no line 'goal' after 'start'"};
    for (std::size_t i = goal + 1; i < lines.size(); ++i)
        if (is_marker(lines[i].text, "start") || is_marker(lines[i].text, "goal"))
            return ReadError{lines[i].number, "a second 'start' or 'goal': a file holds one puzzle"};

    Grid from{{lines.begin() + static_cast<std::ptrdiff_t>(start) + 1, lines.begin() + static_cast<std::ptrdiff_t>(goal)}, 0};
    Grid to{{lines.begin() + static_cast<std::ptrdiff_t>(goal) + 1, lines.end()}, 0};
    if (auto e = check_rows(from, "start")) return *e;
    if (auto e = check_rows(to, "goal")) return *e;

    Board b;
    b.width = from.width;
    b.height = static_cast<int>(from.rows.size());
    b.floor.assign(static_cast<std::size_t>(b.width * b.height), 0);
    int floor = 0;
    for (int r = 0; r < b.height; ++r)
        for (int c = 0; c < b.width; ++c) {
            const bool f = cell_of(from, r, c) != '#';
            b.floor[static_cast<std::size_t>(r * b.width + c)] = f;
            floor += f;
        }
    if (floor == 0) return ReadError{start_number, "the board has no floor"};

    // The goal draws the same outline: floor (or a piece) where the start
    // has floor (or a piece), wall where it has wall.
    const int rows = std::max(b.height, static_cast<int>(to.rows.size()));
    const int cols = std::max(b.width, to.width);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if ((cell_of(from, r, c) == '#') != (cell_of(to, r, c) == '#')) {
                const int line = r < static_cast<int>(to.rows.size()) ? to.rows[static_cast<std::size_t>(r)].number
                                                                      : lines[goal].number;
                return ReadError{line, fmt::format("the goal's outline differs from the start's at row {} column {}",
                                                   r + 1, c + 1)};
            }

    const Letters pieces = letters_of(from);
    const Letters targets = letters_of(to);
    if (pieces.order.empty()) return ReadError{start_number, "the start board has no piece"};
    if (targets.order.empty()) return ReadError{lines[goal].number, "the goal names no piece"};
    for (char ch : pieces.order)
        b.pieces.push_back({ch, pieces.cells[static_cast<unsigned char>(ch)]});
    for (char ch : targets.order) {
        const auto u = static_cast<unsigned char>(ch);
        const auto& at_start = pieces.cells[u];
        if (at_start.empty())
            return ReadError{targets.line[u], fmt::format("goal piece {} is not on the start board", ch)};
        if (shape_of(at_start) != shape_of(targets.cells[u]))
            return ReadError{targets.line[u], fmt::format("goal piece {} has another shape than at the start", ch)};
        int index = 0;
        while (b.pieces[static_cast<std::size_t>(index)].label != ch) ++index;
        b.goal.push_back({index, targets.cells[u]});
    }
    std::sort(b.goal.begin(), b.goal.end(), [](const Target& x, const Target& y) { return x.piece < y.piece; });
    if (form == Form::AsDrawn) return ReadBoard{without_dead_floor(b), start_number};
    return ReadBoard{canonical_board(b), start_number};
}

}  // namespace

// The lines a puzzle is read from, from `start` on. Trailing empty rows of
// a grid are dropped (they would be anyway), at most one row past the
// largest grid is kept, and nothing after a second marker, which is an
// error already: memory stays a puzzle's size whatever the file's.
struct StartGoalReader::State {
    std::vector<std::string> texts;  // `lines` point into these
    std::vector<int> numbers;
    std::vector<int> blanks;  // empty lines waiting: rows if a row follows
    int number = 0;
    int markers = 0;          // `start`, `goal` and any after them
    int rows = 0;             // rows of the grid being read
    std::size_t indent = 0;   // spaces before `start`, taken off every line after it
    bool not_start_goal = false;
    std::optional<ReadError> refused;  // an overlong line

    void keep(std::string_view text, int n) {
        texts.emplace_back(text);
        numbers.push_back(n);
    }
};

StartGoalReader::StartGoalReader() : state_(std::make_unique<State>()) {}
StartGoalReader::~StartGoalReader() = default;

void StartGoalReader::line(std::string_view text, std::size_t bytes) {
    State& st = *state_;
    const int n = ++st.number;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (st.refused || st.not_start_goal || st.markers > 2) return;
    if (bytes > kMaxLineBytes) {
        st.refused = ReadError{n, fmt::format("line is {} bytes; lines over {} bytes are not read", bytes, kMaxLineBytes)};
        return;
    }
    if (st.markers == 0) {
        if (is_marker(text, "start")) {
            st.indent = indent_of(text);
            st.keep(text.substr(st.indent), n);
            st.markers = 1;
        } else if (!is_comment_or_blank(text)) {
            st.not_start_goal = true;
        }
        return;
    }
    // Rows drawn at the marker's indentation: only that many leading spaces
    // go (a board's own outline may begin with spaces).
    std::size_t lead = 0;
    while (lead < st.indent && lead < text.size() && text[lead] == ' ') ++lead;
    text.remove_prefix(lead);
    if (is_marker(text, "start") || is_marker(text, "goal")) {
        st.blanks.clear();
        st.keep(text, n);
        ++st.markers;
        st.rows = 0;
        return;
    }
    if (text.empty()) {
        st.blanks.push_back(n);
        return;
    }
    for (int blank : st.blanks)
        if (st.rows++ <= kMaxSide) st.keep("", blank);
    st.blanks.clear();
    if (st.rows++ <= kMaxSide) st.keep(text, n);
}

std::variant<ReadBoard, ReadError> StartGoalReader::finish(Form form) const {
    const State& st = *state_;
    if (st.refused) return *st.refused;
    if (st.not_start_goal || st.markers == 0)
        return ReadError{0, "not a start/goal board: no line 'start' after the comments"};
    std::vector<Line> lines;
    for (std::size_t i = 0; i < st.texts.size(); ++i) lines.push_back({st.texts[i], st.numbers[i]});
    return read(lines, 0, form);
}

bool is_start_goal_text(std::string_view text) { return start_line(lines_of(text)).has_value(); }

std::variant<ReadBoard, ReadError> read_start_goal(std::string_view text, Form form) {
    StartGoalReader reader;
    for (const Line& l : lines_of(text)) reader.line(l.text, l.text.size());
    return reader.finish(form);
}

}  // namespace slidedb::blocks
