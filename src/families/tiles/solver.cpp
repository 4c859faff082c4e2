#include "families/tiles/solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <tbb/collaborative_call_once.h>

#include "families/tiles/cluster.h"
#include "families/tiles/manhattan.h"
#include "families/tiles/search.h"
#include "families/tiles/symmetry.h"

namespace slidedb::tiles {

namespace {

std::string goal_key(const TileBoard& goal) { return fmt::format("{}x{} {}", goal.width, goal.height, board_text(goal)); }

// Tables are large and the same for every puzzle of one goal: one copy a
// process, made under a lock so that parallel solvers wait for one build.
// Unless `keep`, a table not held already is made for this search alone,
// and its memory goes back when the search ends.
std::shared_ptr<const GoalDistances> shared_distances(const TileBoard& goal, bool keep) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const GoalDistances>> tables;
    std::lock_guard lock(mutex);
    if (!keep) {
        const auto held = tables.find(goal_key(goal));
        return held != tables.end() ? held->second : goal_distances(goal);
    }
    auto& slot = tables[goal_key(goal)];
    if (!slot) slot = goal_distances(goal);
    return slot;
}

// The tables of one goal and cache folder, built or mapped once a process.
// A thread that asks while another builds them joins the build (the build's
// parallel loops take every thread of the arena) instead of idling on a lock.
struct SharedTables {
    tbb::collaborative_once_flag once;
    std::shared_ptr<const PatternSet> set;
    std::atomic<bool> ready{false};
};

std::shared_ptr<SharedTables> shared_tables(const TileBoard& goal, const TilesOptions& options) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<SharedTables>> tables;
    std::lock_guard lock(mutex);
    auto& slot = tables[goal_key(goal) + "|" + options.cache_dir.string()];
    if (!slot) slot = std::make_shared<SharedTables>();
    return slot;
}

// The iterations of one more search, a bound both searches ran merged.
void add_iterations(const std::vector<IdaIteration>& iterations, bool solved, int moves, std::vector<Level>& levels) {
    for (const IdaIteration& it : iterations) {
        if (levels.empty() || levels.back().depth != static_cast<std::uint32_t>(it.bound)) {
            levels.emplace_back();
            levels.back().depth = static_cast<std::uint32_t>(it.bound);
        }
        Level& l = levels.back();
        l.frontier += it.expanded;
        l.examined += it.generated;
        l.goals = solved && it.bound == moves ? 1 : 0;
    }
}

// Bytes for people, rounded up: "2035 MiB", "12 KiB".
std::string mib(std::uint64_t bytes) {
    if (bytes < (1 << 20)) return fmt::format("{} KiB", (bytes + 1023) >> 10);
    return fmt::format("{} MiB", (bytes + (1 << 20) - 1) >> 20);
}

}  // namespace

std::shared_ptr<const PatternSet> shared_patterns(const TileBoard& goal, const TilesOptions& options,
                                                  const Deadline& deadline) {
    const auto slot = shared_tables(goal, options);
    tbb::collaborative_call_once(slot->once, [&] {
        slot->set = pattern_set(goal, default_groups(goal), options.cache_dir, options.on_build, deadline);
        slot->ready.store(true, std::memory_order_release);
    });
    return slot->set;
}

namespace {

// The tables when this process holds them already, else null.
std::shared_ptr<const PatternSet> held_patterns(const TileBoard& goal, const TilesOptions& options) {
    const auto slot = shared_tables(goal, options);
    return slot->ready.load(std::memory_order_acquire) ? slot->set : nullptr;
}

// IDA*: first by Manhattan distance and linear conflicts, which answers
// short puzzles at once; past its budget, with the pattern tables, built or
// loaded only then, from the bound the first search reached. Tables the
// process holds already are used from the start.
void solve_by_search(const TileBoard& start, const TileBoard& goal, const TilesOptions& options, TilesOutcome& out) {
    out.method = Method::Ida;
    out.cluster_by_formula = true;
    const auto elapsed = [&] { return out.seconds; };
    auto take = [&](const TileSearchResult& r) {
        add_iterations(r.iterations, r.solved, r.moves, out.levels);
        out.examined += r.generated;
        out.peak_bytes = std::max(out.peak_bytes, r.peak_bytes);
        out.seconds += r.seconds;
        if (r.solved) {
            out.status = Status::Solved;
            out.moves = r.moves;
            out.solution = r.solution;
            return true;
        }
        if (options.cancel && *options.cancel) {
            out.cut = Cut::Time;
            out.reason = fmt::format("stopped after {:.0f} s, when asked to", elapsed());
        } else if (out.examined >= options.max_states) {
            out.cut = Cut::States;
            out.reason = fmt::format("stopped after {} boards (--max-states)", out.examined);
        } else if (options.max_seconds > 0 && elapsed() >= options.max_seconds) {
            out.cut = Cut::Time;
            out.reason = fmt::format("stopped after {:.0f} s (time limit)", elapsed());
        } else {
            return false;
        }
        out.status = Status::Limit;
        return true;
    };
    auto limits = [&] {
        IdaLimits l;
        l.max_boards = options.max_states - out.examined;
        if (options.max_seconds > 0) l.max_seconds = std::max(options.max_seconds - elapsed(), 1e-3);
        l.cancel = options.cancel;
        return l;
    };

    // The search runs on the canonical form of the goal, whose tables
    // every goal with its blank in a corner shares.
    const Canonical canonical = canonical_form(goal);
    std::shared_ptr<const PatternSet> set = held_patterns(canonical.goal, options);
    int proven = 0;  // no solution is shorter
    if (!set) {
        IdaLimits quick = limits();
        quick.max_boards = std::min(quick.max_boards, options.manhattan_boards);
        const TileSearchResult r = solve_by_manhattan(start, goal, quick);
        if (take(r)) return;
        if (!r.iterations.empty()) proven = r.iterations.back().bound;  // the bound it was cut in
    }
    // The tables count against the memory budget with the search: known
    // before they are built or mapped, so a set too large for it is never
    // started.
    const std::uint64_t path_bytes = 256 * sizeof(BlankStep);
    const PatternNeed missing =
        set ? PatternNeed{} : pattern_need(canonical.goal, default_groups(canonical.goal), options.cache_dir);
    if (missing.to_build > 0 && !options.build_tables)
        throw SearchRefused(fmt::format(
            "this board needs pattern tables that are not built yet: {} of {} to build, {} on disk in all; build "
            "them once with `slidedb solve --cache-dir '{}' FILE`, FILE holding this board, then ask again",
            missing.to_build, default_groups(canonical.goal).size(), mib(missing.table_bytes),
            options.cache_dir.string()));
    const std::uint64_t need = set ? set->bytes() : missing.peak_bytes;
    if (options.max_memory > 0 && need + path_bytes > options.max_memory) {
        out.status = Status::Limit;
        out.cut = Cut::Memory;
        out.reason = fmt::format("the pattern tables need {}{}, over the memory limit of {} (--max-memory)",
                                 mib(need), set ? "" : " to build or load", mib(options.max_memory));
        return;
    }
    if (!set) {
        const Deadline deadline = Deadline::after(
            options.max_seconds > 0 ? std::max(options.max_seconds - elapsed(), 1e-3) : 0, options.cancel);
        const auto building = std::chrono::steady_clock::now();
        try {
            set = shared_patterns(canonical.goal, options, deadline);
        } catch (const BuildStopped&) {
            out.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - building).count();
            out.status = Status::Limit;
            out.cut = Cut::Time;
            out.reason = fmt::format("stopped after {:.0f} s while building the pattern tables ({})", out.seconds,
                                     deadline.cancelled() ? "when asked to" : "time limit");
            return;
        }
    }
    out.tables = set->report;
    IdaLimits full = limits();
    full.min_bound = proven;
    TileSearchResult r = solve_by_ida(canonical.map(start), *set, full);
    r.solution = canonical.unmap(start, r.solution);
    if (!take(r)) {  // nothing found below the deepest bound IDA* allows
        out.status = Status::Limit;
        out.cut = Cut::States;
        out.reason = fmt::format("no solution within {} moves", r.iterations.empty() ? 0 : r.iterations.back().bound);
    }
}

}  // namespace

TilesOutcome solve_tiles(const TileBoard& start, const TileBoard& goal, const TilesOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    TilesOutcome out;
    out.cluster_size = cluster_size(start.width, start.height);
    out.cluster_size_text = tiles::cluster_size_text(start.width, start.height);
    if (!reachable(start, goal)) {
        out.status = Status::Unsolvable;
        out.method = Method::Parity;
        out.reason = std::string(kParityReason);
        out.cluster_by_formula = true;
        return out;
    }
    // The whole cluster, one byte a board, when it fits both budgets.
    const bool small = start.size() <= kMaxClusterCells && out.cluster_size <= options.max_states &&
                       (options.max_memory == 0 || out.cluster_size <= options.max_memory);
    if (!small) {
        solve_by_search(start, goal, options, out);  // its seconds are the searches', tables apart
        return out;
    }
    out.method = Method::Cluster;
    const auto table = shared_distances(goal, options.keep_memory);
    const ClusterResult r = solve_by_cluster(start, *table, options.analyse_cluster);
    out.status = Status::Solved;
    out.moves = r.moves;
    out.solution = r.solution;
    out.levels = r.levels;
    out.goal_levels = r.goal_levels;
    out.hardest_moves = r.hardest_moves;
    out.hardest = r.hardest;
    out.examined = r.examined;
    out.peak_bytes = r.peak_bytes;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace slidedb::tiles
