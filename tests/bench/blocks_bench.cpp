// Speed of the `blocks` family on the reference puzzles: the whole cluster
// searched in both metrics (moves, then steps), and with the goal distances
// that import adds. boards/s counts the boards of both searches.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "families/blocks/format.h"
#include "families/blocks/solver.h"

namespace slidedb::blocks {
namespace {

Board reference(const char* name) {
    std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/blocks/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto read = read_start_goal(text.str());
    if (!std::holds_alternative<ReadBoard>(read)) return {};
    return std::get<ReadBoard>(read).board;
}

void BM_Blocks(benchmark::State& state, const char* name, bool analyse) {
    const Board board = reference(name);
    if (board.pieces.empty()) {
        state.SkipWithError("reference file not found");
        return;
    }
    SolveOptions options;
    options.analyse_cluster = analyse;
    Solution s;
    for (auto _ : state) {
        s = solve(board, options);
        benchmark::DoNotOptimize(s.figures.cluster_size);
    }
    std::uint64_t boards = s.figures.cluster_size;
    for (const Level& l : s.step_levels) boards += l.frontier;
    state.counters["moves"] = s.figures.moves;
    state.counters["steps"] = s.figures.steps;
    state.counters["cluster"] = static_cast<double>(s.figures.cluster_size);
    state.counters["boards/s"] = benchmark::Counter(static_cast<double>(boards) * static_cast<double>(state.iterations()),
                                                    benchmark::Counter::kIsRate);
    state.counters["bytes/board"] = static_cast<double>(s.figures.peak_bytes) / static_cast<double>(s.figures.cluster_size);
}

BENCHMARK_CAPTURE(BM_Blocks, wells_both_metrics, "seed_wells.txt", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Blocks, klotski_both_metrics, "klotski.txt", false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Blocks, wells_with_goal_distances, "seed_wells.txt", true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Blocks, klotski_with_goal_distances, "klotski.txt", true)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace slidedb::blocks

BENCHMARK_MAIN();
