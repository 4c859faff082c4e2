#include "families/tiles/patterns.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <mutex>

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "families/tiles/geometry.h"

namespace slidedb::tiles {

namespace {

constexpr std::uint8_t kUnknown = 0xFF;

// Cell masks for growing a region one step in every direction.
struct Masks {
    int width = 0;
    std::uint32_t board = 0, not_first_col = 0, not_last_col = 0;
    std::array<std::uint32_t, kMaxCells> around{};  // neighbours of each cell

    Masks(int w, int h) : width(w) {
        const int n = w * h;
        board = n >= 32 ? ~0u : (1u << n) - 1;
        const Geometry g(w, h);
        for (int c = 0; c < n; ++c) {
            if (c % w != 0) not_first_col |= 1u << c;
            if (c % w != w - 1) not_last_col |= 1u << c;
            for (int k = 0; k < g.degree[c]; ++k) around[c] |= 1u << g.neighbours[c][k];
        }
    }

    // The cells of `open` the blank reaches from `from` (a bit of open).
    std::uint32_t region(std::uint32_t from, std::uint32_t open) const {
        std::uint32_t r = from;
        for (;;) {
            const std::uint32_t grown =
                (r | ((r & not_last_col) << 1) | ((r & not_first_col) >> 1) | (r << width) | (r >> width)) & open;
            if (grown == r) return r;
            r = grown;
        }
    }
};

std::string cell_code(std::uint8_t v) { return std::string(1, "0123456789abcdefghijklmnopqrstuvwxyz"[v]); }

std::string header_for(const TileBoard& goal, const std::vector<std::uint8_t>& tiles) {
    std::string h = fmt::format("slidedb tiles pattern table v1\n{}x{}\ngoal ", goal.width, goal.height);
    for (int i = 0; i < goal.size(); ++i) h += cell_code(goal.cells[i]);
    h += "\ntiles ";
    for (std::uint8_t t : tiles) h += cell_code(t);
    h += "\n";
    h.resize((h.size() + 63) / 64 * 64, ' ');  // entries start on a cache line
    h.back() = '\n';
    return h;
}

}  // namespace

std::vector<std::vector<std::uint8_t>> default_groups(const TileBoard& goal) {
    std::vector<std::uint8_t> order;  // tiles by goal cell, reading order
    for (int c = 0; c < goal.size(); ++c)
        if (goal.cells[c] != kBlank) order.push_back(goal.cells[c]);
    std::vector<std::vector<std::uint8_t>> groups;
    if (goal.width == 4 && goal.height == 4) {
        // Korf & Felner's 7-8: the top two rows and the bottom two.
        groups.resize(2);
        for (int c = 0; c < 16; ++c)
            if (goal.cells[c] != kBlank) groups[c < 8 ? 0 : 1].push_back(goal.cells[c]);
        return groups;
    }
    const int largest = 6;
    const int count = (static_cast<int>(order.size()) + largest - 1) / largest;
    std::size_t at = 0;
    for (int g = 0; g < count; ++g) {
        const std::size_t take = (order.size() - at) / static_cast<std::size_t>(count - g);
        groups.emplace_back(order.begin() + static_cast<long>(at), order.begin() + static_cast<long>(at + take));
        at += take;
    }
    return groups;
}

std::uint64_t build_bytes(const TileBoard& goal, std::size_t tiles) {
    const int k = static_cast<int>(tiles);
    const std::uint64_t entries = pdb::PlacementIndex(goal.size(), k).count();
    const std::uint64_t states = entries * static_cast<std::uint64_t>(goal.size() - k);
    return 3 * ((states + 63) / 64 * 8) + entries;  // three bit sets and the table
}

std::vector<std::uint8_t> build_pattern_table(const TileBoard& goal, const std::vector<std::uint8_t>& tiles,
                                              std::uint64_t* peak_bytes,
                                              const std::function<void(std::uint64_t filled)>& filled,
                                              const Deadline& deadline) {
    const int n = goal.size();
    const int k = static_cast<int>(tiles.size());
    const int free_cells = n - k;
    const pdb::PlacementIndex index(n, k);
    const Masks masks(goal.width, goal.height);

    // A state is a placement and the blank's region, named by the region's
    // first cell, as its rank among the free cells: placement * free + slot.
    const std::uint64_t states = index.count() * static_cast<std::uint64_t>(free_cells);
    pdb::BitSet seen(states), now(states), next(states);
    std::vector<std::uint8_t> table(index.count(), kUnknown);
    if (peak_bytes) *peak_bytes = seen.bytes() * 3 + table.size();

    std::array<std::uint8_t, kMaxCells> goal_cell{};
    for (int c = 0; c < n; ++c) goal_cell[goal.cells[c]] = static_cast<std::uint8_t>(c);
    std::uint8_t where[kMaxCells];
    for (int i = 0; i < k; ++i) where[i] = goal_cell[tiles[i]];

    auto state_of = [&](std::uint64_t placement, std::uint32_t taken, std::uint32_t blank_region) {
        const std::uint32_t open = masks.board & ~taken;
        const int first = std::countr_zero(blank_region);
        const auto slot = static_cast<std::uint64_t>(pdb::count_bits(open & ((1u << first) - 1)));
        return placement * static_cast<std::uint64_t>(free_cells) + slot;
    };
    {
        std::uint32_t taken = 0;
        for (int i = 0; i < k; ++i) taken |= 1u << where[i];
        const std::uint64_t r = index.rank(where);
        const std::uint64_t s =
            state_of(r, taken, masks.region(1u << goal_cell[kBlank], masks.board & ~taken));
        seen.set(s);
        now.set(s);
        table[r] = 0;
    }
    // Progress: entries found, told at most a few times a second by
    // whichever thread passes by when it is time.
    std::atomic<std::uint64_t> known{1};
    std::atomic<std::int64_t> next_tell{0};
    const auto began = std::chrono::steady_clock::now();
    auto tell = [&] {
        if (!filled) return;
        const std::int64_t now =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began).count();
        std::int64_t due = next_tell.load(std::memory_order_relaxed);
        if (now >= due && next_tell.compare_exchange_strong(due, now + 250)) filled(known.load());
    };
    // Successors are gathered a batch at a time with their bit-set words
    // prefetched, then claimed: the claims are random reads over a large set,
    // and overlapping their cache misses is most of the build's speed. Blocks
    // of the frontier go to all cores; a claim is one atomic OR.
    constexpr std::size_t kBatch = 512;
    std::atomic<bool> late{false};
    for (int depth = 0;; ++depth) {
        std::atomic<bool> any{false};
        const auto value = static_cast<std::uint8_t>(depth + 1);
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, now.words(), 1024),
                          [&](const tbb::blocked_range<std::uint64_t>& words) {
            // A block is a few milliseconds of work: the clock is read once a block.
            if (late.load(std::memory_order_relaxed) || deadline.passed()) {
                late.store(true, std::memory_order_relaxed);
                return;
            }
            std::vector<std::uint64_t> batch;
            batch.reserve(kBatch + 4 * kMaxCells);
            bool found = false;
            auto claim_batch = [&] {
                std::uint64_t entries = 0;
                for (const std::uint64_t s : batch) {
                    if (!seen.claim_shared(s)) continue;
                    next.set_shared(s);
                    const std::uint64_t r = s / static_cast<std::uint64_t>(free_cells);
                    std::atomic_ref<std::uint8_t> entry(table[r]);
                    std::uint8_t unknown = kUnknown;
                    if (entry.load(std::memory_order_relaxed) == kUnknown &&
                        entry.compare_exchange_strong(unknown, value, std::memory_order_relaxed))
                        ++entries;
                    found = true;
                }
                batch.clear();
                known.fetch_add(entries, std::memory_order_relaxed);
                tell();
            };
            now.for_each_in(words.begin(), words.end(), [&](std::uint64_t s) {
                const std::uint64_t placement = s / static_cast<std::uint64_t>(free_cells);
                const int slot = static_cast<int>(s % static_cast<std::uint64_t>(free_cells));
                std::uint8_t at[kMaxCells];
                const std::uint32_t taken = index.unrank(placement, at);
                const std::uint32_t open = masks.board & ~taken;
                std::uint32_t m = open;
                for (int skip = slot; skip > 0; --skip) m &= m - 1;
                const std::uint32_t region = masks.region(m & -m, open);
                for (int i = 0; i < k; ++i) {
                    const int from = at[i];
                    // The tile slides into any cell of the blank's region next to it.
                    for (std::uint32_t to = masks.around[from] & region; to != 0; to &= to - 1) {
                        const int cell = std::countr_zero(to);
                        at[i] = static_cast<std::uint8_t>(cell);
                        const std::uint32_t taken2 = taken ^ (1u << from) ^ (1u << cell);
                        const std::uint32_t region2 = masks.region(1u << from, masks.board & ~taken2);
                        const std::uint64_t next_state = state_of(index.rank(at), taken2, region2);
                        seen.prefetch(next_state);
                        batch.push_back(next_state);
                    }
                    at[i] = static_cast<std::uint8_t>(from);
                }
                if (batch.size() >= kBatch) claim_batch();
            });
            claim_batch();
            if (found) any.store(true, std::memory_order_relaxed);
        });
        if (late.load())
            throw BuildStopped(deadline.cancelled() ? "the pattern table's build was asked to stop"
                                                    : "the pattern table's build passed its time limit");
        if (!any.load()) break;
        now.swap(next);
        next.clear();
    }
    return table;
}

std::filesystem::path pattern_file(const std::filesystem::path& cache_dir, const TileBoard& goal,
                                   const std::vector<std::uint8_t>& tiles) {
    std::string name = fmt::format("tiles-{}x{}-", goal.width, goal.height);
    for (int i = 0; i < goal.size(); ++i) name += cell_code(goal.cells[i]);
    name += "-";
    for (std::uint8_t t : tiles) name += cell_code(t);
    return cache_dir / (name + ".pdb");
}

namespace {

// Whether the cache folder holds the group's table, whole.
bool cached(const std::filesystem::path& cache_dir, const TileBoard& goal, const std::vector<std::uint8_t>& tiles) {
    if (cache_dir.empty()) return false;
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(pattern_file(cache_dir, goal, tiles), ec);
    return !ec && bytes == header_for(goal, tiles).size() +
                               pdb::PlacementIndex(goal.size(), static_cast<int>(tiles.size())).count();
}

}  // namespace

PatternNeed pattern_need(const TileBoard& goal, const std::vector<std::vector<std::uint8_t>>& groups,
                         const std::filesystem::path& cache_dir) {
    PatternNeed need;
    for (const auto& tiles : groups) {
        const std::uint64_t entries = pdb::PlacementIndex(goal.size(), static_cast<int>(tiles.size())).count();
        if (!cached(cache_dir, goal, tiles)) {
            ++need.to_build;
            need.peak_bytes = std::max(need.peak_bytes, need.table_bytes + build_bytes(goal, tiles.size()));
        }
        need.table_bytes += entries;
    }
    need.peak_bytes = std::max(need.peak_bytes, need.table_bytes);
    return need;
}

std::shared_ptr<PatternSet> pattern_set(const TileBoard& goal, const std::vector<std::vector<std::uint8_t>>& groups,
                                        const std::filesystem::path& cache_dir, const BuildListener& listener,
                                        const Deadline& deadline) {
    auto set = std::make_shared<PatternSet>();
    set->goal = goal;
    const int n = goal.size();
    BuildProgress progress;
    progress.tables = pattern_need(goal, groups, cache_dir).to_build;
    progress.width = goal.width;
    progress.height = goal.height;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        PatternGroup group;
        group.tiles = groups[g];
        for (std::size_t i = 0; i < group.tiles.size(); ++i) {
            set->group_of[group.tiles[i]] = static_cast<std::uint8_t>(g);
            set->slot_of[group.tiles[i]] = static_cast<std::uint8_t>(i);
        }
        const std::string header = header_for(goal, group.tiles);
        const std::filesystem::path file = cache_dir.empty() ? "" : pattern_file(cache_dir, goal, group.tiles);
        if (!cache_dir.empty()) group.table = pdb::Table::map(file, header);
        if (group.table) {
            ++set->report.loaded;
        } else {
            const pdb::PlacementIndex index(n, static_cast<int>(group.tiles.size()));
            ++progress.table;
            progress.tiles = static_cast<int>(group.tiles.size());
            progress.entries = index.count();
            progress.filled = 0;
            progress.seconds = 0;
            progress.done = false;
            progress.file = file;
            const auto started = std::chrono::steady_clock::now();
            auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
            std::mutex telling;  // one progress line at a time
            auto tell = [&](std::uint64_t filled) {
                if (!listener) return;
                const std::lock_guard lock(telling);
                progress.filled = filled;
                progress.seconds = seconds();
                listener(progress);
            };
            tell(0);
            std::uint64_t peak = 0;
            std::vector<std::uint8_t> values = build_pattern_table(goal, group.tiles, &peak, tell, deadline);
            set->report.build_seconds += seconds();
            set->report.build_peak_bytes = std::max(set->report.build_peak_bytes, peak);
            ++set->report.built;
            if (!cache_dir.empty()) {
                pdb::Table::write(file, header, values);
                group.table = pdb::Table::map(file, header);
            }
            if (!group.table) group.table = pdb::Table::hold(std::move(values));
            progress.done = true;
            tell(progress.entries);
        }
        set->report.bytes += group.table->size();
        set->groups.push_back(std::move(group));
    }
    // Reflection about the main diagonal maps the puzzle onto itself when the
    // board is square and the goal's blank lies on the diagonal.
    const int gb = goal.blank();
    set->reflect = goal.width == goal.height && gb / goal.width == gb % goal.width;
    std::array<std::uint8_t, kMaxCells> goal_cell{};
    for (int c = 0; c < n; ++c) goal_cell[goal.cells[c]] = static_cast<std::uint8_t>(c);
    for (int c = 0; c < n; ++c) {
        const int r = c / goal.width, col = c % goal.width;
        set->mirror_cell[c] = static_cast<std::uint8_t>(set->reflect ? col * goal.width + r : c);
    }
    for (int t = 0; t < n; ++t) set->mirror_tile[t] = goal.cells[set->mirror_cell[goal_cell[t]]];
    return set;
}

}  // namespace slidedb::tiles
