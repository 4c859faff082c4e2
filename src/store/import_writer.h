// Writing an import into the database: the only writer, called in input order.
//
// Files are grouped into transactions of a few thousand puzzles (or a second
// of work), so a killed run keeps every batch it committed and a re-run adds
// only the rest. Statements are prepared once per run.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include "store/found.h"
#include "store/level_tallies.h"

namespace slidedb {

struct ImportTotals {
    std::uint64_t files = 0, puzzles_new = 0, puzzles_known = 0, errors = 0;
    std::uint64_t solved = 0, unsolvable = 0, limit = 0;  // among the new puzzles
    std::uint64_t searched_again[3] = {0, 0, 0};  // known puzzles searched again (--resolve): solved, unsolvable, limit
    std::uint64_t claim_mismatches = 0;
    std::uint64_t searches = 0;  // searches run: one per board new to the run and the database
};

// What solved a result, as solutions.solver_version: "slidedb-bfs 1", or
// the family's own search when it names one (tiles: "slidedb-ida 1",
// "slidedb-parity 1").
std::string solver_version(const SolveResult& r);

class ImportWriter {
public:
    // Records the run in `imports` and commits that at once.
    ImportWriter(SQLite::Database& db, const std::string& command, int jobs, bool resolve);
    ~ImportWriter();

    // Keys of every puzzle already stored: the solve stage skips them.
    std::unordered_set<std::string> known_keys();

    // Stores one file's puzzles, sources and errors. Returns a line for each
    // claim in the file that disagrees with the search.
    // `last_part` is false for all but the last part of a file cut in parts.
    std::vector<std::string> write(const FoundFile& file, bool last_part = true);
    // Commits the last batch and closes the run's record. A run stopped
    // before its end (`whole` false) keeps finished_at NULL: cut short.
    ImportTotals finish(double seconds, bool whole = true);

    const ImportTotals& totals() const { return totals_; }

private:
    void begin_batch();
    void write_puzzle(const FoundFile& file, const FoundPuzzle& p, std::vector<std::string>& notes);
    void write_solution(std::int64_t puzzle_id, const SolveResult& r, bool is_new);

    SQLite::Database& db_;
    bool resolve_;
    std::int64_t import_id_ = 0;
    int temp_store_ = 0;  // the connection's setting, given back at the end
    ImportTotals totals_;
    std::unique_ptr<SQLite::Transaction> batch_;
    std::uint64_t batch_puzzles_ = 0;
    std::chrono::steady_clock::time_point batch_started_;

    std::unique_ptr<SQLite::Statement> find_puzzle_, insert_puzzle_, insert_source_, delete_solution_,
        insert_solution_, delete_levels_, insert_level_, insert_levels_, delete_goal_levels_, insert_goal_levels_,
        upsert_error_;
    LevelTallies level_tallies_;  // of the open batch
    std::string rows_;  // a puzzle's goal levels as a JSON array, reused
};

}  // namespace slidedb
