// Solver speed on fixed puzzles: time per full solve (the whole cluster),
// boards expanded per second, bytes per visited board.
#include <benchmark/benchmark.h>

#include <atomic>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "families/unblock/board.h"
#include "families/unblock/solver.h"

namespace slidedb {
namespace {

std::vector<std::string> rows_of(const std::string& flat) {
    std::vector<std::string> rows;
    for (std::size_t i = 0; i < flat.size(); i += 6) rows.push_back(flat.substr(i, 6));
    return rows;
}

struct Line {
    int moves;
    std::string board;
    std::uint64_t cluster;
};

std::vector<Line> rush_18k() {
    std::vector<Line> lines;
    std::ifstream in(SLIDEDB_TEST_DATA "/boards/rush_18k.txt");
    Line l;
    while (in >> l.moves >> l.board >> l.cluster) lines.push_back(l);
    return lines;
}

// The search alone: the figures compared with other solvers.
SolveOptions search_only() {
    SolveOptions o;
    o.analyse_cluster = false;
    return o;
}

void run(benchmark::State& state, const Board& board) {
    SolveResult r;
    for (auto _ : state) {
        r = solve(board, search_only());
        benchmark::DoNotOptimize(r.cluster_size);
    }
    state.counters["moves"] = r.moves;
    state.counters["cluster"] = static_cast<double>(r.cluster_size);
    state.counters["boards/s"] = benchmark::Counter(static_cast<double>(r.cluster_size) * static_cast<double>(state.iterations()),
                                                    benchmark::Counter::kIsRate);
    state.counters["bytes/board"] = static_cast<double>(r.peak_bytes) / static_cast<double>(r.cluster_size);
}

void BM_Fogleman49(benchmark::State& state) {
    run(state, board_from_grid({"BBBCDE", "FGGCDE", "F.AADE", "HHI...", ".JI.KK", ".JLLMM"}, Side::Right));
}
BENCHMARK(BM_Fogleman49)->Unit(benchmark::kMillisecond);

// The hardest and the largest-cluster lines of the public database.
void BM_RushLine(benchmark::State& state, int which) {
    static const std::vector<Line> lines = rush_18k();
    const Line* pick = nullptr;
    for (const Line& l : lines) {
        if (which == 0 && l.moves == 60) pick = &l;
        if (which == 1 && l.moves == 58) pick = &l;
        if (which == 2 && (!pick || l.cluster > pick->cluster)) pick = &l;
    }
    if (!pick) {
        state.SkipWithError("rush_18k.txt not found");
        return;
    }
    run(state, board_from_grid(rows_of(pick->board), Side::Right));
}
BENCHMARK_CAPTURE(BM_RushLine, moves60, 0)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RushLine, moves58, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RushLine, largest_cluster, 2)->Unit(benchmark::kMillisecond);

// Every puzzle of the database, one after the other on one core: the search
// alone, then with the second search that import runs too (distances to the
// goal over the whole cluster).
void BM_Rush18kAll(benchmark::State& state, bool analyse) {
    SolveOptions options = search_only();
    options.analyse_cluster = analyse;
    static const std::vector<Line> lines = rush_18k();
    std::vector<Board> boards;
    for (const Line& l : lines) boards.push_back(board_from_grid(rows_of(l.board), Side::Right));
    std::uint64_t boards_seen = 0, bytes = 0;
    for (auto _ : state) {
        boards_seen = bytes = 0;
        for (const Board& b : boards) {
            const SolveResult r = solve(b, options);
            boards_seen += r.cluster_size;
            bytes += r.peak_bytes;
        }
    }
    state.counters["puzzles"] = static_cast<double>(boards.size());
    state.counters["boards"] = static_cast<double>(boards_seen);
    state.counters["bytes/board"] = static_cast<double>(bytes) / static_cast<double>(boards_seen);
    state.counters["boards/s"] = benchmark::Counter(static_cast<double>(boards_seen) * static_cast<double>(state.iterations()),
                                                    benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_Rush18kAll, search, false)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_Rush18kAll, with_goal_distances, true)->Unit(benchmark::kSecond)->Iterations(1);

// The same searches as import runs them (goal distances included) on two
// threads taking the next puzzle as they finish one: the pace the import of
// rush_18k with --jobs 2 is measured against (scripts/bench.sh).
void BM_Rush18kTwoThreads(benchmark::State& state) {
    static const std::vector<Line> lines = rush_18k();
    std::vector<Board> boards;
    for (const Line& l : lines) boards.push_back(board_from_grid(rows_of(l.board), Side::Right));
    std::atomic<std::uint64_t> boards_seen{0};
    for (auto _ : state) {
        boards_seen = 0;
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            std::uint64_t seen = 0;
            for (std::size_t i; (i = next++) < boards.size();) seen += solve(boards[i], SolveOptions{}).cluster_size;
            boards_seen += seen;
        };
        std::thread other(work);
        work();
        other.join();
    }
    state.counters["puzzles"] = static_cast<double>(boards.size());
    state.counters["boards"] = static_cast<double>(boards_seen);
}
BENCHMARK(BM_Rush18kTwoThreads)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace slidedb

BENCHMARK_MAIN();
