// The sliding-tile board: n x m cells holding tiles 1..n*m-1 and one blank.
//
// A move slides one tile next to the blank into it. Moves are reversible and
// keep one invariant: the parity of the permutation (blank included) plus the
// blank's taxicab distance from where it started. Half of all arrangements
// can reach a given goal; the other half never can.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slidedb::tiles {

constexpr int kMinSide = 2;
constexpr int kMaxSide = 5;
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr std::uint8_t kBlank = 0;

// A board that cannot be: the message says why in a player's words.
class TileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct TileBoard {
    int width = 0, height = 0;
    std::array<std::uint8_t, kMaxCells> cells{};  // tile at each cell, reading order; 0 = blank

    int size() const { return width * height; }
    int blank() const;  // cell of the blank
    std::uint8_t at(int row, int col) const { return cells[row * width + col]; }
    bool operator==(const TileBoard& o) const {
        return width == o.width && height == o.height && cells == o.cells;
    }
};

// Checks the shape and that every tile 1..n*m-1 and one blank appear once;
// throws TileError naming the first problem.
TileBoard make_board(int width, int height, const std::vector<int>& cells);

// 1, 2, ... in reading order with the blank last (the usual goal), or with
// the blank first (Korf's instances).
TileBoard blank_last_goal(int width, int height);
TileBoard blank_first_goal(int width, int height);

// Whether moves can turn `board` into `goal` (same size assumed).
bool reachable(const TileBoard& board, const TileBoard& goal);
// Why not, in words, for a board that cannot reach its goal.
inline constexpr std::string_view kParityReason =
    "the goal is out of reach: the arrangement and the goal have opposite parity, and moves keep it";

// Cells in reading order, space-separated, rows joined by " / ":
// "1 2 3 / 4 5 6 / 7 8 0". The stored and canonical text of a board.
std::string board_text(const TileBoard& board);
// One row a line, numbers right-aligned, the blank as '.'.
std::string board_picture(const TileBoard& board);

// Number of boards in one parity class: (n*m)!/2.
std::uint64_t cluster_size(int width, int height);
// Same as cluster_size, as a decimal string (5x5 exceeds 64 bits).
std::string cluster_size_text(int width, int height);

}  // namespace slidedb::tiles
