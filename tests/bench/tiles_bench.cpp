// Sliding tiles: pattern-table build and IDA* on Korf's 100 and the 80-move
// 15-puzzle, and short 24-puzzles that need no table. One core. The tables are cached (SLIDEDB_CACHE or the default
// folder): the first run builds them and says how long it took.
//
//   tiles_bench            Google Benchmark figures
//   tiles_bench --korf     every Korf instance once: moves, boards, seconds
//   tiles_bench --80       the two 80-move boards once, with their iterations
//   tiles_bench --build    the 15-puzzle's tables built afresh: time and memory
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <random>

#include <sys/resource.h>
#include <unistd.h>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "families/tiles/format.h"
#include "families/tiles/patterns.h"
#include "families/tiles/search.h"
#include "families/tiles/solver.h"

using namespace slidedb;
using namespace slidedb::tiles;

namespace {

std::vector<TilePuzzle> korf() {
    std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/tiles/korf100.txt");
    std::stringstream text;
    text << in.rdbuf();
    std::vector<TilePuzzle> out;
    for (const auto& item : read_tiles_text(text.str()))
        if (const auto* p = std::get_if<TilePuzzle>(&item)) out.push_back(*p);
    return out;
}

std::shared_ptr<PatternSet> tables_for(const TileBoard& goal) {
    auto set = pattern_set(goal, default_groups(goal), pdb::default_cache_dir(), [](const BuildProgress& p) {
        if (p.filled == 0 && !p.done)
            std::cerr << fmt::format("building the pattern table of {} tiles on {}x{} ({} entries)\n", p.tiles,
                                     p.width, p.height, p.entries);
    });
    if (set->report.built > 0)
        std::cerr << fmt::format("built {} tables in {:.1f} s, peak {:.0f} MB; {:.0f} MB in all\n", set->report.built,
                                 set->report.build_seconds, set->report.build_peak_bytes / 1e6,
                                 set->report.bytes / 1e6);
    return set;
}

void BM_Korf100(benchmark::State& state) {
    const auto puzzles = korf();
    const auto set = tables_for(puzzles.at(0).goal);
    std::uint64_t generated = 0;
    for (auto _ : state) {
        generated = 0;
        for (const auto& p : puzzles) {
            const auto r = solve_by_ida(p.board, *set);
            if (r.moves != *p.claimed_moves) state.SkipWithError("a Korf instance gave other moves");
            generated += r.generated;
        }
    }
    state.counters["boards"] = static_cast<double>(generated);
    state.counters["boards_per_s"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Korf100)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// Through solve_tiles: the blank-last goal runs on the canonical (Korf) tables.
void BM_Hardest80(benchmark::State& state) {
    const TileBoard start = parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1");
    tables_for(blank_first_goal(4, 4));
    TilesOptions options;
    options.max_states = ~std::uint64_t{0};
    shared_patterns(blank_first_goal(4, 4), options);  // held, as after an import's first puzzle
    std::uint64_t generated = 0;
    for (auto _ : state) {
        const auto r = solve_tiles(start, blank_last_goal(4, 4), options);
        if (r.moves != 80) state.SkipWithError("the 80-move board gave other moves");
        generated = r.examined;
    }
    state.counters["boards"] = static_cast<double>(generated);
}
BENCHMARK(BM_Hardest80)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// A 24-puzzle `steps` moves of a walk from the goal (seeded, never undoing
// the last move): its optimal solution is at most that long.
TileBoard walked_24(int steps, unsigned seed) {
    TileBoard b = blank_last_goal(5, 5);
    std::mt19937 random(seed);
    int last = -1;
    for (int i = 0; i < steps;) {
        const auto d = static_cast<Direction>(random() % 4);
        const int undo = d == Direction::Up ? 1 : d == Direction::Down ? 0 : d == Direction::Left ? 3 : 2;
        if (static_cast<int>(d) == last) continue;
        try {
            b = apply_move(b, move_toward(b, d));
        } catch (const TileError&) {
            continue;
        }
        last = undo;
        ++i;
    }
    return b;
}

// Short 24-puzzles with an empty cache folder: answered without a table.
void BM_TwentyFourShort(benchmark::State& state) {
    const TileBoard goal = blank_last_goal(5, 5);
    const TileBoard start = state.range(0) == 2 ? parse_board("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / "
                                                              "16 17 18 19 20 / 21 22 0 23 24")
                                                : walked_24(static_cast<int>(state.range(0)), 7);
    const auto empty = std::filesystem::temp_directory_path() / fmt::format("slidedb-bench-empty-{}", getpid());
    TilesOptions options;
    options.cache_dir = empty;
    int moves = -1;
    for (auto _ : state) {
        const auto r = solve_tiles(start, goal, options);
        if (r.status != Status::Solved || r.tables.built + r.tables.loaded > 0)
            state.SkipWithError("a short 24-puzzle needed the tables");
        moves = r.moves;
    }
    std::filesystem::remove_all(empty);
    state.counters["moves"] = moves;
}
BENCHMARK(BM_TwentyFourShort)->Arg(2)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();

int korf_table() {
    const auto puzzles = korf();
    const auto set = tables_for(puzzles.at(0).goal);
    double total = 0;
    std::uint64_t boards = 0;
    int wrong = 0;
    std::cout << "id moves claimed generated seconds\n";
    for (const auto& p : puzzles) {
        const auto r = solve_by_ida(p.board, *set);
        total += r.seconds;
        boards += r.generated;
        wrong += r.moves != *p.claimed_moves;
        std::cout << fmt::format("{} {} {} {} {:.3f}\n", p.id, r.moves, *p.claimed_moves, r.generated, r.seconds);
    }
    std::cout << fmt::format("total {:.2f} s search, {} boards generated ({:.0f} a puzzle), {} wrong\n", total,
                             boards, boards / 100.0, wrong);
    return wrong == 0 ? 0 : 1;
}

}  // namespace

int hardest80() {
    tables_for(blank_first_goal(4, 4));
    TilesOptions options;
    options.max_states = ~std::uint64_t{0};
    for (const char* text : {"0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1",
                             "0 12 9 13 / 15 11 10 14 / 7 8 5 6 / 4 3 2 1"}) {
        const auto r = solve_tiles(parse_board(text), blank_last_goal(4, 4), options);
        std::cout << fmt::format("{}: {} moves, {} boards generated, {:.2f} s\n", text, r.moves, r.examined, r.seconds);
        for (const auto& l : r.levels)
            std::cout << fmt::format("  bound {} expanded {} generated {}\n", l.depth, l.frontier, l.examined);
    }
    return 0;
}

// Builds the 15-puzzle's tables afresh (nothing written), one at a time:
// wall and CPU seconds and working memory of each.
int build_tables() {
    const TileBoard goal = blank_first_goal(4, 4);
    for (const auto& group : default_groups(goal)) {
        rusage before{}, after{};
        getrusage(RUSAGE_SELF, &before);
        const auto started = std::chrono::steady_clock::now();
        std::uint64_t peak = 0;
        const auto table = build_pattern_table(goal, group, &peak);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        getrusage(RUSAGE_SELF, &after);
        auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
        const double cpu = seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) -
                           seconds(before.ru_stime);
        std::cout << fmt::format("table of {} tiles: {} entries, {:.1f} s wall, {:.1f} s CPU, {:.0f} MB working memory\n",
                                 group.size(), table.size(), wall, cpu, peak / 1e6)
                  << std::flush;
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--build") == 0) return build_tables();
    if (argc > 1 && std::strcmp(argv[1], "--korf") == 0) return korf_table();
    if (argc > 1 && std::strcmp(argv[1], "--80") == 0) return hardest80();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    return 0;
}
