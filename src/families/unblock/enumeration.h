// Every Unblock Me puzzle of a board size: the public enumeration's
// definition, reproduced.
//
// Boards are N x N (N = 4 to 7; the public enumeration stops at 6). The primary piece is horizontal, two long,
// in row (N - 1) / 2, and leaves on the right; other pieces are two or three
// long, horizontal (never in the primary row) or vertical; walls are 1x1,
// from min_walls to max_walls, in the primary row only left of the primary
// piece; the items of one line fill fewer than N cells. A cluster is a
// connected set of boards under moves. A cluster with a goal board (the
// primary piece at the right edge) gives one puzzle: its board farthest from
// every goal (the least such board, horizontal cells then vertical cells
// compared as integers), kept when minimal: taking any one piece or wall
// off, that board needs strictly fewer moves.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "families/unblock/board.h"
#include "puzzle/enumerator.h"

namespace slidedb::enumeration {

// What to enumerate and which part: the types every enumerating family
// shares (puzzle/enumerator.h). In Spec, every_cluster false visits only the
// clusters with a goal board in signatures whose every piece can matter.
using Spec = EnumerationSpec;
using Shard = EnumerationShard;

// The figures every enumeration gives (clusters, with a goal, puzzles,
// their boards, all boards), and more of this one's.
struct Counts : EnumerationCounts {
    std::vector<std::uint64_t> by_moves;  // puzzles kept, by moves

    int most_moves() const { return by_moves.empty() ? 0 : static_cast<int>(by_moves.size()) - 1; }
    void add(const Counts& o);
    bool operator==(const Counts&) const = default;
};

struct Puzzle {
    std::string grid;  // N*N cells row by row: '.' empty, 'x' wall, 'A' primary, 'B'... in reading order
    int moves = 0;
    std::uint64_t cluster_size = 0;
    std::vector<std::uint64_t> goal_levels;  // boards of the cluster at each distance to the goal
    int walls = 0;
    int blocks = 0;  // movable pieces, the primary included
};

// What one work unit found: units are numbered in a fixed order.
struct UnitResult {
    std::uint64_t unit = 0;
    double seconds = 0;  // on one core (a unit searched with its twin: half the pair's)
    Counts counts;
    std::vector<Puzzle> puzzles;  // in the order found
};

// Units of the whole enumeration of `spec`: a choice of row types each, and
// when the enumeration has few of those, the costly ones split further by
// the types of their first columns (by exact board counts, so that no unit
// holds more than about 1/20,000 of the boards).
std::uint64_t unit_count(const Spec& spec);
// The unit whose signatures hold this board (one of the enumeration's:
// see cluster_representative.h), or nothing.
std::optional<std::uint64_t> unit_of(const Spec& spec, const Board& board);

// Whether unit u belongs to the shard (a scrambled round robin, so shards
// get a like mix of cheap and costly units). A unit with a twin (see
// enumerate()) is run by the shard its twin or it belongs to, whichever has
// the lower number.
bool in_shard(std::uint64_t unit, const Shard& shard);

// Version of the enumerator: stored with every enumeration.
// A database keeps the units of the version that began it.
inline constexpr const char* kEnumeratorVersion = "enumerate-3";

// Runs the units of the shard on every core (threads = 0: all). `skip(u)`
// says a unit is already done, or not to be run now: it is asked of every
// unit first, then again, from any thread, as the unit is about to start,
// so that a run asked to stop leaves the units not begun; `done` receives
// each finished unit, one call at a time, in no fixed order; `progress`
// about once a second.
//
// On a board of odd side a unit and the unit of its signatures turned
// upside down (mirror.h) hold the same clusters: the shard of the lower
// number searches both at once, and gives both results (each with half
// the time); `turn` false searches every unit on its own.
void enumerate(const Spec& spec, const Shard& shard, int threads,
               const std::function<bool(std::uint64_t)>& skip,
               const std::function<void(UnitResult&&)>& done,
               const std::function<void(const EnumerationProgress&)>& progress, bool turn = true);

// The whole enumeration in one process, units in order: for tests and bench.
Counts enumerate_counts(const Spec& spec, std::vector<Puzzle>* puzzles = nullptr, int threads = 0, bool turn = true);

}  // namespace slidedb::enumeration
