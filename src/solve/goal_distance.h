// Distance to the goal for every board of a cluster.
//
// The same level-by-level search as bfs(), started from every goal board at
// once: moves are reversible, so the depth at which a board is reached is
// the number of moves it needs to free the prisoner. The last level holds the
// cluster's hardest starts.
//
// distances_over_moves() gives the same figures when the search from the
// start recorded the cluster's moves (solve/cluster_moves.h): it follows
// them by index, with no board generated or hashed.
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

// The figures of distances_to_goal() over the whole cluster `seen` holds,
// its goals taken in list order, following the recorded `moves`. Boards are
// reached in the same order, so `hardest` is the same board. `queue` and
// `reached` are the caller's, to keep their memory from one puzzle to the
// next.
template <class Rules>
GoalDistances<typename Rules::State> distances_over_moves(const Rules& rules, const Visited<typename Rules::State>& seen,
                                                          const ClusterMoves& moves, std::vector<std::uint32_t>& queue,
                                                          std::vector<std::uint8_t>& reached, const Deadline& deadline = {}) {
    using State = typename Rules::State;
    constexpr std::uint64_t kClockEvery = 1 << 16;  // moves followed between two looks at the clock
    constexpr std::ptrdiff_t kAhead = 8;             // boards of the queue fetched ahead
    const std::uint32_t n = seen.size();
    // Each board enters the queue once; one more place takes the blind write
    // of a board already reached.
    queue.resize(std::size_t{n} + 1);
    reached.assign(n, 0);
    std::uint32_t* const first = queue.data();
    std::uint32_t* end = first;
    for (std::uint32_t k = 0; k < n; ++k)
        if (rules.is_goal(seen.board(k))) {
            *end++ = k;
            reached[k] = 1;
        }
    const std::uint32_t* const to = moves.to().data();
    const std::uint32_t* const ends = moves.ends().data();
    std::uint8_t* const mark = reached.data();
    GoalDistances<State> d;
    std::uint64_t followed = 0, clock_at = kClockEvery;
    for (std::uint32_t* begin = first; begin < end;) {
        std::uint32_t* const level_end = end;
        d.boards_at.push_back(static_cast<std::uint64_t>(level_end - begin));
        const std::uint32_t hardest = *begin;
        for (std::uint32_t* next = begin; next < level_end; ++next) {
            // The boards a few places ahead in the queue, fetched in two
            // steps: where their moves start, then the moves. The cluster's
            // moves outgrow the caches and each board's lie anywhere in them.
            if (next + 2 * kAhead < end) __builtin_prefetch(ends + next[2 * kAhead]);
            if (next + kAhead < end) {
                const std::uint32_t k = next[kAhead];
                __builtin_prefetch(to + (k ? ends[k - 1] : 0));
            }
            const std::uint32_t i = *next;
            const std::uint32_t* m = to + (i ? ends[i - 1] : 0);
            const std::uint32_t* const last = to + ends[i];
            followed += static_cast<std::uint64_t>(last - m);
            // No branch on whether a neighbour is new, which no predictor
            // guesses: it is written, and kept only if new.
            for (; m < last; ++m) {
                const std::uint32_t j = *m;
                *end = j;
                end += mark[j] ^ 1;
                mark[j] = 1;
            }
            if (deadline.set() && followed >= clock_at) {
                clock_at = followed + kClockEvery;
                if (deadline.passed()) {
                    d.complete = false;
                    return d;
                }
            }
        }
        if (end == level_end) d.hardest = seen.board(hardest);
        begin = level_end;
    }
    return d;
}

}  // namespace slidedb
