// Adding one slidedb database into another: shards of an enumeration, or
// imports done on several machines.
//
// Runs are copied as new `imports` rows (a run already present, same start
// and command, is not copied twice); puzzles are matched by key, so a board
// both databases hold is one puzzle; enumerations by size and walls. Every
// other table is copied by the columns both databases have, with the ids of
// puzzles, runs and enumerations translated, skipping rows the target
// already holds (its unique keys decide). Merging a database twice adds
// nothing the second time. Tallies kept by triggers follow by themselves.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <SQLiteCpp/Database.h>

#include "puzzle/puzzle.h"

namespace slidedb {

struct MergeTotals {
    std::uint64_t imports = 0;        // runs copied
    std::uint64_t puzzles_new = 0;    // puzzles the target did not have
    std::uint64_t puzzles_known = 0;  // puzzles it had already
    std::uint64_t rows = 0;           // rows added to the other tables
};

// "" when a puzzle of the database added may enter, else why not.
using PuzzleCheck = std::function<std::string(const Puzzle&)>;

// Adds the database at `from` into `into` in one transaction: on any error
// nothing of it is added. Throws StoreError naming the file. Each puzzle new
// to `into` goes through `check` first; one it refuses refuses the file,
// naming the puzzle's row.
MergeTotals merge_database(SQLite::Database& into, const std::string& from, const PuzzleCheck& check = {});

}  // namespace slidedb
