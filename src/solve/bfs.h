// The breadth-first search engine, shared by every rule set.
//
// A rule set gives: a State type (an unsigned integer, or a std::array of
// 64-bit words for wider boards) and its own Move type, start(),
// is_goal(state), for_each_successor(state, f), move_between(a, b) (the move
// that turns a into b, one move apart) and steps(move) (what a move costs in
// the family's second metric; Unblock: cells slid). A rule set may also give
// successors_into(state, out) (the same successors written to out, returning
// their end) and successor_room() (the boards out must have room for): the
// search then has them written straight into its batch. Its moves must be
// reversible (every successor is also a predecessor): duplicates are then
// only looked for one level up and down, and paths are rebuilt backwards.
// The engine explores the whole cluster (every board reachable from the
// start), level by level: BFS order makes the first goal board it meets one
// of the fewest moves, and a search that analyses the cluster and records
// its moves keeps, of the paths of that many moves, one of the fewest steps.
#pragma once

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "solve/cluster_moves.h"
#include "solve/deadline.h"
#include "solve/result.h"
#include "solve/visited.h"

namespace slidedb {

// Expands level after level from the boards already in `seen`, all taken as
// depth 0, until a level adds nothing, the set holds max_states boards, its
// memory budget refuses more or the deadline passes.
// visit(index, board, level) sees each board as it is expanded. Appends one
// Level per depth expanded; `next` is left at the first board not expanded.
// Returns what cut the search short (Cut::None when nothing did).
// With `moves`, records every move as it goes (seen must track indices).
// With `halt`, the search also ends, with Cut::None, once visit() sets it.
template <class Rules, class Visit>
Cut expand_levels(const Rules& rules, Visited<typename Rules::State>& seen, std::uint64_t max_states,
                  std::vector<Level>& levels, std::uint32_t& next, Visit&& visit, const Deadline& deadline = {},
                  ClusterMoves* moves = nullptr, const bool* halt = nullptr) {
    using State = typename Rules::State;
    constexpr std::uint32_t kBatch = Visited<State>::kBatch;
    constexpr std::uint32_t kGroup = 64;  // successors worth one batch
    // Successors generated between two looks at the clock: a few
    // milliseconds of search, against tens of nanoseconds for the clock.
    // Counted in successors, not boards: a board of a family whose move
    // carries a piece anywhere (blocks) has hundreds.
    constexpr std::uint64_t kClockEvery = 1 << 16;
    std::uint64_t examined_before = 0;  // successors of the levels done
    std::uint64_t clock_at = kClockEvery;
    std::uint32_t begin = 0;
    bool cut = false;
    bool late = false;
    next = 0;
    const auto halted = [halt] { return halt && *halt; };
    for (std::uint32_t depth = 0, before = 0; begin < seen.size() && !cut && !halted(); ++depth) {
        const std::uint32_t end = seen.size();
        // Successors of depth d boards lie in depths d-1, d and d+1: the
        // table need only hold boards from depth d-1 on.
        seen.forget_before(before);
        before = begin;
        Level level{depth, end - begin, 0, 0, 0};
        for (next = begin; next < end && !cut && !halted();) {
            // The successors of a few boards go in at once, so that more probes
            // are in flight. A batch takes no more boards once its successors
            // could bring the count to max_states: only its last board can
            // reach it, and the cut falls after the same board as if each
            // went alone.
            State batch[kBatch];
            std::uint32_t at[kBatch];
            std::uint32_t n = 0;
            const auto flush = [&] {
                if (moves && moves->fits(seen.peak_bytes(), n)) {
                    level.fresh += seen.insert(batch, n, at);
                    moves->add(at, n);
                } else {
                    // A record given up leaves the memory to the search.
                    if (moves && seen.tracks_indices()) seen.track_indices(false);
                    level.fresh += seen.insert(batch, n);
                }
                n = 0;
            };
            do {
                const State s = seen.board(next);
                visit(next++, s, level);
                const auto add = [&](State b) {
                    if (n == kBatch) flush();
                    batch[n++] = b;
                    ++level.examined;
                };
                if constexpr (requires(State* out) { rules.successors_into(s, out); }) {
                    // Room for them all: no flush would fall among them.
                    if (n + rules.successor_room() <= kBatch) {
                        const auto made = static_cast<std::uint32_t>(rules.successors_into(s, batch + n) - (batch + n));
                        n += made;
                        level.examined += made;
                    } else {
                        rules.for_each_successor(s, add);
                    }
                } else {
                    rules.for_each_successor(s, add);
                }
                if (moves && moves->whole()) moves->end_board(n);
            } while (next < end && n < kGroup && seen.size() + n < max_states);  // halt: looked at a batch at a time
            flush();
            cut = seen.size() >= max_states || seen.over_budget();
            if (!cut && deadline.set() && examined_before + level.examined >= clock_at) {
                clock_at = examined_before + level.examined + kClockEvery;
                cut = late = deadline.passed();
            }
        }
        examined_before += level.examined;
        levels.push_back(level);
        begin = end;
        if (!cut && !halted() && begin < seen.size() && deadline.passed()) cut = late = true;
    }
    if (!cut) return Cut::None;
    if (seen.over_budget()) return Cut::Memory;
    return late ? Cut::Time : Cut::States;
}

// Of the shortest paths from board 0 to a goal board of level `depth`
// (boards [start_of[d], start_of[d + 1]) at level d, the last level ending
// at level_end), one of the fewest steps, over the moves `record` kept:
// each board's fewest steps to such a goal, carried up a level at a time,
// then the path walked down along them. Appends its moves; returns its
// steps.
template <class Rules>
int fewest_steps_by_index(const Rules& rules, const Visited<typename Rules::State>& seen, const ClusterMoves& record,
                          const std::vector<std::uint32_t>& start_of, std::size_t depth, std::uint32_t level_end,
                          std::vector<typename Rules::Move>& path_moves) {
    constexpr std::uint32_t kFar = ~std::uint32_t{0};
    thread_local std::vector<std::uint32_t> cost;  // kept for the next search: no allocation a puzzle
    cost.assign(level_end, kFar);
    const std::vector<std::uint32_t>& to = record.to();
    const std::vector<std::uint32_t>& ends = record.ends();
    const auto level_of_end = [&](std::size_t d) {
        return d + 1 < start_of.size() && d < depth ? start_of[d + 1] : level_end;
    };
    const auto step = [&](std::uint32_t a, std::uint32_t b) {
        return static_cast<std::uint32_t>(rules.steps(rules.move_between(seen.board(a), seen.board(b))));
    };
    for (std::uint32_t i = start_of[depth]; i < level_end; ++i)
        if (rules.is_goal(seen.board(i))) cost[i] = 0;
    for (std::size_t d = depth; d > 0; --d) {
        const std::uint32_t up0 = start_of[d - 1], up1 = start_of[d];
        for (std::uint32_t i = start_of[d], end = level_of_end(d); i < end; ++i) {
            if (cost[i] == kFar) continue;
            for (std::uint32_t k = i ? ends[i - 1] : 0; k < ends[i]; ++k)
                if (const std::uint32_t j = to[k]; j >= up0 && j < up1)
                    cost[j] = std::min(cost[j], cost[i] + step(j, i));
        }
    }
    std::uint32_t at = 0;
    for (std::size_t d = 0; d < depth; ++d) {
        const std::uint32_t down0 = start_of[d + 1], down1 = level_of_end(d + 1);
        for (std::uint32_t k = at ? ends[at - 1] : 0; k < ends[at]; ++k) {
            const std::uint32_t j = to[k];
            if (j < down0 || j >= down1 || cost[j] == kFar || cost[j] + step(at, j) != cost[at]) continue;
            path_moves.push_back(rules.move_between(seen.board(at), seen.board(j)));
            at = j;
            break;
        }
    }
    return static_cast<int>(cost[0]);
}

// A shortest path, the first found walking back from the goal board `goal`:
// any neighbour one level up is on one (moves are reversible, so successors
// are also predecessors). Appends its moves; returns its steps.
template <class Rules>
int first_path(const Rules& rules, Visited<typename Rules::State>& seen, std::uint32_t goal,
               const std::vector<std::uint32_t>& start_of, std::size_t depth,
               std::vector<typename Rules::Move>& path_moves) {
    using State = typename Rules::State;
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
    int steps = 0;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const typename Rules::Move m = rules.move_between(path[k - 1], path[k]);
        path_moves.push_back(m);
        steps += rules.steps(m);
    }
    return steps;
}

// The whole cluster of rules.start(): figures, levels and, when a goal is
// reached, an optimal path in `path_moves` (cleared first) with moves and steps
// filled: with options.analyse_cluster and the moves recorded, one of the
// fewest steps among those of the fewest moves, else the first found. Past the deadline the search stops as at
// a limit, with Cut::Time. SolveResult::solution is left to the family,
// which writes moves as text.
template <class Rules>
// With `moves` (started by the caller, seen tracking indices), the moves of
// the cluster are recorded too, as far as their budget goes.
SolveResult bfs(const Rules& rules, const SolveOptions& options, Visited<typename Rules::State>& seen,
                std::vector<typename Rules::Move>& path_moves, const Deadline& deadline = {},
                ClusterMoves* moves = nullptr) {
    using State = typename Rules::State;
    constexpr std::uint32_t kNone = Visited<State>::kNone;
    const auto started = std::chrono::steady_clock::now();
    const std::uint64_t max_states =
        std::min<std::uint64_t>(std::max<std::uint64_t>(options.max_states, 1), kNone - 1);

    SolveResult r;
    r.max_states = max_states;
    path_moves.clear();
    seen.clear();
    const State start = rules.start();
    seen.insert(&start, 1);
    std::uint32_t goal = kNone;
    std::uint32_t next = 0;  // first board not yet expanded
    bool reached = false;    // a goal, when the search ends there
    Cut why = expand_levels(
        rules, seen, max_states, r.levels, next,
        [&](std::uint32_t i, State s, Level& level) {
            if (rules.is_goal(s)) {
                ++level.goals;
                if (goal == kNone) goal = i;
                reached = options.stop_at_goal;
            }
        },
        deadline, moves, &reached);
    if (why == Cut::None && seen.over_budget()) why = Cut::Memory;
    const bool cut = why != Cut::None;
    for (const Level& level : r.levels) {
        r.examined += level.examined;
        r.cluster_goals += level.goals;
    }

    if (cut) {
        // Boards reached but never expanded: the rest of the cut level and the
        // start of the next. Levels up to the cut one are complete, so the
        // first goal among them in discovery order is still at least depth.
        // Their goals are counted with the boards reached (cluster_size), so
        // a puzzle solved there has goals in its figures.
        for (std::uint32_t i = next; i < seen.size(); ++i)
            if (rules.is_goal(seen.board(i))) {
                ++r.cluster_goals;
                if (goal == kNone) goal = i;
            }
        r.cluster_complete = false;
        r.cut = why;
    } else if (reached && next < seen.size()) {
        r.cluster_complete = false;  // ended at the goal, boards left unexpanded
    }

    r.cluster_size = seen.size();
    r.cluster_depth = static_cast<int>(r.levels.size()) - 1;
    if (goal != kNone) {
        std::vector<std::uint32_t> start_of(r.levels.size() + 1, 0);
        for (std::size_t d = 0; d < r.levels.size(); ++d)
            start_of[d + 1] = start_of[d] + static_cast<std::uint32_t>(r.levels[d].frontier);
        std::size_t depth = 0;
        while (depth + 1 < start_of.size() && start_of[depth + 1] <= goal) ++depth;
        const std::uint32_t level_end = depth + 1 < start_of.size() ? start_of[depth + 1] : seen.size();
        r.status = Status::Solved;
        // A search that stores its figures, and recorded the cluster's moves,
        // keeps of the shortest solutions one of the fewest steps; any other
        // (a hint, a check, a cluster too large to keep its moves) keeps the
        // first it finds.
        if (options.analyse_cluster && moves && moves->whole() && moves->ends().size() >= level_end)
            r.steps = fewest_steps_by_index(rules, seen, *moves, start_of, depth, level_end, path_moves);
        else
            r.steps = first_path(rules, seen, goal, start_of, depth, path_moves);
        r.moves = static_cast<int>(path_moves.size());
    } else {
        r.status = cut ? Status::Limit : Status::Unsolvable;
    }
    r.peak_bytes = seen.peak_bytes();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

}  // namespace slidedb
