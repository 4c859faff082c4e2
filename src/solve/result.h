// What one search found out about a puzzle: the figures slidedb stores, the
// same for every family.
#pragma once

#include <csignal>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace slidedb {

enum class Status : std::uint8_t { Solved, Unsolvable, Limit };
std::string_view status_name(Status s);  // "solved", "unsolvable", "limit"

// What cut a search short.
// Time: the seconds a search may take (SolveOptions::max_seconds), or the
// run asked to stop (SolveOptions::cancel).
enum class Cut : std::uint8_t { None, States, Memory, Time };
std::string_view cut_name(Cut c);  // "", "states", "memory", "time"
Cut cut_from_name(std::string_view name);  // cut_name back; None for anything else

// One depth of the breadth-first search.
struct Level {
    std::uint32_t depth = 0;
    std::uint64_t frontier = 0;  // boards first reached at this depth
    std::uint64_t examined = 0;  // successors generated while expanding them
    std::uint64_t fresh = 0;     // of those, boards never seen before (next depth)
    std::uint64_t goals = 0;     // goal boards among the frontier

    bool operator==(const Level&) const = default;
};

struct SolveOptions {
    std::uint64_t max_states = 50'000'000;  // boards kept before the search stops
    std::uint64_t max_memory = 0;  // bytes the search may hold; 0: no limit
    // After a complete search: distances to the goal (solved puzzles) or the
    // family's analysis of why not (unsolvable ones). Off, the search alone
    // is measured.
    bool analyse_cluster = true;
    // A hint's search: breadth-first searches end as they reach the first
    // goal board, and nothing else is measured (no second metric); the
    // cluster's figures are then of the boards reached.
    bool stop_at_goal = false;
    // Seconds a search (breadth-first or IDA*, the cluster's analysis
    // included) may take before it stops with status limit; 0: no limit.
    double max_seconds = 0;
    // Non-zero once the run is asked to stop (a signal handler's flag): the
    // search then stops as at its time limit, within milliseconds; null:
    // never asked.
    const volatile std::sig_atomic_t* cancel = nullptr;
    // Where a search keeps what it builds once for every puzzle (the tiles'
    // pattern tables); empty: the default folder.
    std::string cache_dir;
    // stderr is a terminal: a long preparation redraws a progress line there
    // instead of writing a line when it starts and one when it ends.
    bool terminal = false;
    // Off, a search that would first build what it keeps (pattern tables)
    // throws SearchRefused instead: a server answers at once and writes
    // nothing, and the user builds them once from the command line.
    bool build_tables = true;
    // Off, the memory a thread keeps from one search for its next (its
    // visited set) is given back when the search ends (solve/give_back.h).
    bool keep_memory = true;
};

// A search that would not start within its options, with what to do about
// it in words for the user.
struct SearchRefused : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct SolveResult {
    Status status = Status::Unsolvable;
    int moves = -1;        // optimal, in the move metric; -1 unless solved
    int steps = -1;        // the rule set's cost of the returned solution (Unblock: cells slid)
    std::string solution;  // the moves as the family writes them ("BU1 AR3"); empty unless solved

    // The cluster: every board reachable from the start, start included.
    std::uint64_t cluster_size = 0;
    std::uint64_t cluster_goals = 0;
    int cluster_depth = 0;        // largest distance from the start
    bool cluster_complete = true;  // false when a limit cut the search short
    Cut cut = Cut::None;           // which limit, then

    // Distance to the goal over the whole cluster, from a second search that
    // starts at every goal board; filled when solved with the cluster complete.
    std::vector<std::uint64_t> goal_levels;  // boards at each distance to the goal
    int hardest_moves = -1;     // the largest distance: the cluster's hardest start
    std::string hardest_board;  // the first board found at that distance, as the family's board text

    // Facts only some families find, each named by the solutions column that
    // keeps it (Unblock: "blocked_cells", "blockers"). Empty when none.
    std::vector<std::pair<std::string, std::string>> extras;

    std::uint64_t examined = 0;  // successors generated, all levels
    std::uint64_t max_states = 0;  // the limit the search ran under
    std::vector<Level> levels;
    double seconds = 0;
    std::uint64_t peak_bytes = 0;  // memory the search held at its largest

    // The extra of that name, if the family found it.
    std::optional<std::string> extra(std::string_view name) const {
        for (const auto& [n, v] : extras)
            if (n == name) return v;
        return std::nullopt;
    }
};

// What a file's claimed figures say against the search's, a sentence each
// ("claims 51 moves, the search found 49"): `moves` -1 when there is no
// solution, `cluster` -1 when the cluster was not searched whole.
std::vector<std::string> claim_disagreements(std::optional<int> claimed_moves,
                                             std::optional<std::uint64_t> claimed_cluster, int moves,
                                             std::int64_t cluster);
// Said instead of them when the search stopped at a limit: it found no
// answer to set a claim against, so nothing disagrees.
inline constexpr std::string_view kClaimNotChecked = "its claim is not checked: the search stopped at a limit";

}  // namespace slidedb
