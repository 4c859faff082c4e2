#include "families/blocks/board.h"

#include <fmt/format.h>

namespace slidedb::blocks {

namespace {

// The outline with the pieces of `pieces` drawn on it.
std::string draw(const Board& b, const std::vector<std::pair<char, const std::vector<Cell>*>>& pieces) {
    std::vector<std::string> rows(static_cast<std::size_t>(b.height), std::string(static_cast<std::size_t>(b.width), ' '));
    for (int r = 0; r < b.height; ++r)
        for (int c = 0; c < b.width; ++c) {
            bool near = false;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) near |= b.is_floor(r + dr, c + dc);
            rows[r][c] = b.is_floor(r, c) ? '.' : near ? '#' : ' ';
        }
    for (const auto& [label, cells] : pieces)
        for (const Cell& x : *cells) rows[x.row][x.col] = label;
    std::string out;
    for (std::string& row : rows) {
        row.erase(row.find_last_not_of(' ') + 1);
        if (&row != &rows.front()) out += '\n';
        out += row;
    }
    return out;
}

std::string joined(std::string grid) {
    for (char& c : grid)
        if (c == '\n') c = '/';
    return grid;
}

}  // namespace

char piece_label(int i) { return static_cast<char>(i < 26 ? 'A' + i : 'a' + (i - 26)); }

std::vector<Cell> shape_of(const std::vector<Cell>& cells) {
    std::vector<Cell> shape;
    for (const Cell& c : cells)
        shape.push_back({static_cast<std::int8_t>(c.row - cells.front().row),
                         static_cast<std::int8_t>(c.col - cells.front().col)});
    return shape;
}

std::string Board::start_grid() const {
    std::vector<std::pair<char, const std::vector<Cell>*>> drawn;
    for (const Piece& p : pieces) drawn.emplace_back(p.label, &p.cells);
    return draw(*this, drawn);
}

std::string Board::goal_grid() const {
    std::vector<std::pair<char, const std::vector<Cell>*>> drawn;
    for (const Target& t : goal) drawn.emplace_back(pieces[static_cast<std::size_t>(t.piece)].label, &t.cells);
    return draw(*this, drawn);
}

std::string Board::text() const { return "start\n" + start_grid() + "\ngoal\n" + goal_grid(); }

std::string Board::key() const {
    return fmt::format("blocks {}x{} {}|{}", width, height, joined(start_grid()), joined(goal_grid()));
}

}  // namespace slidedb::blocks
