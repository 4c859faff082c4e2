#include "families/blocks/solver.h"

#include <algorithm>
#include <chrono>

#include "families/blocks/geometry.h"
#include "families/blocks/rules.h"
#include "families/blocks/state.h"
#include "solve/bfs.h"
#include "solve/goal_distance.h"

namespace slidedb::blocks {

namespace {

// Searches the whole cluster from the start; returns the index of the first
// goal board met (optimal by BFS order), or kNone.
template <class Rules>
std::uint32_t search(const Rules& rules, std::uint64_t max_states, Visited<typename Rules::State>& seen,
                     std::vector<Level>& levels, bool& cut) {
    using State = typename Rules::State;
    constexpr std::uint32_t kNone = Visited<State>::kNone;
    seen.clear();
    const State start = rules.start();
    seen.insert(&start, 1);
    std::uint32_t goal = kNone, next = 0;
    cut = expand_levels(rules, seen, max_states, levels, next, [&](std::uint32_t i, State s, Level& level) {
        if (rules.is_goal(s)) {
            ++level.goals;
            if (goal == kNone) goal = i;
        }
    });
    // Boards reached but not expanded when the search was cut: the levels
    // before are complete, so a goal among them is still optimal.
    for (std::uint32_t i = next; cut && goal == kNone && i < seen.size(); ++i)
        if (rules.is_goal(seen.board(i))) goal = i;
    return goal;
}

// The boards from the start to board `goal`, one move apart: any neighbour
// one level up lies on a shortest path, since moves are reversible.
template <class Rules>
std::vector<typename Rules::State> path_to(const Rules& rules, Visited<typename Rules::State>& seen,
                                           const std::vector<Level>& levels, std::uint32_t goal) {
    using State = typename Rules::State;
    std::vector<std::uint32_t> start_of(levels.size() + 1, 0);
    for (std::size_t d = 0; d < levels.size(); ++d)
        start_of[d + 1] = start_of[d] + static_cast<std::uint32_t>(levels[d].frontier);
    std::size_t depth = 0;
    while (depth + 1 < start_of.size() && start_of[depth + 1] <= goal) ++depth;
    std::vector<State> path{seen.board(goal)};
    for (; depth > 0; --depth) {
        seen.window(start_of[depth - 1], start_of[depth]);
        State up{};
        bool found = false;
        rules.for_each_successor(path.back(), [&](State n) {
            if (!found && seen.contains(n)) {
                up = n;
                found = true;
            }
        });
        path.push_back(up);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

template <class State, int Words>
Solution solve_as(const Board& board, const Geometry& g, const Layout& layout, const SolveOptions& options) {
    thread_local Visited<State> seen;
    constexpr std::uint32_t kNone = Visited<State>::kNone;
    const auto started = std::chrono::steady_clock::now();
    const std::uint64_t max_states =
        std::min<std::uint64_t>(std::max<std::uint64_t>(options.max_states, 1), kNone - 1);
    Solution out;
    SolveResult& r = out.figures;
    r.max_states = max_states;

    const Rules<State, Words, Metric::Moves> moves(g, layout);
    bool cut = false;
    const std::uint32_t goal = search(moves, max_states, seen, r.levels, cut);
    for (const Level& level : r.levels) {
        r.examined += level.examined;
        r.cluster_goals += level.goals;
    }
    r.cluster_complete = !cut;
    r.cluster_size = seen.size();
    r.cluster_depth = static_cast<int>(r.levels.size()) - 1;
    r.status = goal != kNone ? Status::Solved : cut ? Status::Limit : Status::Unsolvable;
    if (goal != kNone) {
        const std::vector<State> path = path_to(moves, seen, r.levels, goal);
        for (std::size_t k = 1; k < path.size(); ++k) out.moves.push_back(moves.move_between(path[k - 1], path[k]));
        r.moves = static_cast<int>(out.moves.size());
    }
    std::uint64_t peak = seen.peak_bytes();

    if (options.analyse_cluster && r.cluster_complete && r.status == Status::Solved) {
        std::vector<State> goals;
        goals.reserve(r.cluster_goals);
        for (std::uint32_t k = 0; k < seen.size(); ++k)
            if (moves.is_goal(seen.board(k))) goals.push_back(seen.board(k));
        const GoalDistances<State> d = distances_to_goal(moves, goals, seen);
        r.goal_levels = d.boards_at;
        r.hardest_moves = static_cast<int>(d.boards_at.size()) - 1;
        r.hardest_board = board_at(board, g, layout, d.hardest).text();
        peak = std::max<std::uint64_t>(peak, seen.peak_bytes() + goals.size() * sizeof(State));
    }

    // The step metric: a second search, over the same cluster.
    const Rules<State, Words, Metric::Steps> steps(g, layout);
    bool step_cut = false;
    const std::uint32_t step_goal = search(steps, max_states, seen, out.step_levels, step_cut);
    if (step_goal != kNone) {
        std::uint32_t before = 0;
        for (const Level& level : out.step_levels) {
            if (step_goal < before + level.frontier) {
                r.steps = static_cast<int>(level.depth);
                break;
            }
            before += static_cast<std::uint32_t>(level.frontier);
        }
    }
    r.peak_bytes = std::max(peak, seen.peak_bytes());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace

int state_bits(const Board& board) {
    const Geometry g = geometry_of(board);
    return layout_of(board, g).bits;
}

Solution solve(const Board& board, const SolveOptions& options) {
    const Geometry g = geometry_of(board);
    const Layout layout = layout_of(board, g);
    const bool narrow = g.live_count <= 64;
    if (layout.bits <= 64)
        return narrow ? solve_as<std::uint64_t, 1>(board, g, layout, options)
                      : solve_as<std::uint64_t, 4>(board, g, layout, options);
    return narrow ? solve_as<unsigned __int128, 1>(board, g, layout, options)
                  : solve_as<unsigned __int128, 4>(board, g, layout, options);
}

}  // namespace slidedb::blocks
