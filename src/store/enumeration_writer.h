// Writing an enumeration (every puzzle of a size) into the database.
//
// Work units arrive in any order; each is stored with its puzzles in one
// transaction (several units a batch), so a killed run keeps whole units
// only and a re-run skips exactly those (done_units()).
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

namespace slidedb {

// Which enumeration: one row of `enumerations`.
struct EnumerationId {
    std::string family;  // the game enumerated
    int size = 0, min_walls = 0, max_walls = 0;
    bool every_cluster = true;
    std::uint64_t units = 0;
    std::string enumerator;  // version
};

// One kept puzzle, in the words of the database.
struct EnumeratedRow {
    std::string key, family, board, exit_side;  // puzzles columns, board rows joined by '\n'
    int width = 0, height = 0, exit_row = 0, blocks = 0, fixed = 0;
    int moves = 0;
    std::uint64_t cluster_size = 0;
    std::vector<std::uint64_t> goal_levels;
};

struct EnumeratedUnitRow {
    std::uint64_t unit = 0;
    std::uint64_t clusters = 0, with_goal = 0, puzzles = 0, puzzle_boards = 0, boards = 0;
    double seconds = 0;
    std::vector<EnumeratedRow> rows;
};

// An enumeration's figures so far, every run that added to it counted.
struct EnumerationTotals {
    std::uint64_t units_done = 0, units = 0, clusters = 0, with_goal = 0, puzzles = 0, puzzle_boards = 0;
    int most_moves = 0;
};

class EnumerationWriter {
public:
    // Records the run in `imports`, finds or adds the enumeration.
    EnumerationWriter(SQLite::Database& db, const std::string& command, int jobs, const EnumerationId& id);
    ~EnumerationWriter();

    std::unordered_set<std::uint64_t> done_units();
    void write(const EnumeratedUnitRow& unit);
    // Commits the last batch and closes the run's record. A run stopped
    // before its end (`whole` false) keeps finished_at NULL, as an import's.
    void finish(double seconds, bool whole = true);

    std::int64_t enumeration_id() const { return enumeration_id_; }
    std::uint64_t units_written() const { return units_; }
    EnumerationTotals totals();

private:
    void begin_batch();

    SQLite::Database& db_;
    std::int64_t import_id_ = 0, enumeration_id_ = 0;
    std::uint64_t units_ = 0, puzzles_new_ = 0, puzzles_known_ = 0;
    std::unique_ptr<SQLite::Transaction> batch_;
    std::chrono::steady_clock::time_point batch_started_;
    std::uint64_t batch_rows_ = 0;
    std::unique_ptr<SQLite::Statement> insert_puzzle_, find_puzzle_, insert_enumerated_, insert_unit_;
};

}  // namespace slidedb
