// The board of the `blocks` family: pieces of any shape on a floor of any
// outline, and the cells where some of them must end.
//
// A board is a grid of up to 16x16 cells, each wall or floor. A piece is a
// set of cells marked by one letter; it steps one cell up, down, left or
// right onto free floor and never rotates. The goal names some pieces and
// the cells each must end on (the same shape, translated).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace slidedb::blocks {

constexpr int kMaxSide = 16;    // cells along either side of the grid
constexpr int kMaxPieces = 52;  // one letter each: A..Z, a..z

struct Cell {
    std::int8_t row = 0, col = 0;
    bool operator==(const Cell&) const = default;
    auto operator<=>(const Cell&) const = default;  // reading order
};

struct Piece {
    char label = 'A';
    std::vector<Cell> cells;  // reading order
    bool operator==(const Piece&) const = default;
};

// Where one piece of the goal must end.
struct Target {
    int piece = 0;            // index into Board::pieces
    std::vector<Cell> cells;  // reading order, the piece's shape translated
    bool operator==(const Target&) const = default;
};

struct Board {
    int width = 0, height = 0;
    std::vector<std::uint8_t> floor;  // width * height, row by row: 1 floor, 0 wall
    std::vector<Piece> pieces;        // canonical: the goal's first, each part in reading order
    std::vector<Target> goal;         // in the order of Board::pieces

    bool is_floor(int row, int col) const {
        return row >= 0 && col >= 0 && row < height && col < width && floor[row * width + col];
    }

    // Every piece of the goal stands on its cells.
    bool at_goal() const {
        for (const Target& t : goal)
            if (pieces[static_cast<std::size_t>(t.piece)].cells != t.cells) return false;
        return true;
    }

    // The start grid and the goal grid as the file format draws them: '.'
    // floor, letters pieces, '#' a wall beside floor (diagonals too), ' ' a
    // wall away from all floor; rows joined by '\n', trailing blanks cut.
    std::string start_grid() const;
    std::string goal_grid() const;
    // The board in the file format, comments aside: "start", the start
    // grid, "goal", the goal grid.
    std::string text() const;
    // "blocks WxH start rows|goal rows", rows joined by '/' ('|' and '/'
    // are never cells); meant for a board in canonical form
    // (canonical_board()). Every key starts with its family and a space.
    std::string key() const;

    bool operator==(const Board&) const = default;
};

// Label of piece i in canonical order: A..Z, then a..z.
char piece_label(int i);

// The shape of a piece: its cells relative to the first one.
std::vector<Cell> shape_of(const std::vector<Cell>& cells);

}  // namespace slidedb::blocks
