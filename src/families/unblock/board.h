// The Unblock Me / Rush Hour board: geometry, blocks, prisoner, exit.
//
// A Board is always valid: the only ways to make one are board_from_grid()
// and the format readers built on it, which reject anything the game could
// not show. Blocks are kept in canonical order (prisoner first, then reading
// order of each block's first cell), so two boards that look alike compare
// equal and share one key.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.h"

namespace slidedb {

enum class Side : std::uint8_t { Left, Right };
enum class Axis : std::uint8_t { Horizontal, Vertical };

constexpr int kMinSide = 4;
constexpr int kMaxSide = 8;
constexpr int kMaxBlocks = 32;  // 8x8 cells / length 2

std::string_view side_name(Side s);  // "left" / "right"

// A movable block. (row, col) is its top-left cell, 0-based.
struct Block {
    std::uint8_t row = 0, col = 0, length = 2;
    Axis axis = Axis::Horizontal;

    bool operator==(const Block&) const = default;
};

struct Cell {
    std::uint8_t row = 0, col = 0;
    bool operator==(const Cell&) const = default;
};

// Thrown by board_from_grid and the readers: what is wrong, in words a user
// can act on. The reader adds the file and line.
struct BoardError : PuzzleError {
    explicit BoardError(const std::string& what, int row = -1) : PuzzleError(what), row(row) {}
    int row;  // the grid row (0-based) the problem is on, for the reader's line; -1: the whole board
};

struct Board {
    int width = 6, height = 6;
    Side exit = Side::Right;
    std::vector<Block> blocks;  // blocks[0] is the prisoner
    std::vector<Cell> fixed;    // fixed 1x1 cells, reading order

    int exit_row() const { return blocks[0].row; }

    // Label of block i in the canonical grid: 'A' for the prisoner, then
    // B..Z, then 0..9, then lowercase letters other than o and x.
    static char label(int i);
    // Index of the block with that label, or -1.
    static int index_of_label(char c);

    // Canonical letter grid: '.' empty, 'x' fixed, labels as above; rows
    // joined by '\n', no final newline.
    std::string grid() const;
    // Identity of the puzzle across files and formats: "unblock 6x6 right
    // ..BB../...".
    std::string key() const;

    bool operator==(const Board&) const = default;
};

// Builds a board from rows of a letter grid. Accepted cells: '.' or 'o' or
// ' ' empty, 'x' fixed, `prisoner` the prisoner, any other letter or digit a
// block: one label, one block. `exit_row` (0-based), when the format states
// one, must be the prisoner's row. Throws BoardError naming the first problem.
Board board_from_grid(const std::vector<std::string>& rows, Side exit, int exit_row = -1,
                      char prisoner = 'A');

// Reads Board::grid() text back (rows joined by '\n').
Board board_from_text(const std::string& grid, Side exit);

// The board as rows of text with the exit drawn as '<' or '>' beside the
// prisoner's row (a space on the other rows when the exit is on the left),
// each row indented by `indent` spaces and ended by a newline.
std::string board_text(const Board& b, int indent = 2);

}  // namespace slidedb
