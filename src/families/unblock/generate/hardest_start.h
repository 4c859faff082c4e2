// The hardest start of a board's cluster, chosen the same way every time:
// what the search for the hardest puzzles scores and keeps.
#pragma once

#include <cstdint>

#include "families/unblock/board.h"

namespace slidedb {

struct ClusterHardest {
    Board board;                     // the least of the boards farthest from every goal
    int moves = -1;                  // their distance; -1 when no board of the cluster is a goal
    std::uint64_t cluster_size = 0;  // boards of the cluster
};

// Every board of the cluster, then the distances from the goal boards back
// (moves are reversible):
// the boards of the last level are the hardest starts, and the least of them
// (horizontal cells, then vertical cells, each as an integer of bits
// row * width + column) stands for the cluster. Thread-safe: each thread
// keeps its search memory from one board to the next.
// A cluster of more than max_boards boards is not walked: moves -1.
ClusterHardest hardest_start(const Board& board, std::uint64_t max_boards = 1ull << 31);

}  // namespace slidedb
