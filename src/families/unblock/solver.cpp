#include "families/unblock/solver.h"

#include <chrono>
#include <limits>
#include <new>

#include <fmt/format.h>

#include "solve/bfs.h"
#include "solve/give_back.h"
#include "solve/goal_distance.h"
#include "solve/walk_cluster.h"
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
    // The moves of the cluster, recorded by the first search for the second.
    thread_local ClusterMoves moves;
    thread_local std::vector<std::uint32_t> queue;
    thread_local std::vector<std::uint8_t> reached;
    const GiveBackAfter give_back(!options.keep_memory, seen, path, moves, queue, reached);
    const auto started = std::chrono::steady_clock::now();
    const std::uint64_t budget = options.max_memory ? options.max_memory : std::numeric_limits<std::uint64_t>::max();
    try {
        const UnblockRules<State> rules(board);
        seen.set_budget(budget);
        seen.track_indices(options.analyse_cluster);
        moves.start(budget);
        const Deadline deadline = Deadline::after(options.max_seconds, options.cancel);
        SolveResult r = bfs(rules, options, seen, path, deadline, options.analyse_cluster ? &moves : nullptr);
        r.peak_bytes = std::max(r.peak_bytes, moves.peak_bytes());
        if (r.status == Status::Solved) r.solution = moves_text(board, path);
        const bool analyse = options.analyse_cluster && r.cluster_complete;
        if (r.cluster_complete) {
            // Stored as '' when the whole cluster was searched and nothing blocks.
            std::string blocked_cells, blockers;
            if (analyse && r.status == Status::Unsolvable) find_blockers(board, rules, seen, blocked_cells, blockers);
            r.extras = {{"blocked_cells", std::move(blocked_cells)}, {"blockers", std::move(blockers)}};
        }
        const std::uint64_t goal_bytes = r.cluster_goals * sizeof(State);
        // The second search over the recorded moves: a queue and a mark a board.
        const std::uint64_t follow_bytes = (std::uint64_t{seen.size()} + 1) * sizeof(std::uint32_t) + seen.size();
        const std::uint64_t held = seen.peak_bytes() + moves.bytes();
        if (analyse && r.status == Status::Solved && moves.whole() && held < budget &&
            follow_bytes <= budget - held) {
            const GoalDistances<State> d = distances_over_moves(rules, seen, moves, queue, reached, deadline);
            if (d.complete) {
                r.goal_levels = d.boards_at;
                r.hardest_moves = static_cast<int>(d.boards_at.size()) - 1;
                r.hardest_board = board_at(board, d.hardest).grid();
            }
            r.peak_bytes = std::max<std::uint64_t>(r.peak_bytes, held + follow_bytes);
        } else if (analyse && r.status == Status::Solved && goal_bytes < budget) {
            // The analysis is extra: without the memory for it, the search's own
            // figures stand and the cluster's hardest start stays unknown.
            std::vector<State> goals;
            goals.reserve(r.cluster_goals);
            for (std::uint32_t k = 0; k < seen.size(); ++k)
                if (rules.is_goal(seen.board(k))) goals.push_back(seen.board(k));
            seen.set_budget(budget - goal_bytes);
            const GoalDistances<State> d = distances_to_goal(rules, goals, seen, deadline);
            if (!seen.over_budget() && d.complete) {
                r.goal_levels = d.boards_at;
                r.hardest_moves = static_cast<int>(d.boards_at.size()) - 1;
                r.hardest_board = board_at(board, d.hardest).grid();
            }
            r.peak_bytes = std::max<std::uint64_t>(r.peak_bytes, seen.peak_bytes() + goal_bytes);
        }
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return r;
    } catch (const std::bad_alloc&) {
        // The last resort when the budget was set above what the machine
        // gives: this puzzle stops at the memory it could get, the batch goes on.
        SolveResult r;
        r.status = Status::Limit;
        r.cluster_complete = false;
        r.cut = Cut::Memory;
        r.cluster_size = seen.size();
        r.peak_bytes = seen.peak_bytes();
        r.max_states = options.max_states;
        seen = Visited<State>();  // give the memory back for the next puzzle
        path = {};
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return r;
    }
}

template <class State>
ClusterGraph graph_as(const Board& board, std::uint64_t max_boards) {
    return walk_cluster(UnblockRules<State>(board), max_boards,
                        [&](State s) { return board_text(board_at(board, s), 0); });
}

}  // namespace

SolveResult solve(const Board& board, const SolveOptions& options) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return solve_as<std::uint64_t>(board, options);
    return solve_as<unsigned __int128>(board, options);
}

ClusterGraph cluster_graph(const Board& board, std::uint64_t max_boards) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return graph_as<std::uint64_t>(board, max_boards);
    return graph_as<unsigned __int128>(board, max_boards);
}

}  // namespace slidedb
