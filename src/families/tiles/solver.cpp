#include "families/tiles/solver.h"

#include <chrono>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "families/tiles/cluster.h"
#include "families/tiles/search.h"
#include "families/tiles/symmetry.h"

namespace slidedb::tiles {

namespace {

std::string goal_key(const TileBoard& goal) { return fmt::format("{}x{} {}", goal.width, goal.height, board_text(goal)); }

// Tables are large and the same for every puzzle of one goal: one copy a
// process, made under a lock so that parallel solvers wait for one build.
std::shared_ptr<const GoalDistances> shared_distances(const TileBoard& goal) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const GoalDistances>> tables;
    std::lock_guard lock(mutex);
    auto& slot = tables[goal_key(goal)];
    if (!slot) slot = goal_distances(goal);
    return slot;
}

}  // namespace

std::shared_ptr<const PatternSet> shared_patterns(const TileBoard& goal, const TilesOptions& options) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const PatternSet>> sets;
    std::lock_guard lock(mutex);
    auto& slot = sets[goal_key(goal) + "|" + options.cache_dir.string()];
    if (!slot) slot = pattern_set(goal, default_groups(goal), options.cache_dir, options.say);
    return slot;
}

TilesOutcome solve_tiles(const TileBoard& start, const TileBoard& goal, const TilesOptions& options) {
    auto started = std::chrono::steady_clock::now();
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
    const bool small = start.size() <= kMaxClusterCells && out.cluster_size <= options.max_states;
    if (small) {
        out.method = Method::Cluster;
        const auto table = shared_distances(goal);
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
    } else {
        out.method = Method::Ida;
        out.cluster_by_formula = true;
        // The search runs on the canonical form of the goal, whose tables
        // every goal with its blank in a corner shares.
        const Canonical canonical = canonical_form(goal);
        const auto set = shared_patterns(canonical.goal, options);
        out.tables = set->report;
        started = std::chrono::steady_clock::now();  // a table build is not the search
        IdaLimits limits;
        limits.max_boards = options.max_states;
        limits.max_seconds = options.max_seconds;
        TileSearchResult r = solve_by_ida(canonical.map(start), *set, limits);
        r.solution = canonical.unmap(start, r.solution);
        for (const IdaIteration& it : r.iterations) {
            Level l;
            l.depth = static_cast<std::uint32_t>(it.bound);
            l.frontier = it.expanded;
            l.examined = it.generated;
            l.goals = r.solved && it.bound == r.moves ? 1 : 0;
            out.levels.push_back(l);
        }
        out.examined = r.generated;
        out.peak_bytes = r.peak_bytes;
        if (r.solved) {
            out.status = Status::Solved;
            out.moves = r.moves;
            out.solution = r.solution;
        } else {
            out.status = Status::Limit;
            out.reason = r.generated >= options.max_states
                             ? fmt::format("stopped after {} boards (--max-states)", r.generated)
                             : fmt::format("stopped after {:.0f} s (time limit)", r.seconds);
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace slidedb::tiles
