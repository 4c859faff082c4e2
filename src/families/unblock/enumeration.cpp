#include "families/unblock/enumeration.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "families/unblock/signature_search.h"

namespace slidedb::enumeration {

namespace {

// The row types of every row, each combination a work unit: walls live in
// rows only, so the wall count is known per unit.
std::vector<TypeChoice> row_signatures(const Geometry& g) {
    std::vector<TypeChoice> out;
    TypeChoice choice{};
    auto pick = [&](auto&& self, int y, int walls) -> void {
        if (y == g.size) {
            if (walls >= g.min_walls) out.push_back(choice);
            return;
        }
        const auto& types = g.rows[static_cast<std::size_t>(y)];
        for (std::size_t t = 0; t < types.size(); ++t) {
            if (walls + types[t].walls > g.max_walls) continue;
            choice[y] = static_cast<int>(t);
            self(self, y + 1, walls + types[t].walls);
        }
    };
    pick(pick, 0, 0);
    return out;
}

struct Plan {
    Geometry geometry;
    std::vector<TypeChoice> units;
};

std::shared_ptr<const Plan> plan_for(const Spec& spec) {
    static std::mutex m;
    static std::map<std::tuple<int, int, int>, std::shared_ptr<const Plan>> plans;
    std::lock_guard lock(m);
    auto& p = plans[{spec.size, spec.min_walls, spec.max_walls}];
    if (!p) {
        auto plan = std::make_shared<Plan>();
        plan->geometry = make_geometry(spec.size, spec.min_walls, spec.max_walls);
        plan->units = row_signatures(plan->geometry);
        p = plan;
    }
    return p;
}

std::uint64_t scramble(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Every signature of one row signature: column types chosen column by column,
// keeping only the row combinations that still leave each column a place.
class UnitRunner {
public:
    UnitRunner(const Geometry& g, bool every_cluster) : g_(g), search_(g, every_cluster) {}

    UnitResult run(std::uint64_t unit, const TypeChoice& rows) {
        UnitResult out;
        out.unit = unit;
        search_.set_rows(rows);
        const std::uint32_t combinations = search_.row_combinations();
        level_.resize(static_cast<std::size_t>(g_.size) + 1);
        level_[0].resize(combinations);
        for (std::uint32_t r = 0; r < combinations; ++r) level_[0][r] = r;
        choose(0, out);
        return out;
    }

private:
    void choose(int x, UnitResult& out) {
        if (x == g_.size) {
            search_.search(columns_, level_[static_cast<std::size_t>(x)], out.counts, out.puzzles);
            return;
        }
        const auto& from = level_[static_cast<std::size_t>(x)];
        auto& to = level_[static_cast<std::size_t>(x) + 1];
        const auto& fits = g_.fits[static_cast<std::size_t>(x)];
        for (std::size_t t = 0; t < fits.size(); ++t) {
            to.clear();
            const auto& count = fits[t].count;
            for (const std::uint32_t r : from)
                if (count[search_.pattern(r, x)]) to.push_back(r);
            if (to.empty()) continue;
            columns_[x] = static_cast<int>(t);
            choose(x + 1, out);
        }
    }

    const Geometry& g_;
    SignatureSearch search_;
    TypeChoice columns_{};
    std::vector<std::vector<std::uint32_t>> level_;
};

}  // namespace

void Counts::add(const Counts& o) {
    clusters += o.clusters;
    with_goal += o.with_goal;
    puzzles += o.puzzles;
    puzzle_boards += o.puzzle_boards;
    boards += o.boards;
    goal_boards += o.goal_boards;
    if (by_moves.size() < o.by_moves.size()) by_moves.resize(o.by_moves.size());
    for (std::size_t i = 0; i < o.by_moves.size(); ++i) by_moves[i] += o.by_moves[i];
}

std::uint64_t unit_count(const Spec& spec) { return plan_for(spec)->units.size(); }

std::optional<std::uint64_t> unit_of(const Spec& spec, const Board& board) {
    if (board.width != spec.size || board.height != spec.size) return std::nullopt;
    const int walls = static_cast<int>(board.fixed.size());
    if (walls < spec.min_walls || walls > spec.max_walls) return std::nullopt;
    const auto plan = plan_for(spec);
    const Geometry& g = plan->geometry;
    TypeChoice choice{};
    for (int y = 0; y < g.size; ++y) {
        // The row's items by column: walls and horizontal pieces.
        std::vector<std::pair<int, int>> items;  // column, length
        for (const Block& b : board.blocks)
            if (b.axis == Axis::Horizontal && b.row == y) items.push_back({b.col, b.length});
        for (const Cell& c : board.fixed)
            if (c.row == y) items.push_back({c.col, 1});
        std::sort(items.begin(), items.end());
        std::vector<std::int8_t> lengths;
        Cells wall_cells = 0;
        for (const auto& [col, len] : items) {
            lengths.push_back(static_cast<std::int8_t>(len));
            if (len == 1) wall_cells |= Cells{1} << (y * g.size + col);
        }
        const auto& types = g.rows[static_cast<std::size_t>(y)];
        int found = -1;
        for (std::size_t t = 0; t < types.size() && found < 0; ++t) {
            Cells w = 0;
            for (std::size_t i = 0; i < types[t].lengths.size(); ++i)
                if (types[t].lengths[i] == 1) w |= Cells{1} << (y * g.size + types[t].placements[0].start[i]);
            if (types[t].lengths == lengths && w == wall_cells) found = static_cast<int>(t);
        }
        if (found < 0) return std::nullopt;
        choice[y] = found;
    }
    // Units are made in lexicographic order of their row types.
    const auto at = std::lower_bound(plan->units.begin(), plan->units.end(), choice);
    if (at == plan->units.end() || *at != choice) return std::nullopt;
    return static_cast<std::uint64_t>(at - plan->units.begin());
}

bool in_shard(std::uint64_t unit, const Shard& shard) {
    if (shard.count <= 1) return true;
    return scramble(unit) % static_cast<std::uint64_t>(shard.count) == static_cast<std::uint64_t>(shard.index - 1);
}

void enumerate(const Spec& spec, const Shard& shard, int threads,
               const std::function<bool(std::uint64_t)>& skip,
               const std::function<void(UnitResult&&)>& done,
               const std::function<void(const Progress&)>& progress) {
    const auto plan = plan_for(spec);
    std::vector<std::uint64_t> todo;
    for (std::uint64_t u = 0; u < plan->units.size(); ++u)
        if (in_shard(u, shard) && !(skip && skip(u))) todo.push_back(u);
    // Costly units are spread over the list, so the rate so far predicts the rest.
    std::sort(todo.begin(), todo.end(), [](std::uint64_t a, std::uint64_t b) { return scramble(a ^ 0x5bd1e995) < scramble(b ^ 0x5bd1e995); });

    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
    tbb::enumerable_thread_specific<UnitRunner> runners([&] { return UnitRunner(plan->geometry, spec.every_cluster); });
    std::mutex m;
    Progress state;
    state.units = todo.size();
    const auto started = std::chrono::steady_clock::now();
    double last_report = 0;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, todo.size(), 1), [&](const tbb::blocked_range<std::size_t>& range) {
        UnitRunner& runner = runners.local();
        for (std::size_t i = range.begin(); i < range.end(); ++i) {
            const auto unit_started = std::chrono::steady_clock::now();
            UnitResult result = runner.run(todo[i], plan->units[todo[i]]);
            result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - unit_started).count();
            std::lock_guard lock(m);
            state.counts.add(result.counts);
            ++state.units_done;
            done(std::move(result));
            state.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (progress && (state.seconds - last_report >= 1 || state.units_done == state.units)) {
                last_report = state.seconds;
                state.eta_seconds = state.seconds / static_cast<double>(state.units_done) *
                                    static_cast<double>(state.units - state.units_done);
                progress(state);
            }
        }
    });
}

Counts enumerate_counts(const Spec& spec, std::vector<Puzzle>* puzzles, int threads) {
    std::vector<UnitResult> results;
    enumerate(spec, Shard{}, threads, nullptr, [&](UnitResult&& r) { results.push_back(std::move(r)); }, nullptr);
    std::sort(results.begin(), results.end(), [](const UnitResult& a, const UnitResult& b) { return a.unit < b.unit; });
    Counts total;
    for (UnitResult& r : results) {
        total.add(r.counts);
        if (puzzles)
            for (Puzzle& p : r.puzzles) puzzles->push_back(std::move(p));
    }
    return total;
}

}  // namespace slidedb::enumeration
