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

#include "families/unblock/mirror.h"
#include "families/unblock/row_signatures.h"
#include "families/unblock/signature.h"
#include "families/unblock/signature_search.h"

namespace slidedb::enumeration {

namespace {

// Boards of a row signature whose first columns take the types `prefix`
// (`fixed` of them), by the type of the next column (one entry, the total,
// when none is left): for a row combination the columns are independent, so
// its boards are a product over columns of the placements that fit.
std::vector<std::uint64_t> boards_by_next_column(const Geometry& g, const TypeChoice& rows, const TypeChoice& prefix,
                                                 int fixed) {
    const int n = g.size;
    const std::size_t next = fixed < n ? g.fits[static_cast<std::size_t>(fixed)].size() : 1;
    std::vector<std::uint64_t> out(next, 0);
    // Placements that fit each pattern, column by column: of the fixed type,
    // or of any type for the columns after the next.
    std::array<std::array<std::uint64_t, kPatterns>, kMaxSize> fit{};
    for (int x = 0; x < n; ++x) {
        if (x == fixed) continue;
        const auto& fits = g.fits[static_cast<std::size_t>(x)];
        for (std::size_t t = 0; t < fits.size(); ++t) {
            if (x < fixed && static_cast<int>(t) != prefix[x]) continue;
            for (unsigned pat = 0; pat < kPatterns; ++pat) fit[static_cast<std::size_t>(x)][pat] += fits[t].count[pat];
        }
    }
    // The next column counts 1 here, and columns past the side (pattern 0) too.
    for (std::size_t x = static_cast<std::size_t>(std::min(fixed, n)); x < kMaxSize; ++x)
        if (static_cast<int>(x) == fixed || static_cast<int>(x) >= n) fit[x].fill(1);
    // Each row placement's cells as column patterns, a byte a column.
    std::array<std::vector<std::uint64_t>, kMaxSize> bits;
    for (int y = 0; y < n; ++y)
        for (const LinePlacement& p : g.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(rows[y])].placements) {
            std::uint64_t b = 0;
            for (int x = 0; x < n; ++x) b |= (p.cells >> (y * n + x) & 1) << (8 * x + y);
            bits[static_cast<std::size_t>(y)].push_back(b);
        }
    auto combine = [&](auto&& self, int y, std::uint64_t pats) -> void {
        if (y == n) {
            std::uint64_t rest = 1;
            for (std::size_t x = 0; x < kMaxSize; ++x) rest *= fit[x][pats >> (8 * x) & (kPatterns - 1)];
            if (rest == 0) return;
            if (fixed == n) {
                out[0] += rest;
                return;
            }
            const unsigned pat = static_cast<unsigned>(pats >> (8 * fixed) & (kPatterns - 1));
            const auto& fits = g.fits[static_cast<std::size_t>(fixed)];
            for (std::size_t t = 0; t < next; ++t) out[t] += rest * fits[t].count[pat];
            return;
        }
        for (const std::uint64_t b : bits[static_cast<std::size_t>(y)]) self(self, y + 1, pats | b);
    };
    combine(combine, 0, 0);
    return out;
}

// The work units: a row signature each, and when the enumeration has few
// row signatures, a costly one split by the type of its first column, a
// costly part of it by the type of the second, and so on, until each part
// holds at most a 1 / kUnitsWanted share of the boards (or kFewestBoards).
// Sizes are exact board counts, so every machine splits alike.
constexpr std::size_t kSplitBelow = 50'000;  // row signatures; above, units are many and small already
constexpr std::uint64_t kUnitsWanted = 20'000;
constexpr std::uint64_t kFewestBoards = 50'000;  // a few milliseconds

struct Part {
    std::uint32_t signature;
    std::uint8_t fixed;  // columns whose type the part fixes
    std::array<std::uint8_t, kMaxSize> columns;
};

struct Plan {
    explicit Plan(Geometry g) : geometry(std::move(g)), signatures(geometry), mirror(geometry) {}
    Geometry geometry;
    RowSignatures signatures;  // row signatures, numbered in lexicographic order
    Mirror mirror;
    // When split: every unit's part, by signature then column types.
    std::vector<Part> parts;
    std::vector<std::uint64_t> first_part;  // by signature, and one more

    bool split() const { return !parts.empty(); }
    std::uint64_t units() const { return split() ? parts.size() : signatures.count(); }
    // The number of the unit's row signature; part() adds the types of its
    // first columns when split.
    std::uint64_t signature_of(std::uint64_t unit) const {
        return split() ? parts[static_cast<std::size_t>(unit)].signature : unit;
    }
    Part part(std::uint64_t unit) const {
        if (split()) return parts[static_cast<std::size_t>(unit)];
        return Part{0, 0, {}};
    }
    // The unit whose signatures are this one's turned upside down (see
    // mirror.h): itself when they are their own, nothing on an even side.
    // Board counts are kept by the turn, so a split part has a twin split
    // alike, with the turned types of its first columns.
    std::optional<std::uint64_t> twin(std::uint64_t unit) const {
        if (!mirror.exists()) return std::nullopt;
        const auto s = signatures.index_of(mirror.rows(signatures.at(signature_of(unit))));
        if (!s || !split()) return s;
        const Part& own = parts[static_cast<std::size_t>(unit)];
        const auto sig = static_cast<std::size_t>(*s);
        for (std::uint64_t u = first_part[sig]; u < first_part[sig + 1]; ++u) {
            const Part& p = parts[static_cast<std::size_t>(u)];
            bool same = p.fixed == own.fixed;
            for (std::size_t x = 0; same && x < own.fixed; ++x)
                same = p.columns[x] == mirror.column(static_cast<int>(x), own.columns[x]);
            if (same) return u;
        }
        return std::nullopt;
    }
};

std::shared_ptr<const Plan> plan_for(const Spec& spec) {
    static std::mutex m;
    static std::map<std::tuple<int, int, int>, std::shared_ptr<const Plan>> plans;
    std::lock_guard lock(m);
    auto& p = plans[{spec.size, spec.min_walls, spec.max_walls}];
    if (!p) {
        auto plan = std::make_shared<Plan>(make_geometry(spec.size, spec.min_walls, spec.max_walls));
        const Geometry& g = plan->geometry;
        const std::uint64_t signatures = plan->signatures.count();
        if (signatures < kSplitBelow) {
            std::vector<TypeChoice> rows;
            std::vector<std::vector<std::uint64_t>> by_first;
            std::uint64_t total = 0;
            for (std::uint64_t sig = 0; sig < signatures; ++sig) {
                rows.push_back(plan->signatures.at(sig));
                by_first.push_back(boards_by_next_column(g, rows.back(), TypeChoice{}, 0));
                for (const std::uint64_t b : by_first.back()) total += b;
            }
            const std::uint64_t most = std::max(total / kUnitsWanted, kFewestBoards);
            TypeChoice prefix{};
            auto cut = [&](auto&& self, std::uint32_t sig, int fixed, const std::vector<std::uint64_t>& by_next) -> void {
                for (std::size_t t = 0; t < by_next.size(); ++t) {
                    if (by_next[t] == 0) continue;  // no board: no unit
                    prefix[fixed] = static_cast<int>(t);
                    if (by_next[t] > most && fixed + 1 < g.size) {
                        self(self, sig, fixed + 1, boards_by_next_column(g, rows[sig], prefix, fixed + 1));
                        continue;
                    }
                    Part part{sig, static_cast<std::uint8_t>(fixed + 1), {}};
                    for (std::size_t x = 0; x < part.fixed && x < kMaxSize; ++x) part.columns[x] = static_cast<std::uint8_t>(prefix[x]);
                    plan->parts.push_back(part);
                }
            };
            for (std::uint32_t sig = 0; sig < signatures; ++sig) {
                plan->first_part.push_back(plan->parts.size());
                std::uint64_t boards = 0;
                for (const std::uint64_t b : by_first[sig]) boards += b;
                if (boards > most)
                    cut(cut, sig, 0, by_first[sig]);
                else
                    plan->parts.push_back(Part{sig, 0, {}});  // whole, even without a board
            }
            plan->first_part.push_back(plan->parts.size());
            // Nothing to split: units stay one a signature.
            if (plan->parts.size() == signatures) plan->parts.clear(), plan->first_part.clear();
        }
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

    // The unit's row types, and the types of its first `fixed` columns.
    // With `twin`, also what the unit of the turned signatures holds (the
    // same clusters, each giving its own puzzle).
    UnitResult run(std::uint64_t unit, const TypeChoice& rows, const TypeChoice& columns, int fixed,
                   UnitResult* twin = nullptr) {
        UnitResult out;
        out.unit = unit;
        if (rows_ != rows) search_.set_rows(rows);  // parts of one signature share it
        rows_ = rows;
        fixed_ = columns;
        fixed_count_ = fixed;
        const std::uint32_t combinations = search_.row_combinations();
        level_.resize(static_cast<std::size_t>(g_.size) + 1);
        level_[0].resize(combinations);
        for (std::uint32_t r = 0; r < combinations; ++r) level_[0][r] = r;
        search_.turn_into(twin ? &twin->counts : nullptr, twin ? &twin->puzzles : nullptr);
        choose(0, out);
        if (twin) {
            twin->counts.clusters = out.counts.clusters;
            twin->counts.with_goal = out.counts.with_goal;
            twin->counts.boards = out.counts.boards;
        }
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
            if (x < fixed_count_ && static_cast<int>(t) != fixed_[x]) continue;
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
    std::optional<TypeChoice> rows_;  // those set last
    TypeChoice fixed_{};
    int fixed_count_ = 0;
};

}  // namespace

void Counts::add(const Counts& o) {
    clusters += o.clusters;
    with_goal += o.with_goal;
    puzzles += o.puzzles;
    puzzle_boards += o.puzzle_boards;
    boards += o.boards;
    if (by_moves.size() < o.by_moves.size()) by_moves.resize(o.by_moves.size());
    for (std::size_t i = 0; i < o.by_moves.size(); ++i) by_moves[i] += o.by_moves[i];
}

std::uint64_t unit_count(const Spec& spec) { return plan_for(spec)->units(); }

std::optional<std::uint64_t> unit_of(const Spec& spec, const Board& board) {
    if (board.width != spec.size || board.height != spec.size) return std::nullopt;
    const int walls = static_cast<int>(board.fixed.size());
    if (walls < spec.min_walls || walls > spec.max_walls) return std::nullopt;
    const auto plan = plan_for(spec);
    const auto signature = signature_of(plan->geometry, board);
    if (!signature) return std::nullopt;
    const auto index = plan->signatures.index_of(signature->rows);
    if (!index) return std::nullopt;
    const auto s = static_cast<std::size_t>(*index);
    if (!plan->split()) return s;
    // Its part: the one whose column types the board's first columns have.
    const TypeChoice& columns = signature->columns;
    for (std::uint64_t u = plan->first_part[s]; u < plan->first_part[s + 1]; ++u) {
        const Part& part = plan->parts[static_cast<std::size_t>(u)];
        bool same = true;
        for (int x = 0; x < part.fixed; ++x) same &= part.columns[static_cast<std::size_t>(x)] == columns[x];
        if (same) return u;
    }
    return std::nullopt;
}

bool in_shard(std::uint64_t unit, const Shard& shard) {
    if (shard.count <= 1) return true;
    return scramble(unit) % static_cast<std::uint64_t>(shard.count) == static_cast<std::uint64_t>(shard.index - 1);
}

void enumerate(const Spec& spec, const Shard& shard, int threads,
               const std::function<bool(std::uint64_t)>& skip,
               const std::function<void(UnitResult&&)>& done,
               const std::function<void(const EnumerationProgress&)>& progress, bool turn) {
    const auto plan = plan_for(spec);
    // A unit and its twin (see Plan::twin) are searched once, by the shard
    // of the lower number; either is run again while it is not done. The
    // list holds the lower numbers alone, 8 bytes a unit searched.
    auto skipped = [&](std::uint64_t u) { return skip && skip(u); };
    auto twin_of = [&](std::uint64_t u) {
        std::optional<std::uint64_t> twin = turn ? plan->twin(u) : std::nullopt;
        if (twin && *twin == u) twin.reset();
        return twin;
    };
    std::vector<std::uint64_t> todo;
    std::uint64_t units = 0;
    for (std::uint64_t u = 0; u < plan->units(); ++u) {
        if (!in_shard(u, shard)) continue;
        const std::optional<std::uint64_t> twin = twin_of(u);
        if (twin && *twin < u) continue;  // the twin's shard runs it
        const int left = !skipped(u) + (twin && !skipped(*twin));
        if (left == 0) continue;
        todo.push_back(u);
        units += static_cast<std::uint64_t>(left);
    }
    // Costly units are spread over the list, so the rate so far predicts the rest.
    std::sort(todo.begin(), todo.end(),
              [](std::uint64_t a, std::uint64_t b) { return scramble(a ^ 0x5bd1e995) < scramble(b ^ 0x5bd1e995); });

    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
    tbb::enumerable_thread_specific<UnitRunner> runners([&] { return UnitRunner(plan->geometry, spec.every_cluster); });
    std::mutex m;
    EnumerationProgress state;
    state.units = units;
    Counts total;
    const auto started = std::chrono::steady_clock::now();
    double last_report = 0;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, todo.size(), 1), [&](const tbb::blocked_range<std::size_t>& range) {
        UnitRunner& runner = runners.local();
        for (std::size_t i = range.begin(); i < range.end(); ++i) {
            // Asked again: a run being stopped leaves the rest.
            const std::uint64_t unit = todo[i];
            const std::optional<std::uint64_t> pair = twin_of(unit);
            const bool own = !skipped(unit), twin = pair && !skipped(*pair);
            if (!own && !twin) continue;
            const auto unit_started = std::chrono::steady_clock::now();
            const Part part = plan->part(unit);
            TypeChoice columns{};
            for (int x = 0; x < part.fixed; ++x) columns[x] = part.columns[static_cast<std::size_t>(x)];
            const TypeChoice rows = plan->signatures.at(plan->signature_of(unit));
            UnitResult turned;
            turned.unit = pair.value_or(0);
            UnitResult result = runner.run(unit, rows, columns, part.fixed, twin ? &turned : nullptr);
            // A pair shares the time: its units are the same clusters.
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - unit_started;
            result.seconds = turned.seconds = took.count() / (own && twin ? 2 : 1);
            std::lock_guard lock(m);
            for (UnitResult* r : {own ? &result : nullptr, twin ? &turned : nullptr}) {
                if (!r) continue;
                total.add(r->counts);
                ++state.units_done;
                done(std::move(*r));
            }
            state.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (progress && (state.seconds - last_report >= 1 || state.units_done == state.units)) {
                last_report = state.seconds;
                state.eta_seconds = state.seconds / static_cast<double>(state.units_done) *
                                    static_cast<double>(state.units - state.units_done);
                state.counts = total;
                progress(state);
            }
        }
    });
}

Counts enumerate_counts(const Spec& spec, std::vector<Puzzle>* puzzles, int threads, bool turn) {
    std::vector<UnitResult> results;
    enumerate(spec, Shard{}, threads, nullptr, [&](UnitResult&& r) { results.push_back(std::move(r)); }, nullptr, turn);
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
