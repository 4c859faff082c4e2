// What report pages read besides their SQL: one puzzle's board and solution,
// to draw it and play it. Plain data: report/ draws it through its family.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <SQLiteCpp/Database.h>

#include "puzzle/puzzle.h"

namespace slidedb {

struct PuzzlePicture {
    std::int64_t id = 0;
    Puzzle puzzle;
    std::string status;         // solved, unsolvable, limit, or "" when not solved
    std::string solution;       // as the family writes moves, empty unless solved
    std::string blocked_cells;  // the family's extras to mark, may be empty
    std::string blockers;
};

// The stored puzzle with that id, or nullopt when there is none.
std::optional<PuzzlePicture> load_picture(SQLite::Database& db, std::int64_t id);

}  // namespace slidedb
