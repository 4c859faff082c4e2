#include "families/tiles/cluster.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "families/tiles/geometry.h"
#include "families/tiles/perm_index.h"

namespace slidedb::tiles {

namespace {

constexpr std::uint8_t kUnseen = 0xFF;

// Level-synchronous BFS over the index: each depth scans the table for its
// boards (a byte compare is cheaper than a queue of 4-byte indices at 12!/2).
// on_level(depth, frontier, examined, fresh) reports each depth.
template <class OnLevel>
void bfs_over_index(const PermIndex& index, const Geometry& g, const TileBoard& root,
                    std::vector<std::uint8_t>& dist, OnLevel&& on_level) {
    dist.assign(index.count(), kUnseen);
    dist[index.index(root.cells.data())] = 0;
    std::uint64_t frontier = 1;
    std::array<std::uint8_t, kMaxCells> cells{};
    for (int depth = 0; frontier > 0; ++depth) {
        std::uint64_t examined = 0, fresh = 0;
        const auto d = static_cast<std::uint8_t>(depth);
        for (std::uint64_t i = 0; i < dist.size(); ++i) {
            if (dist[i] != d) continue;
            index.board(i, cells.data());
            int b = 0;
            while (cells[b] != kBlank) ++b;
            for (int k = 0; k < g.degree[b]; ++k) {
                const int to = g.neighbours[b][k];
                std::swap(cells[b], cells[to]);
                const std::uint64_t j = index.index(cells.data());
                std::swap(cells[b], cells[to]);
                ++examined;
                if (dist[j] == kUnseen) {
                    dist[j] = static_cast<std::uint8_t>(depth + 1);
                    ++fresh;
                }
            }
        }
        on_level(depth, frontier, examined, fresh);
        frontier = fresh;
    }
}

}  // namespace

std::shared_ptr<const GoalDistances> goal_distances(const TileBoard& goal) {
    const auto started = std::chrono::steady_clock::now();
    auto table = std::make_shared<GoalDistances>();
    table->goal = goal;
    const PermIndex index(goal);
    bfs_over_index(index, Geometry(goal.width, goal.height), goal, table->distance,
                   [&](int, std::uint64_t frontier, std::uint64_t, std::uint64_t) {
                       table->count.push_back(frontier);
                   });
    table->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

ClusterResult solve_by_cluster(const TileBoard& start, const GoalDistances& table, bool levels) {
    const auto started = std::chrono::steady_clock::now();
    ClusterResult r;
    const PermIndex index(table.goal);
    const Geometry g(start.width, start.height);

    // The solution: from the start, always to a neighbour one closer.
    TileBoard at = start;
    r.moves = table.distance[index.index(start.cells.data())];
    for (int left = r.moves; left > 0; --left) {
        const int b = at.blank();
        for (int k = 0; k < g.degree[b]; ++k) {
            const TileMove m{at.cells[g.neighbours[b][k]], g.direction[b][k]};
            const TileBoard next = apply_move(at, m);
            if (table.distance[index.index(next.cells.data())] == left - 1) {
                r.solution.push_back(m);
                at = next;
                break;
            }
        }
    }

    // Levels from the start: a second search over the same cluster.
    std::vector<std::uint8_t> from_start;
    if (levels)
        bfs_over_index(index, g, start, from_start,
                   [&](int depth, std::uint64_t frontier, std::uint64_t examined, std::uint64_t fresh) {
                       Level l;
                       l.depth = static_cast<std::uint32_t>(depth);
                       l.frontier = frontier;
                       l.examined = examined;
                       l.fresh = fresh;
                       l.goals = depth == r.moves ? 1 : 0;
                       r.levels.push_back(l);
                       r.examined += examined;
                   });

    r.goal_levels = table.count;
    r.hardest_moves = static_cast<int>(table.count.size()) - 1;
    const auto far = static_cast<std::uint8_t>(r.hardest_moves);
    for (std::uint64_t i = 0; i < table.distance.size() && r.hardest.size() < kMaxHardest; ++i) {
        if (table.distance[i] != far) continue;
        TileBoard b = start;
        index.board(i, b.cells.data());
        r.hardest.push_back(b);
    }
    r.peak_bytes = table.distance.size() + from_start.size();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

}  // namespace slidedb::tiles
