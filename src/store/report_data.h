// What report pages read besides their SQL: one puzzle's board and solution,
// to draw it and play it.
#pragma once

#include <cstdint>
#include <optional>

#include <SQLiteCpp/Database.h>

#include "report/svg_board.h"

namespace slidedb {

// The board, status, solution and blocked cells of a stored puzzle, or
// nullopt when there is no puzzle with that id.
std::optional<PuzzlePicture> load_picture(SQLite::Database& db, std::int64_t id);

}  // namespace slidedb
