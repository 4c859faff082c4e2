// Walks a whole cluster into a ClusterGraph with the engine's own searches:
// bfs() gathers the cluster from the start, distances_to_goal() orders it by
// distance from every goal board at once, and one more pass over the boards'
// successors finds the moves. A family gives its rule set and how a board
// reads as text.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "solve/bfs.h"
#include "solve/cluster_graph.h"
#include "solve/goal_distance.h"

namespace slidedb {

// Walks the cluster of rules.start() unless it has more than max_boards
// boards (at most kMaxGraphBoards). text(state) is the board for people.
template <class Rules, class Text>
ClusterGraph walk_cluster(const Rules& rules, std::uint64_t max_boards, Text&& text) {
    using State = typename Rules::State;
    ClusterGraph g;
    max_boards = std::min(max_boards, kMaxGraphBoards);
    Visited<State> seen;
    SolveOptions options;
    options.max_states = max_boards + 1;  // the search stops at max_states: one more tells "over"
    options.analyse_cluster = false;
    std::vector<typename Rules::Move> path;
    const SolveResult r = bfs(rules, options, seen, path, Deadline{});
    if (!r.cluster_complete) {
        g.too_large = true;
        return g;
    }
    g.cluster_size = r.cluster_size;

    // Boards a layer: by distance to the goal, or from the start without one.
    std::vector<std::uint64_t> layer_sizes;
    if (r.status == Status::Solved) {
        std::vector<State> goals;
        for (std::uint32_t k = 0; k < seen.size(); ++k)
            if (rules.is_goal(seen.board(k))) goals.push_back(seen.board(k));
        layer_sizes = distances_to_goal(rules, goals, seen).boards_at;
        // Moves are reversible: the goals reach back to every board.
        if (seen.size() != r.cluster_size) throw std::logic_error("walk_cluster: the goal search missed boards");
        g.hardest = static_cast<std::uint32_t>(seen.size() - layer_sizes.back());
    } else {
        g.to_goal = false;
        for (const Level& l : r.levels) layer_sizes.push_back(l.frontier);
    }

    const std::uint32_t n = seen.size();
    g.boards.resize(n);
    std::vector<std::pair<State, std::uint32_t>> index(n);
    for (std::uint32_t k = 0, layer = 0, left = static_cast<std::uint32_t>(layer_sizes[0]); k < n; ++k, --left) {
        while (left == 0) left = static_cast<std::uint32_t>(layer_sizes[++layer]);
        const State s = seen.board(k);
        g.boards[k] = {text(s), layer, rules.is_goal(s)};
        index[k] = {s, k};
    }
    std::sort(index.begin(), index.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const auto find = [&](const State& s) {
        const auto it = std::lower_bound(index.begin(), index.end(), s,
                                         [](const auto& e, const State& v) { return e.first < v; });
        if (it == index.end() || !(it->first == s)) throw std::logic_error("walk_cluster: a move leaves the cluster");
        return it->second;
    };
    g.start = find(rules.start());
    for (std::uint32_t k = 0; k < n; ++k)
        rules.for_each_successor(seen.board(k), [&](const State& s) {
            const std::uint32_t j = find(s);
            if (k < j) g.moves.emplace_back(k, j);
        });
    return g;
}

}  // namespace slidedb
