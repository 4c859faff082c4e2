// Where a puzzle stands among every enumerated puzzle of its size, and the
// links between imported puzzles and the enumerated puzzles of their clusters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/puzzle.h"

namespace slidedb {

struct Standing {
    int size = 0, moves = 0;
    std::string walls;               // "0..2": the enumeration compared with
    std::uint64_t easier = 0, total = 0;  // enumerated puzzles with fewer moves, all of them
    std::uint64_t harder = 0;             // enumerated puzzles with more moves
    std::uint64_t units = 0, units_done = 0;  // the enumeration's work units, and those stored
    // The enumerated puzzle of its cluster, when linked (or itself).
    std::optional<std::int64_t> cluster_puzzle;
    int cluster_moves = 0;
    std::uint64_t cluster_size = 0;

    // Rounded down, so that only a puzzle harder than all says 100%.
    double harder_than() const;
    // "harder than 99.7% of all 6x6 puzzles (2577412 enumerated, 0..2 walls)";
    // of an enumeration not finished, "of the 6x6 puzzles enumerated so far
    // (... , 12 of 73154 units)": a part is no measure of the whole.
    std::string sentence() const;
};

std::optional<Standing> puzzle_standing(SQLite::Database& db, std::int64_t id);

struct Enumeration {
    std::int64_t id = 0;
    std::string family;
    int size = 0, min_walls = 0, max_walls = 0;
};
std::vector<Enumeration> enumerations(SQLite::Database& db);

// Solved puzzles of that family and size not linked to the enumeration yet.
std::vector<std::pair<std::int64_t, Puzzle>> unlinked_puzzles(SQLite::Database& db, const Enumeration& e);
// Links the puzzle to the enumerated puzzle whose key is given, if the
// enumeration holds it; returns whether it did.
bool link_puzzle(SQLite::Database& db, const Enumeration& e, std::int64_t puzzle_id, const std::string& key);

}  // namespace slidedb
