// Solving one tile puzzle: parity first, then the whole cluster for small
// boards, IDA* with pattern tables for the rest.
#pragma once

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "families/tiles/board.h"
#include "families/tiles/moves.h"
#include "families/tiles/patterns.h"
#include "solve/ida.h"
#include "solve/result.h"

namespace slidedb::tiles {

// Boards the table-free search (manhattan.h) may generate before the
// pattern tables are fetched: a few tenths of a second, which answers the
// short puzzles of any size.
constexpr std::uint64_t kManhattanBoards = 4'000'000;

struct TilesOptions {
    std::uint64_t max_states = 50'000'000;  // cluster boards, or boards IDA* may generate
    std::uint64_t max_memory = 0;           // bytes: tables, cluster and path; 0: no limit
    double max_seconds = 0;                 // IDA*'s time limit; 0: none
    const volatile std::sig_atomic_t* cancel = nullptr;  // non-zero: stop at once, as at the time limit
    bool analyse_cluster = true;            // levels from the start and goal distances (small boards)
    std::uint64_t manhattan_boards = kManhattanBoards;  // the table-free search's budget
    std::filesystem::path cache_dir = pdb::default_cache_dir();  // pattern tables; empty: memory only
    BuildListener on_build;                 // follows a table build
    bool build_tables = true;               // off: tables the cache lacks are refused (SearchRefused)
    bool keep_memory = true;                // off: a goal's distance table is not kept for the next search
};

// Parity: decided at once. Cluster: the whole cluster, by BFS. Ida: IDA*,
// by Manhattan distance and linear conflicts alone or with pattern tables.
enum class Method { Parity, Cluster, Ida };

struct TilesOutcome {
    Status status = Status::Unsolvable;
    Method method = Method::Parity;
    int moves = -1;
    std::vector<TileMove> solution;
    std::string reason;  // why unsolvable, or which limit stopped the search
    Cut cut = Cut::None;  // that limit

    // The cluster: exact from the search (small boards) or by formula, n*m!/2.
    std::uint64_t cluster_size = 0;   // 0 when beyond 64 bits (5x5)
    std::string cluster_size_text;    // always exact, in decimal
    bool cluster_by_formula = false;
    std::vector<Level> levels;        // BFS depths, or one per IDA* iteration (depth = bound,
                                      // frontier = boards expanded, examined = generated)
    std::vector<std::uint64_t> goal_levels;
    int hardest_moves = -1;
    std::vector<TileBoard> hardest;

    std::uint64_t examined = 0;  // boards generated
    std::uint64_t peak_bytes = 0;
    double seconds = 0;
    PatternReport tables;        // IDA*: the tables used, built or loaded (none: the bound
                                 // without tables sufficed)
};

// The default goal for puzzles that state none.
TilesOutcome solve_tiles(const TileBoard& start, const TileBoard& goal, const TilesOptions& options);

// The pattern tables for a goal, shared within the process (built or mapped
// once). A build past `deadline` throws BuildStopped, and a later call tries again.
std::shared_ptr<const PatternSet> shared_patterns(const TileBoard& goal, const TilesOptions& options,
                                                  const Deadline& deadline = {});

}  // namespace slidedb::tiles
