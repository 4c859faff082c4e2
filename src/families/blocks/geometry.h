// Where the pieces of a board can stand: every translation of each shape
// that a piece of it reaches on the empty board (walls only).
//
// A placement is numbered within its shape; a piece can never leave the
// placements of its shape, so they are all the state needs to name, and the
// cells they cover ("live" cells) are all the occupancy masks need to hold.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "families/blocks/board.h"

namespace slidedb::blocks {

constexpr std::uint16_t kNoPlacement = 0xFFFF;

// Up, down, left, right: the order of Shape::next and of the letters "UDLR".
constexpr std::array<Cell, 4> kSteps = {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}};
constexpr char kStepLetters[] = "UDLR";

struct Shape {
    std::vector<Cell> offsets;                         // cells relative to the first one
    std::vector<Cell> anchors;                         // placement p: where its first cell stands
    std::vector<std::array<std::uint16_t, 4>> next;    // the placement one step away, or kNoPlacement
    std::vector<std::int16_t> at;                      // per grid cell: placement anchored there, or -1

    int placements() const { return static_cast<int>(anchors.size()); }
};

struct Geometry {
    int width = 0, height = 0;
    std::vector<Shape> shapes;    // in order of the first piece of each shape
    std::vector<int> shape_of;    // per piece
    std::vector<int> start;       // per piece: its placement at the start
    std::vector<int> target;      // per goal entry: the placement it must reach, -1 if none can
    std::vector<int> live;        // per grid cell: its index among live cells, or -1
    int live_count = 0;

    // Live-cell indices covered by placement p of shape s.
    std::vector<int> cells(int s, int p) const;
};

Geometry geometry_of(const Board& board);

}  // namespace slidedb::blocks
