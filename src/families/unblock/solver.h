// Solving one Unblock Me board: picks the state width and runs the BFS.
#pragma once

#include "families/unblock/board.h"
#include "solve/result.h"

namespace slidedb {

// Optimal solution and cluster figures for a board. Thread-safe: each thread
// keeps its own search memory and reuses it from one puzzle to the next.
SolveResult solve(const Board& board, const SolveOptions& options = {});

}  // namespace slidedb
