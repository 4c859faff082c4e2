#include "families/blocks/solver.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

#include "families/blocks/geometry.h"
#include "families/blocks/rules.h"
#include "families/blocks/state.h"
#include "families/blocks/text.h"
#include "solve/bfs.h"
#include "solve/give_back.h"
#include "solve/goal_distance.h"
#include "solve/walk_cluster.h"

namespace slidedb::blocks {

namespace {

// States wider than 128 bits: 52 pieces of 8 bits fit seven words.
using WideState = std::array<std::uint64_t, 7>;

template <class State, int Words>
Solution solve_as(const Board& board, const Geometry& g, const Layout& layout, const SolveOptions& options) {
    thread_local Visited<State> seen;
    const GiveBackAfter give_back(!options.keep_memory, seen);
    const auto started = std::chrono::steady_clock::now();
    Solution out;

    // --max-memory bounds the set of boards of each search, as it does the
    // other families'.
    const std::uint64_t budget = options.max_memory ? options.max_memory : std::numeric_limits<std::uint64_t>::max();

    // The move metric: the stored figures, and the whole cluster's analysis.
    const Rules<State, Words, Metric::Moves> moves(g, layout);
    const Deadline deadline = Deadline::after(options.max_seconds, options.cancel);
    seen.set_budget(budget);
    out.figures = bfs(moves, options, seen, out.moves, deadline);
    SolveResult& r = out.figures;
    std::uint64_t peak = r.peak_bytes;
    const std::uint64_t goal_bytes = r.cluster_goals * sizeof(State);
    if (options.analyse_cluster && r.cluster_complete && r.status == Status::Solved && goal_bytes < budget) {
        // The analysis is extra: without the memory for it, the search's own
        // figures stand and the cluster's hardest start stays unknown.
        std::vector<State> goals;
        goals.reserve(r.cluster_goals);
        for (std::uint32_t k = 0; k < seen.size(); ++k)
            if (moves.is_goal(seen.board(k))) goals.push_back(seen.board(k));
        seen.set_budget(budget - goal_bytes);
        const GoalDistances<State> d = distances_to_goal(moves, goals, seen, deadline);
        if (!seen.over_budget() && d.complete) {
            r.goal_levels = d.boards_at;
            r.hardest_moves = static_cast<int>(d.boards_at.size()) - 1;
            r.hardest_board = board_at(board, g, layout, d.hardest).text();
        }
        peak = std::max<std::uint64_t>(peak, seen.peak_bytes() + goals.size() * sizeof(State));
    }

    // The step metric: a second search over the same cluster; its optimal
    // length is the steps figure (the move solution's own steps may be
    // more). Should the limit cut it before a goal, the move solution's
    // steps stand, as the cluster is marked incomplete anyway.
    // A hint's search measures nothing more.
    r.peak_bytes = peak;
    if (!options.stop_at_goal) {
        const Rules<State, Words, Metric::Steps> steps(g, layout);
        std::vector<Move> step_path;
        seen.set_budget(budget);
        const SolveResult by_steps = bfs(steps, options, seen, step_path, deadline);
        if (by_steps.status == Status::Solved) r.steps = by_steps.moves;
        out.step_levels = by_steps.levels;
        r.peak_bytes = std::max(peak, by_steps.peak_bytes);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

template <class State>
Solution solve_with(const Board& board, const Geometry& g, const Layout& layout, const SolveOptions& options) {
    return g.live_count <= 64 ? solve_as<State, 1>(board, g, layout, options)
                              : solve_as<State, 4>(board, g, layout, options);
}

template <class State, int Words>
ClusterGraph graph_as(const Board& board, const Geometry& g, const Layout& layout, std::uint64_t max_boards) {
    return walk_cluster(Rules<State, Words, Metric::Moves>(g, layout), max_boards,
                        [&](const State& s) { return board_text(board_at(board, g, layout, s), 0); });
}

template <class State>
ClusterGraph graph_with(const Board& board, const Geometry& g, const Layout& layout, std::uint64_t max_boards) {
    return g.live_count <= 64 ? graph_as<State, 1>(board, g, layout, max_boards)
                              : graph_as<State, 4>(board, g, layout, max_boards);
}

}  // namespace

int state_bits(const Board& board) {
    const Geometry g = geometry_of(board);
    return layout_of(board, g).bits;
}

Solution solve(const Board& board, const SolveOptions& options) {
    const Geometry g = geometry_of(board);
    const Layout layout = layout_of(board, g);
    if (layout.bits <= 64) return solve_with<std::uint64_t>(board, g, layout, options);
    if (layout.bits <= 128) return solve_with<unsigned __int128>(board, g, layout, options);
    return solve_with<WideState>(board, g, layout, options);
}

ClusterGraph cluster_graph(const Board& board, std::uint64_t max_boards) {
    const Geometry g = geometry_of(board);
    const Layout layout = layout_of(board, g);
    if (layout.bits <= 64) return graph_with<std::uint64_t>(board, g, layout, max_boards);
    if (layout.bits <= 128) return graph_with<unsigned __int128>(board, g, layout, max_boards);
    return graph_with<WideState>(board, g, layout, max_boards);
}

}  // namespace slidedb::blocks
