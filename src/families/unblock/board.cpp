#include "families/unblock/board.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "puzzle/text.h"

namespace slidedb {

namespace {

constexpr std::string_view kLabels =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnpqrstuvwyz";

bool is_empty_cell(char c) { return c == '.' || c == 'o' || c == ' '; }

std::string where(int row, int col) { return fmt::format("row {} col {}", row + 1, col + 1); }

// Printable form of a label for messages.
std::string shown(char c) {
    if (std::isprint(static_cast<unsigned char>(c))) return fmt::format("'{}'", c);
    return fmt::format("byte 0x{:02x}", static_cast<unsigned char>(c));
}

// The first character of `row` that cannot be a cell, as "row R col C:
// what is not a cell", columns counted in characters; empty when there is
// none. Checked before the rows' lengths, so that a tab, an accented letter
// (two bytes) or a stray '#' is named rather than reported as ragged rows.
std::string not_a_cell(std::string_view row, int r, char prisoner) {
    int col = 0;
    for (std::size_t i = 0; i < row.size(); ++col) {
        const auto c = static_cast<unsigned char>(row[i]);
        std::size_t bytes = 1;
        std::string what;
        if (c == '\t') {
            what = "tab";
        } else if (c >= 0x80) {
            // A UTF-8 sequence is shown whole; a stray byte by its value.
            bytes = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
            bool whole = bytes > 1 && i + bytes <= row.size();
            for (std::size_t k = 1; whole && k < bytes; ++k)
                whole = (static_cast<unsigned char>(row[i + k]) & 0xc0) == 0x80;
            if (!whole) bytes = 1;
            what = whole ? fmt::format("'{}'", row.substr(i, bytes)) : shown(row[i]);
        } else if (row[i] != prisoner && !is_empty_cell(row[i]) && !std::isalnum(c)) {
            what = shown(row[i]);
        }
        if (!what.empty())
            return fmt::format("{}: {} is not a cell{}", where(r, col), what,
                               row[i] == '#' ? " (comments go on lines of their own)" : "");
        i += bytes;
    }
    return {};
}

// Number of 4-connected groups among the cells of one label.
int pieces(const std::vector<Cell>& cells) {
    std::vector<int> group(cells.size(), -1);
    int n = 0;
    for (size_t s = 0; s < cells.size(); ++s) {
        if (group[s] >= 0) continue;
        std::vector<size_t> todo{s};
        group[s] = n;
        while (!todo.empty()) {
            const Cell a = cells[todo.back()];
            todo.pop_back();
            for (size_t t = 0; t < cells.size(); ++t) {
                const Cell b = cells[t];
                if (group[t] < 0 && std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1) {
                    group[t] = n;
                    todo.push_back(t);
                }
            }
        }
        ++n;
    }
    return n;
}

}  // namespace

std::string_view side_name(Side s) { return s == Side::Left ? "left" : "right"; }

char Board::label(int i) { return kLabels[static_cast<size_t>(i)]; }

int Board::index_of_label(char c) {
    auto p = kLabels.find(c);
    return p == std::string_view::npos || p >= kMaxBlocks ? -1 : static_cast<int>(p);
}

std::string Board::grid() const {
    std::string g(static_cast<size_t>(height * (width + 1) - 1), '.');
    for (int r = 1; r < height; ++r) g[static_cast<size_t>(r * (width + 1) - 1)] = '\n';
    auto at = [&](int r, int c) -> char& { return g[static_cast<size_t>(r * (width + 1) + c)]; };
    for (const Cell& f : fixed) at(f.row, f.col) = 'x';
    for (size_t i = 0; i < blocks.size(); ++i) {
        const Block& b = blocks[i];
        for (int k = 0; k < b.length; ++k) {
            if (b.axis == Axis::Horizontal) at(b.row, b.col + k) = label(static_cast<int>(i));
            else at(b.row + k, b.col) = label(static_cast<int>(i));
        }
    }
    return g;
}

std::string Board::key() const {
    std::string g = grid();
    std::replace(g.begin(), g.end(), '\n', '/');
    return fmt::format("unblock {}x{} {} {}", width, height, side_name(exit), g);
}

Board board_from_grid(const std::vector<std::string>& rows, Side exit, int exit_row, char prisoner) {
    const int height = static_cast<int>(rows.size());
    if (height == 0) throw BoardError("empty board");
    const int width = static_cast<int>(rows[0].size());
    for (int r = 0; r < height; ++r)
        if (std::string why = not_a_cell(rows[static_cast<size_t>(r)], r, prisoner); !why.empty())
            throw BoardError(why, r);
    for (int r = 1; r < height; ++r) {
        if (static_cast<int>(rows[static_cast<size_t>(r)].size()) != width)
            throw BoardError(fmt::format("ragged rows: row 1 has {} cells but row {} has {}", width,
                                         r + 1, rows[static_cast<size_t>(r)].size()),
                             r);
    }
    if (width < kMinSide || width > kMaxSide || height < kMinSide || height > kMaxSide)
        throw BoardError(fmt::format("board is {}x{}; sizes from {}x{} to {}x{} are supported",
                                     width, height, kMinSide, kMinSide, kMaxSide, kMaxSide));

    // Gather the cells of every label, in reading order.
    struct Group {
        char label;
        std::vector<Cell> cells;
    };
    std::vector<Group> groups;
    std::array<int, 256> group_of{};
    group_of.fill(-1);
    Board board;
    board.width = width;
    board.height = height;
    board.exit = exit;
    for (int r = 0; r < height; ++r) {
        for (int c = 0; c < width; ++c) {
            const char ch = rows[static_cast<size_t>(r)][static_cast<size_t>(c)];
            const Cell cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
            if (ch == prisoner) {
                // falls through to the block path below
            } else if (is_empty_cell(ch)) {
                continue;
            } else if (ch == 'x') {
                board.fixed.push_back(cell);
                continue;
            } else if (!std::isalnum(static_cast<unsigned char>(ch))) {
                throw BoardError(fmt::format("unknown character {} at {}", shown(ch), where(r, c)), r);
            }
            int& g = group_of[static_cast<unsigned char>(ch)];
            if (g < 0) {
                g = static_cast<int>(groups.size());
                groups.push_back({ch, {}});
            }
            groups[static_cast<size_t>(g)].cells.push_back(cell);
        }
    }

    // Each label must be one straight run of two or more cells.
    std::vector<Block> blocks;
    int prisoner_index = -1;
    for (const Group& grp : groups) {
        const auto& cells = grp.cells;
        const Cell first = cells.front();
        if (cells.size() == 1)
            throw BoardError(fmt::format("block {} at {} is a single cell; movable blocks are 2 or "
                                         "more cells long (use 'x' for a fixed cell)",
                                         shown(grp.label), where(first.row, first.col)),
                             first.row);
        const bool horizontal = cells[1].row == first.row;
        bool straight = true;
        int stray_row = first.row;  // where the run breaks, for the reader's line
        for (size_t k = 1; k < cells.size(); ++k) {
            const Cell want = horizontal ? Cell{first.row, static_cast<std::uint8_t>(first.col + k)}
                                         : Cell{static_cast<std::uint8_t>(first.row + k), first.col};
            if (straight && !(cells[k] == want)) stray_row = cells[k].row;
            straight = straight && cells[k] == want;
        }
        if (!straight) {
            if (grp.label == prisoner && pieces(cells) > 1)
                throw BoardError(fmt::format("two prisoners: {} cells form separate blocks (first "
                                             "at {})",
                                             shown(prisoner), where(first.row, first.col)),
                                 stray_row);
            throw BoardError(fmt::format("block {} at {} is not one straight segment ({})",
                                         shown(grp.label), where(first.row, first.col),
                                         pieces(cells) > 1 ? "its cells form separate groups"
                                                           : "its cells bend"),
                             stray_row);
        }
        Block b{first.row, first.col, static_cast<std::uint8_t>(cells.size()),
                horizontal ? Axis::Horizontal : Axis::Vertical};
        if (grp.label == prisoner) {
            if (!horizontal)
                throw BoardError(fmt::format("the prisoner at {} is vertical; it must lie along "
                                             "its row to reach the exit",
                                             where(first.row, first.col)),
                                 first.row);
            prisoner_index = static_cast<int>(blocks.size());
        }
        blocks.push_back(b);
    }
    if (prisoner_index < 0) throw BoardError(fmt::format("no prisoner (no {} block)", shown(prisoner)));
    if (static_cast<int>(blocks.size()) > kMaxBlocks)
        throw BoardError(fmt::format("{} blocks; at most {} are supported", blocks.size(), kMaxBlocks));

    const Block& p = blocks[static_cast<size_t>(prisoner_index)];
    if (exit_row >= 0 && exit_row != p.row)
        throw BoardError(fmt::format("the exit is on row {} but the prisoner is on row {}",
                                     exit_row + 1, p.row + 1),
                         exit_row);
    board.blocks.push_back(p);
    for (size_t i = 0; i < blocks.size(); ++i)
        if (static_cast<int>(i) != prisoner_index) board.blocks.push_back(blocks[i]);
    return board;
}

Board board_from_text(const std::string& grid, Side exit) { return board_from_grid(split_lines(grid), exit); }

std::string board_text(const Board& b, int indent) {
    std::string out;
    const std::string grid = b.grid();
    int row = 0;
    std::size_t start = 0;
    for (;;) {
        const std::size_t nl = grid.find('\n', start);
        const std::string line = grid.substr(start, nl - start);
        const bool exit_here = row == b.exit_row();
        out += fmt::format("{:{}}{}{}{}\n", "", indent, exit_here && b.exit == Side::Left ? '<' : ' ', line,
                           exit_here && b.exit == Side::Right ? ">" : "");
        if (nl == std::string::npos) break;
        start = nl + 1;
        ++row;
    }
    return out;
}

}  // namespace slidedb
