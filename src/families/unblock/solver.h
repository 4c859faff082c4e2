// Solving one Unblock Me board: picks the state width and runs the BFS.
#pragma once

#include "families/unblock/board.h"
#include "solve/cluster_graph.h"
#include "solve/result.h"

namespace slidedb {

// Optimal solution and cluster figures for a board. Thread-safe: each thread
// keeps its own search memory and reuses it from one puzzle to the next.
SolveResult solve(const Board& board, const SolveOptions& options = {});

// The board's cluster as a graph, each board as board_text() draws it; too
// large past max_boards.
ClusterGraph cluster_graph(const Board& board, std::uint64_t max_boards);

}  // namespace slidedb
