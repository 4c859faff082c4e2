// Pattern tables depend on where the goal puts the blank, not on the tiles'
// numbers: relabelling tiles by their goal cell turns any goal into the
// "reading order" goal with the blank at the same cell. A flip of the board
// (left-right, up-down, or both) moves that cell to the smallest one it can
// reach, so the blank-first and blank-last goals of a board share one set of
// tables: the 15-puzzle's blank-last goal, turned half a turn and relabelled,
// is Korf's.
#pragma once

#include <array>
#include <vector>

#include "families/tiles/board.h"
#include "families/tiles/moves.h"

namespace slidedb::tiles {

struct Canonical {
    TileBoard goal;   // reading order, blank at the canonical cell
    std::array<std::uint8_t, kMaxCells> cell{};   // original cell -> canonical cell
    std::array<std::uint8_t, kMaxCells> back{};   // canonical cell -> original cell
    std::array<std::uint8_t, kMaxCells> label{};  // original tile -> canonical tile

    TileBoard map(const TileBoard& b) const;
    // A solution of map(start) as moves of `start`.
    std::vector<TileMove> unmap(const TileBoard& start, const std::vector<TileMove>& moves) const;
};

Canonical canonical_form(const TileBoard& goal);

}  // namespace slidedb::tiles
