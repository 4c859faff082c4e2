// Additive pattern databases for sliding tiles (Korf & Felner).
//
// The tiles are split into disjoint groups. For each group a table gives,
// for every placement of its tiles, the fewest moves *of those tiles* that
// bring them home, other tiles being ignored (blank moves through them are
// free). Moves of one group's tiles never count in another's, so the tables
// add up to a lower bound on the whole. On a square board whose goal blank
// sits on the main diagonal, the reflection of a board about that diagonal
// is the same puzzle: its sum is a second bound, and the search takes the
// larger of the two.
//
// 4x4 boards use two groups by rows (7 and 8 tiles: 519 million entries for
// the 8); other shapes groups of at most 6 in reading order.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/tiles/board.h"
#include "solve/deadline.h"
#include "solve/pdb.h"

namespace slidedb::tiles {

struct PatternGroup {
    std::vector<std::uint8_t> tiles;
    std::unique_ptr<pdb::Table> table;  // by PlacementIndex(cells, tiles.size()).rank
};

// Tables built, loaded, and how long that took.
struct PatternReport {
    int built = 0, loaded = 0;
    double build_seconds = 0;
    std::uint64_t bytes = 0;           // the tables' size
    std::uint64_t build_peak_bytes = 0;  // the largest build's working memory
};

struct PatternSet {
    TileBoard goal;
    std::vector<PatternGroup> groups;
    bool reflect = false;
    std::array<std::uint8_t, kMaxCells> mirror_tile{};  // tile that sits at the mirrored goal cell
    std::array<std::uint8_t, kMaxCells> mirror_cell{};  // cell mirrored about the main diagonal
    std::array<std::uint8_t, kMaxCells> group_of{};     // tile -> group
    std::array<std::uint8_t, kMaxCells> slot_of{};      // tile -> its index within the group
    PatternReport report;

    std::uint64_t bytes() const { return report.bytes; }
};

// How far the build of one table has come, for a progress line.
struct BuildProgress {
    int table = 0, tables = 0;  // this one (from 1) among those the set builds
    int tiles = 0;
    int width = 0, height = 0;
    std::uint64_t entries = 0;  // the table's size
    std::uint64_t filled = 0;   // entries known so far; the build ends at `entries`
    double seconds = 0;         // since this table's build began
    bool done = false;
    std::filesystem::path file;  // where it goes; empty when kept in memory alone
};
// Hears a build start (filled 0), go on (a few times a second) and end (done).
using BuildListener = std::function<void(const BuildProgress&)>;

// What a set of tables costs in memory before it is used.
struct PatternNeed {
    std::uint64_t table_bytes = 0;  // the tables, held while searching
    std::uint64_t peak_bytes = 0;   // the most held at once, builds included
    int to_build = 0;               // tables not in the cache folder
};

// The default split of the goal's tiles.
std::vector<std::vector<std::uint8_t>> default_groups(const TileBoard& goal);

// Fewest moves of `tiles` alone to their goal cells, for every placement of
// them; breadth-first from the goal over (placement, the blank's region).
// peak_bytes, if given, receives the working memory used; `filled` hears
// the entries known so far, a few times a second, from any of the threads.
// Past `deadline` it throws BuildStopped, checked every block of the
// frontier, so a build keeps the clock like every search.
std::vector<std::uint8_t> build_pattern_table(const TileBoard& goal, const std::vector<std::uint8_t>& tiles,
                                              std::uint64_t* peak_bytes = nullptr,
                                              const std::function<void(std::uint64_t filled)>& filled = {},
                                              const Deadline& deadline = {});

// A table build cut short by its deadline; nothing of it is kept.
struct BuildStopped : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The working memory of build_pattern_table, known before it starts.
std::uint64_t build_bytes(const TileBoard& goal, std::size_t tiles);

// The memory the tables for the goal will take, building those the cache
// folder lacks one after the other.
PatternNeed pattern_need(const TileBoard& goal, const std::vector<std::vector<std::uint8_t>>& groups,
                         const std::filesystem::path& cache_dir);

// Tables for the goal, from the cache folder when there, else built (and
// written there unless cache_dir is empty). A build runs on every thread of
// the caller's task arena; `listener` follows it, for the user's patience.
// Past `deadline` a build throws BuildStopped; tables done before it stay cached.
std::shared_ptr<PatternSet> pattern_set(const TileBoard& goal, const std::vector<std::vector<std::uint8_t>>& groups,
                                        const std::filesystem::path& cache_dir, const BuildListener& listener = {},
                                        const Deadline& deadline = {});

// The file a group's table is cached in, under cache_dir.
std::filesystem::path pattern_file(const std::filesystem::path& cache_dir, const TileBoard& goal,
                                   const std::vector<std::uint8_t>& tiles);

}  // namespace slidedb::tiles
