// One stored puzzle read back whole: for `slidedb show` and reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "puzzle/puzzle.h"
#include "solve/result.h"
#include "store/table.h"

namespace slidedb {

struct PuzzleRecord {
    std::int64_t id = 0;
    Puzzle puzzle;
    std::optional<SolveResult> result;  // timings and figures as stored
    std::string solver_version;
    Table sources;  // path, line, kind, format, claims
};

// The columns of `puzzles` that make a Puzzle, for a SELECT list; and the
// Puzzle back from a row whose columns `first_column` on are those. Facts
// NULL in the database stay empty.
inline constexpr const char* kPuzzleColumns =
    "family, width, height, board, key, exit_side, exit_row, blocks, fixed";
Puzzle puzzle_from_row(const SQLite::Statement& row, int first_column);
// kPuzzleColumns qualified by a table's alias: "p.family, p.width, ...".
std::string puzzle_columns(const std::string& alias);

std::optional<PuzzleRecord> load_puzzle(SQLite::Database& db, std::int64_t id);

bool puzzle_exists(SQLite::Database& db, std::int64_t id);

// The puzzle stored under a key (its id), and whether a search of it is stored.
struct KnownPuzzle {
    std::int64_t id = 0;
    bool solved = false;  // a solutions row of any status
};
std::optional<KnownPuzzle> find_puzzle(SQLite::Database& db, const std::string& key);

// A family's puzzle of the lowest id: where an editor of that family starts.
std::optional<Puzzle> first_puzzle_of(SQLite::Database& db, const std::string& family);

// A puzzle whose stored search stopped at a limit: its id, which limit, and
// how far the search went.
struct StoredLimit {
    std::int64_t id = 0;
    SolveResult result;  // cut, cluster_size, cluster_complete, examined
};
std::optional<StoredLimit> stored_limit(SQLite::Database& db, const Puzzle& puzzle);

}  // namespace slidedb
