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
// of the fewest moves, and a search that analyses the cluster keeps, of the
// paths of that many moves, one of the fewest steps.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
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

// The same without a record of the moves: boards and their costs held in
// sorted lists a level each, found again by their successors and the
// visited set's window. Past kFewestStepsBytes of lists (a cluster too
// large for its moves to be kept) it gives up (nullopt, nothing appended).
constexpr std::uint64_t kFewestStepsBytes = std::uint64_t{64} << 20;

template <class Rules>
std::optional<int> fewest_steps_by_hash(const Rules& rules, Visited<typename Rules::State>& seen,
                                        const std::vector<std::uint32_t>& start_of, std::size_t depth,
                                        std::uint32_t level_end, std::vector<typename Rules::Move>& path_moves) {
    using State = typename Rules::State;
    using Cost = std::pair<State, std::uint64_t>;  // a board, its fewest steps to a goal
    std::vector<std::vector<Cost>> on_path(depth + 1);
    std::uint64_t held = 0;
    for (std::uint32_t i = start_of[depth]; i < level_end; ++i)
        if (rules.is_goal(seen.board(i))) on_path[depth].push_back({seen.board(i), 0});
    std::sort(on_path[depth].begin(), on_path[depth].end());  // looked up below
    // (a rule set's move_between may walk the successors itself: each
    // board's are gathered before its moves are asked for)
    std::vector<State> near;
    for (std::size_t d = depth; d > 0; --d) {
        seen.window(start_of[d - 1], start_of[d]);
        std::vector<Cost>& up = on_path[d - 1];
        for (const auto& [board, cost] : on_path[d]) {
            near.clear();
            rules.for_each_successor(board, [&](State n) {
                if (seen.contains(n)) near.push_back(n);
            });
            for (const State n : near) up.push_back({n, cost + rules.steps(rules.move_between(n, board))});
            if ((held + up.size()) * sizeof(Cost) > kFewestStepsBytes) return std::nullopt;
        }
        std::sort(up.begin(), up.end());  // a board's cheapest first
        up.erase(std::unique(up.begin(), up.end(), [](const Cost& a, const Cost& b) { return a.first == b.first; }),
                 up.end());
        held += up.size();
    }
    State at = on_path[0].front().first;
    for (std::size_t d = 0; d < depth; ++d) {
        const std::vector<Cost>& down = on_path[d + 1];
        const std::uint64_t left = std::lower_bound(on_path[d].begin(), on_path[d].end(), Cost{at, 0})->second;
        near.clear();
        rules.for_each_successor(at, [&](State n) {
            const auto it = std::lower_bound(down.begin(), down.end(), Cost{n, 0});
            if (it != down.end() && it->first == n) near.push_back(n);
        });
        for (const State n : near) {
            const typename Rules::Move m = rules.move_between(at, n);
            if (std::lower_bound(down.begin(), down.end(), Cost{n, 0})->second + rules.steps(m) != left) continue;
            path_moves.push_back(m);
            at = n;
            break;
        }
    }
    return static_cast<int>(on_path[0].front().second);
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
// filled: with options.analyse_cluster, one of the fewest steps among those
// of the fewest moves (within kFewestStepsBytes when the moves were not
// recorded), else the first found. Past the deadline the search stops as at
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
        // A search that stores its figures keeps, of the shortest solutions,
        // one of the fewest steps; one for a hint or a check (no analysis)
        // keeps the first it finds.
        std::optional<int> steps;
        if (options.analyse_cluster) {
            if (moves && moves->whole() && moves->ends().size() >= level_end)
                steps = fewest_steps_by_index(rules, seen, *moves, start_of, depth, level_end, path_moves);
            else
                steps = fewest_steps_by_hash(rules, seen, start_of, depth, level_end, path_moves);
        }
        if (!steps) steps = first_path(rules, seen, goal, start_of, depth, path_moves);
        r.steps = *steps;
        r.moves = static_cast<int>(path_moves.size());
    } else {
        r.status = cut ? Status::Limit : Status::Unsolvable;
    }
    r.peak_bytes = seen.peak_bytes();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

}  // namespace slidedb
