#include "families/unblock/solver.h"

#include <chrono>

#include <fmt/format.h>

#include "solve/bfs.h"
#include "solve/goal_distance.h"
#include "families/unblock/move.h"
#include "families/unblock/unblock_rules.h"

namespace slidedb {

namespace {

// The start board with every block moved to its offset on s.
template <class State>
Board board_at(const Board& start, State s) {
    Board b = start;
    for (int i = 0; i < static_cast<int>(b.blocks.size()); ++i) {
        Block& blk = b.blocks[static_cast<std::size_t>(i)];
        (blk.axis == Axis::Horizontal ? blk.col : blk.row) =
            static_cast<std::uint8_t>(UnblockRules<State>::offset(s, i));
    }
    return b;
}

// Which cells between the prisoner and the exit no board of the cluster ever
// frees, and what covers them. Two passes over the boards: the cells first,
// then the blocks seen on them.
template <class State>
void find_blockers(const Board& board, const UnblockRules<State>& rules, const Visited<State>& seen,
                   std::string& blocked_cells, std::string& blockers) {
    const Block& p = board.blocks[0];
    Cells way = 0;
    for (int c = 0; c < board.width; ++c)
        if (board.exit == Side::Right ? c >= p.col + p.length : c < p.col) way |= Cells{1} << (8 * p.row + c);
    Cells always = way;
    for (std::uint32_t k = 0; k < seen.size() && always; ++k) {
        const State s = seen.board(k);
        Cells covered = rules.fixed_cells();
        for (int i = 1; i < rules.blocks(); ++i) covered |= rules.cells(s, i);
        always &= covered;
    }
    if (!always) return;
    std::uint64_t seen_on = 0;  // bit i: block i covers a blocked cell in some board
    for (std::uint32_t k = 0; k < seen.size(); ++k)
        for (int i = 1; i < rules.blocks(); ++i)
            if (rules.cells(seen.board(k), i) & always) seen_on |= std::uint64_t{1} << i;

    const int step = board.exit == Side::Right ? 1 : -1;
    for (int c = board.exit == Side::Right ? p.col + p.length : p.col - 1; c >= 0 && c < board.width; c += step) {
        if (!((always >> (8 * p.row + c)) & 1)) continue;
        blocked_cells += fmt::format("{}r{}c{}", blocked_cells.empty() ? "" : " ", p.row + 1, c + 1);
    }
    for (int i = 1; i < rules.blocks(); ++i)
        if ((seen_on >> i) & 1) blockers += fmt::format("{}{}", blockers.empty() ? "" : " ", Board::label(i));
    if (rules.fixed_cells() & always) blockers += blockers.empty() ? "x" : " x";
}

template <class State>
SolveResult solve_as(const Board& board, const SolveOptions& options) {
    thread_local Visited<State> seen;
    thread_local std::vector<Move> path;
    const auto started = std::chrono::steady_clock::now();
    const UnblockRules<State> rules(board);
    SolveResult r = bfs(rules, options, seen, path);
    if (r.status == Status::Solved) r.solution = moves_text(board, path);
    const bool analyse = options.analyse_cluster && r.cluster_complete;
    if (r.cluster_complete) {
        // Stored as '' when the whole cluster was searched and nothing blocks.
        std::string blocked_cells, blockers;
        if (analyse && r.status == Status::Unsolvable) find_blockers(board, rules, seen, blocked_cells, blockers);
        r.extras = {{"blocked_cells", std::move(blocked_cells)}, {"blockers", std::move(blockers)}};
    }
    if (analyse && r.status == Status::Solved) {
        std::vector<State> goals;
        goals.reserve(r.cluster_goals);
        for (std::uint32_t k = 0; k < seen.size(); ++k)
            if (rules.is_goal(seen.board(k))) goals.push_back(seen.board(k));
        const GoalDistances<State> d = distances_to_goal(rules, goals, seen);
        r.goal_levels = d.boards_at;
        r.hardest_moves = static_cast<int>(d.boards_at.size()) - 1;
        r.hardest_board = board_at(board, d.hardest).grid();
        r.peak_bytes = std::max<std::uint64_t>(r.peak_bytes, seen.peak_bytes() + goals.size() * sizeof(State));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

}  // namespace

SolveResult solve(const Board& board, const SolveOptions& options) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return solve_as<std::uint64_t>(board, options);
    return solve_as<unsigned __int128>(board, options);
}

}  // namespace slidedb
