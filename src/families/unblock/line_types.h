// The lines of an enumerated board: what one row or column can hold.
//
// Every block keeps its row or column and no block passes another, so the
// pieces of a line, in order, never change under moves: a line *type* is the
// sequence of lengths along it (walls included, at their fixed cells), and a
// line *placement* is where each of them stands. A board of the enumeration
// is a placement of every row type and every column type that do not overlap.
//
// Cells are bits y * N + x, the layout in which the public enumeration breaks
// ties between boards (horizontal cells first, then vertical, as integers).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace slidedb::enumeration {

using Cells = std::uint64_t;

constexpr int kMaxSize = 7;        // boards up to 7x7: 49 cells, 4 bits a placement
constexpr int kMaxLineItems = 4;   // pieces and walls of one line (sum of lengths < N)
constexpr int kPatterns = 1 << kMaxSize;

struct LineMove {
    std::uint8_t to;      // placement after the move
    std::uint8_t item;    // which item of the line moved
    std::int8_t delta;    // cells, negative left or up
    Cells sweep;          // cells crossed or newly covered: must be free of the other axis
};

// A move that the other axis leaves room for (see LineType::free_moves).
struct LineStep {
    std::uint8_t to;    // placement after the move
    std::uint8_t item;  // which item of the line moved
    std::uint8_t line;  // the row or column, 0 .. N - 1
};

// Most free moves of one placement of a line (a piece of two in a row of
// six has four); free_moves ends with as many spare entries, so that a
// placement's list can be copied whole, whatever its length.
constexpr int kMaxFreeMoves = 8;

// A one-cell move, by the cells along the line it takes and frees.
struct CellStep {
    std::uint8_t to;     // placement after the move
    std::int8_t take, free;
};

struct LinePlacement {
    Cells cells = 0;                               // every item's cells, walls included
    std::array<std::int8_t, kMaxLineItems> start{};  // first cell of each item along the line
};

struct LineType {
    std::vector<std::int8_t> lengths;  // items in order along the line; 1 is a wall
    int walls = 0;
    int primary = -1;                  // item that is the primary piece, or -1
    std::vector<LinePlacement> placements;
    std::vector<std::vector<LineMove>> moves;  // by placement
    // By placement: each item's cells, and the cells it may step into (one
    // beyond either end of it, on the board; none for a wall).
    struct ItemCells {
        std::array<Cells, kMaxLineItems> cover{}, step{};
    };
    std::vector<ItemCells> item_cells;

    // The moves of each placement whose sweep the other axis leaves free, by
    // the cells it holds on this line (a pattern of N bits, bit k = cell k
    // along the line): moves of placement p with pattern c are free_moves
    // [free_begin[i] .. free_begin[i + 1]), i = p * kPatterns + c. The search
    // then never looks at a blocked move.
    std::vector<std::uint16_t> free_begin;
    std::vector<LineStep> free_moves;
    // By placement, its one-cell moves to an earlier placement: between two
    // placements, the move met from the later one.
    std::vector<std::vector<CellStep>> cell_steps;
};

// For a column type: which of its placements fit beside the cells of the
// column that rows hold (a pattern of N bits, bit k = row k), and their rank
// among those that fit.
struct ColumnFit {
    std::array<std::uint8_t, kPatterns> count{};
    std::array<std::array<std::int8_t, 16>, kPatterns> rank{};   // -1 when it does not fit
    std::array<std::array<std::uint8_t, 16>, kPatterns> nth{};   // placement of each rank
    std::array<std::uint16_t, kPatterns> fitting{};             // the placements that fit, as bits

    // The placements that fit, in groups that one-cell moves connect (a
    // longer slide is one-cell slides over free cells), numbered in order of
    // their first placement.
    std::array<std::uint8_t, kPatterns> groups{};
    std::array<std::array<std::int8_t, 16>, kPatterns> group{};         // of each placement, -1 when it does not fit
    std::array<std::array<std::uint8_t, 16>, kPatterns> group_size{};   // placements of each group
    // When row k's cell is taken too: the groups of pattern | 1 << k that
    // group i's placements avoiding that cell fall in, as bits.
    std::array<std::array<std::array<std::uint16_t, kMaxSize>, 16>, kPatterns> narrowed{};
    // When row k's cell is freed: the group of pattern & ~(1 << k) holding group i.
    std::array<std::array<std::array<std::int8_t, kMaxSize>, 16>, kPatterns> widened{};
};

struct Geometry {
    int size = 6;
    int primary_row = 2;
    int min_walls = 0, max_walls = 0;

    std::vector<std::vector<LineType>> rows;     // by row: every type it can take
    std::vector<std::vector<LineType>> columns;  // by column
    std::vector<std::vector<ColumnFit>> fits;    // by column and type

    int goal_start() const { return size - 2; }  // the primary piece's column at the goal
};

// Every row and column type of an N x N board (N = 4 to 7): the primary
// piece, two long, in primary_row, walls only to its left; other rows hold
// pieces two or three long and walls, columns pieces only; a line's items
// fill fewer than N cells; no more than max_walls walls in a row.
Geometry make_geometry(int size, int min_walls, int max_walls);

// Cells of column x held at rows given by the N-bit pattern.
Cells column_cells(int size, int x, unsigned pattern);

}  // namespace slidedb::enumeration
