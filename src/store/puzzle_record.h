// One stored puzzle read back whole: for `slidedb show` and reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/board.h"
#include "report/table.h"
#include "solve/move.h"
#include "solve/result.h"

namespace slidedb {

struct PuzzleRecord {
    std::int64_t id = 0;
    Board board;
    std::optional<SolveResult> result;  // timings and figures as stored
    std::string solver_version;
    Table sources;  // path, line, kind, format, claims
};

std::optional<PuzzleRecord> load_puzzle(SQLite::Database& db, std::int64_t id);

bool puzzle_exists(SQLite::Database& db, std::int64_t id);

}  // namespace slidedb
