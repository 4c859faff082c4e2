#include "solve/solver.h"

#include "solve/bfs.h"
#include "solve/unblock_rules.h"

namespace slidedb {

namespace {

template <class State>
SolveResult solve_as(const Board& board, const SolveOptions& options) {
    thread_local Visited<State> seen;
    return bfs(UnblockRules<State>(board), options, seen);
}

}  // namespace

std::string_view status_name(Status s) {
    switch (s) {
        case Status::Solved: return "solved";
        case Status::Unsolvable: return "unsolvable";
        case Status::Limit: return "limit";
    }
    return "?";
}

SolveResult solve(const Board& board, const SolveOptions& options) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return solve_as<std::uint64_t>(board, options);
    return solve_as<unsigned __int128>(board, options);
}

}  // namespace slidedb
