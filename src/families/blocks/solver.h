// Solving one board of the `blocks` family: optimal in both metrics, and the
// whole cluster's figures in the move metric.
#pragma once

#include <vector>

#include "families/blocks/board.h"
#include "families/blocks/move.h"
#include "solve/cluster_graph.h"
#include "solve/result.h"

namespace slidedb::blocks {

struct Solution {
    // Figures in the move metric: moves, the cluster, its levels, goal
    // distances and hardest start (the board as Board::text()); steps
    // is the optimum of the step metric, from a second search (unless the
    // limit cut that one short: then the move solution's own steps).
    SolveResult figures;
    std::vector<Move> moves;         // an optimal solution in the move metric
    std::vector<Level> step_levels;  // the second search, level by level
};

// The state bits a board needs, and the most the solver takes (seven
// 64-bit words: 52 pieces of 8 bits each fit).
int state_bits(const Board& board);
constexpr int kMaxStateBits = 448;
// A shape has at most 16 x 16 placements, 8 bits, and slots never straddle
// words: every board the reader accepts fits.
static_assert(kMaxPieces * 8 <= kMaxStateBits);

// Thread-safe: each thread keeps its own search memory. The board must be
// canonical (format.h gives such boards) and fit kMaxStateBits.
Solution solve(const Board& board, const SolveOptions& options = {});

// The board's cluster in the move metric as a graph, each board as
// board_text() draws it; too large past max_boards. Canonical board, as solve().
ClusterGraph cluster_graph(const Board& board, std::uint64_t max_boards);

}  // namespace slidedb::blocks
