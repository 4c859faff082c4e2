// The search for the hardest puzzles spends its time scoring boards: the
// hardest start of a board's cluster. Boards scored a second, one core.
#include <benchmark/benchmark.h>

#include "families/unblock/board_file.h"
#include "families/unblock/generate/hardest_start.h"

namespace slidedb {
namespace {

// The hardest 6x6 puzzles known, without walls (51 moves) and with one (60).
const char* const kBoards[] = {"GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"};

void BM_HardestStart(benchmark::State& state) {
    const Board board = std::get<BoardRead>(read_boards(kBoards[state.range(0)]).front()).board;
    ClusterHardest h;
    for (auto _ : state) {
        h = hardest_start(board);
        benchmark::DoNotOptimize(h.moves);
    }
    state.counters["moves"] = h.moves;
    state.counters["cluster"] = static_cast<double>(h.cluster_size);
    state.counters["boards_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_HardestStart)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace slidedb
BENCHMARK_MAIN();
