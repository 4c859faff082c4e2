// Distance to the goal for every board of a cluster.
//
// The same level-by-level search as bfs(), started from every goal board at
// once: moves are reversible, so the depth at which a board is reached is
// the number of moves it needs to free the prisoner. The last level holds the
// cluster's hardest starts.
#pragma once

#include <cstdint>
#include <vector>

#include "solve/bfs.h"

namespace slidedb {

template <class State>
struct GoalDistances {
    std::vector<std::uint64_t> boards_at;  // boards at each distance
    State hardest{};                       // the first board reached at the largest
    bool complete = true;                  // false when the deadline cut it short
};

template <class Rules>
GoalDistances<typename Rules::State> distances_to_goal(const Rules& rules,
                                                       const std::vector<typename Rules::State>& goals,
                                                       Visited<typename Rules::State>& seen,
                                                       const Deadline& deadline = {}) {
    using State = typename Rules::State;
    constexpr std::uint32_t kBatch = Visited<State>::kBatch;
    seen.clear();
    for (std::size_t at = 0; at < goals.size(); at += kBatch)
        seen.insert(goals.data() + at, static_cast<std::uint32_t>(std::min<std::size_t>(kBatch, goals.size() - at)));
    std::vector<Level> levels;
    std::uint32_t next = 0;
    const Cut cut =
        expand_levels(rules, seen, Visited<State>::kNone - 1, levels, next, [](std::uint32_t, State, Level&) {}, deadline);
    GoalDistances<State> d;
    d.complete = cut == Cut::None;
    for (const Level& l : levels) d.boards_at.push_back(l.frontier);
    if (!levels.empty()) d.hardest = seen.board(seen.size() - static_cast<std::uint32_t>(levels.back().frontier));
    return d;
}

}  // namespace slidedb
