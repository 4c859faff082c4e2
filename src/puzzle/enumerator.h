// Every puzzle of a board size, as a family that can list them defines it.
//
// A family that can enumerate its puzzles hands out an Enumerator
// (Family::enumerator()); the command line runs it shard by shard and the
// store keeps what it finds, neither knowing the family's rules.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.h"

namespace slidedb {

// What to enumerate: the boards of one size with a number of walls (fixed
// cells) in a range.
struct EnumerationSpec {
    int size = 6;
    int min_walls = 0, max_walls = 0;
    // false: visit only the clusters that can give a puzzle; the puzzles are
    // the same, the cluster counts cover only those clusters.
    bool every_cluster = true;
};

// Part `index` (1-based) of `count`: a fixed set of work units, the same on
// every machine, so shards run anywhere merge into the whole.
struct EnumerationShard {
    int index = 1, count = 1;
};

struct EnumerationCounts {
    std::uint64_t clusters = 0;       // connected sets of boards
    std::uint64_t with_goal = 0;      // those with a goal board
    std::uint64_t puzzles = 0;        // puzzles kept
    std::uint64_t puzzle_boards = 0;  // boards in the clusters of the puzzles kept
    std::uint64_t boards = 0;         // boards of every cluster
    bool operator==(const EnumerationCounts&) const = default;
};

// Enumerator::run lists a shard's units before they run (8 bytes each):
// callers keep a process to at most this many, asking for more shards.
inline constexpr std::uint64_t kMostUnitsAShard = 100'000'000;

// A puzzle kept, with the figures of its cluster.
struct EnumeratedPuzzle {
    Puzzle puzzle;  // key and facts filled
    int moves = 0;
    std::uint64_t cluster_size = 0;
    std::vector<std::uint64_t> goal_levels;  // boards of the cluster at each distance to the goal
};

// What one work unit found.
struct EnumeratedUnit {
    std::uint64_t unit = 0;
    double seconds = 0;  // on one core
    EnumerationCounts counts;
    std::vector<EnumeratedPuzzle> puzzles;  // in the order found
};

// This run so far: its units (the shard's not skipped) and their counts.
struct EnumerationProgress {
    std::uint64_t units_done = 0, units = 0;
    double seconds = 0, eta_seconds = 0;
    EnumerationCounts counts;
};

class Enumerator {
public:
    virtual ~Enumerator() = default;

    // The board sizes it can enumerate.
    virtual int min_size() const = 0;
    virtual int max_size() const = 0;
    // Stored with every enumeration: a database keeps the units of the
    // version that began it, as units of another version may differ.
    virtual std::string_view version() const = 0;
    // Work units of the whole enumeration of `spec`, numbered 0.. in a fixed
    // order.
    virtual std::uint64_t unit_count(const EnumerationSpec& spec) const = 0;
    // Runs the units of the shard on `threads` cores (0: all); a unit whose
    // work settles another's as well may give both, so a shard's units are
    // those it gives (every unit given by exactly one shard). `skip(u)` says
    // a unit is already done, or not to be run now: it is asked again, from
    // any thread, as each unit is about to start, so a run asked to stop
    // leaves the units not begun and ends once those under way are done;
    // `done` receives each finished unit, one call at a time, in no fixed
    // order; `progress` about once a second.
    virtual void run(const EnumerationSpec& spec, const EnumerationShard& shard, int threads,
                     const std::function<bool(std::uint64_t)>& skip,
                     const std::function<void(EnumeratedUnit&&)>& done,
                     const std::function<void(const EnumerationProgress&)>& progress) const = 0;
    // The key of the puzzle an enumeration keeps from the cluster of
    // `puzzle` (if it keeps one), when the puzzle fits an enumeration of its
    // size: links an imported puzzle to its place in the enumeration.
    // Throws PuzzleError when the puzzle is not of this family.
    virtual std::optional<std::string> cluster_key(const Puzzle& puzzle) const = 0;
};

}  // namespace slidedb
