// Small boards (up to 12 cells): breadth-first search over the whole cluster,
// one byte a board, indexed by PermIndex. Gives the exact figures the other
// families have: levels from the start, distances to the goal of every
// board, the hardest starts, and an optimal solution.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "families/tiles/board.h"
#include "families/tiles/moves.h"
#include "solve/result.h"

namespace slidedb::tiles {

constexpr int kMaxClusterCells = 12;  // 12!/2 = 239,500,800 boards, one byte each

// Distance to the goal of every board that can reach it, by PermIndex.
struct GoalDistances {
    TileBoard goal;
    std::vector<std::uint8_t> distance;
    std::vector<std::uint64_t> count;  // boards at each distance
    double seconds = 0;
};

// One breadth-first search from the goal. Kept by the caller and shared:
// every puzzle with this goal reads the same table.
std::shared_ptr<const GoalDistances> goal_distances(const TileBoard& goal);

struct ClusterResult {
    int moves = 0;
    std::vector<TileMove> solution;
    std::vector<Level> levels;  // from the start, one per depth
    std::uint64_t examined = 0;  // successors generated from the start
    std::vector<std::uint64_t> goal_levels;
    int hardest_moves = 0;
    std::vector<TileBoard> hardest;  // every board at that distance, up to kMaxHardest
    std::uint64_t peak_bytes = 0;
    double seconds = 0;
};
constexpr std::size_t kMaxHardest = 16;

// The start must be able to reach the table's goal. Without levels, the
// second search (from the start) is skipped.
ClusterResult solve_by_cluster(const TileBoard& start, const GoalDistances& table, bool levels = true);

}  // namespace slidedb::tiles
