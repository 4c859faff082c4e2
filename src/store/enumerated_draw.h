// Enumerated puzzles read back by moves: what `generate --moves A..B --db`
// draws from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/puzzle.h"

namespace slidedb {

struct StoredEnumeration {
    std::int64_t id = 0;
    int min_walls = 0, max_walls = 0;
    std::uint64_t units = 0, units_done = 0;
};

// The enumeration of a family's size to draw from: the one of exactly those
// walls when asked, else the one that ranks the size (ranking_enumeration:
// the widest wall range). Nothing when the database holds none.
std::optional<StoredEnumeration> enumeration_to_draw(SQLite::Database& db, const std::string& family, int size,
                                                     std::optional<std::pair<int, int>> walls);

// Puzzle ids of its minimal puzzles with moves in lo..hi, in the order of
// their keys: the same in every database that holds the enumeration,
// whatever order its units were stored in.
std::vector<std::int64_t> enumerated_ids(SQLite::Database& db, std::int64_t enumeration, int lo, int hi);

struct EnumeratedDraw {
    Puzzle puzzle;
    int moves = 0;
    std::uint64_t cluster_size = 0;
};

// Those puzzles, in the order of `ids`.
std::vector<EnumeratedDraw> enumerated_puzzles(SQLite::Database& db, std::int64_t enumeration,
                                               const std::vector<std::int64_t>& ids);

}  // namespace slidedb
