// The tallies of `levels` (tally_levels, tally_level_frontiers), summed by
// the import's writer over a batch and stored once before it commits, in
// place of the insert trigger (see schema/010_deferred_tallies.sql).
//
// The stored figures are the trigger's to the last bit: counts are exact in
// any order, and each depth's sum of ln(frontier) is added to what the table
// holds term by term, in the order the rows were inserted.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "solve/result.h"

namespace slidedb {

class LevelTallies {
public:
    // Names `levels` in tallies_deferred: until flush(), its insert trigger
    // stands aside in this transaction.
    static void defer(SQLite::Database& db);

    // One puzzle's levels, as they were inserted.
    void add(const std::vector<Level>& levels);
    // Adds the sums to the tallies and lets the trigger count again.
    void flush(SQLite::Database& db);

private:
    struct Depth {
        std::int64_t puzzles = 0, frontier = 0, examined = 0;
        std::vector<double> ln_frontiers;  // one per level, in insert order
    };
    std::map<std::uint32_t, Depth> depths_;
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::int64_t> frontiers_;  // (depth, frontier) -> levels
};

}  // namespace slidedb
