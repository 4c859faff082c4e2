#include "generate/generator.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace slidedb {

namespace {

// Candidate k of a seed: drawn, then searched when the filter asks.
std::optional<Generated> candidate(const Family& family, const GenerationPlan& plan, const GenerateFilter& f,
                                   std::uint64_t seed, std::uint64_t k) {
    Random rng(seed * 0x9E3779B97F4A7C15ull + k);
    rng.next();
    Generated g{plan.draw(rng), std::nullopt, std::nullopt};
    if (!f.searches()) return g;
    SolveOptions so;
    so.max_states = f.max_states;
    so.analyse_cluster = f.min_moves > 0 && f.hardest;
    const SolveResult r = family.solve(g.puzzle, so);
    if (r.status != Status::Solved) return std::nullopt;
    if (so.analyse_cluster) {
        if (r.hardest_moves < f.min_moves || r.hardest_board.empty()) return std::nullopt;
        g.puzzle = family.cluster_board(g.puzzle, r.hardest_board);
        g.moves = r.hardest_moves;
    } else {
        g.moves = r.moves;
    }
    if (*g.moves < f.min_moves || (f.max_moves > 0 && *g.moves > f.max_moves)) return std::nullopt;
    if (r.cluster_complete) g.cluster = r.cluster_size;
    return g;
}

}  // namespace

void generate(const Family& family, const GenerationPlan& plan, const GenerateFilter& f, std::uint64_t seed,
              std::uint64_t count, int jobs, const std::function<void(const Generated&)>& emit) {
    // Candidates per round: enough to keep every core busy while searching.
    const std::uint64_t round = f.searches() ? 256 : 4096;
    constexpr std::uint64_t kGiveUpAfter = 1'000'000;
    // Puzzles that pass the filter but were all given already: the request
    // has fewer distinct puzzles than asked (a tiles cluster's hardest
    // start, or a small board), and drawing on would never end.
    constexpr std::uint64_t kGiveUpAfterRepeats = 10'000;
    std::unordered_set<std::string> seen;
    std::uint64_t emitted = 0, since_last = 0, repeats = 0;
    tbb::task_arena arena(std::max(1, jobs));
    for (std::uint64_t first = 0; emitted < count; first += round) {
        std::vector<std::optional<Generated>> kept(round);
        arena.execute([&] {
            tbb::parallel_for(std::uint64_t{0}, round,
                              [&](std::uint64_t k) { kept[k] = candidate(family, plan, f, seed, first + k); });
        });
        for (auto& g : kept) {
            ++since_last;
            if (!g) continue;
            if (!seen.insert(g->puzzle.key).second) {
                ++repeats;
                continue;
            }
            emit(*g);
            since_last = repeats = 0;
            if (++emitted == count) break;
        }
        if (repeats >= kGiveUpAfterRepeats)
            throw std::runtime_error(fmt::format("{} of {} puzzles found: the last {} that passed were all given "
                                                 "already; ask for fewer, or fewer moves or a bigger board",
                                                 emitted, count, repeats));
        if (since_last >= kGiveUpAfter)
            throw std::runtime_error(fmt::format("{} of {} puzzles found, then none in {} candidates; ask for "
                                                 "fewer moves or a bigger board",
                                                 emitted, count, since_last));
    }
}

}  // namespace slidedb
