// The puzzle report (reports/puzzle.sql) as text: its boards drawn by the
// puzzle's family, so that each reads back as a board file.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "report/report_sections.h"
#include "store/report_data.h"

namespace slidedb {

// The Puzzle section's board and the cluster's hardest board become their
// family's file text (a left exit, a goal other than the usual, kept), and
// the Solution section gains the board after each move.
void draw_puzzle_boards(Report& report, const PuzzlePicture& picture);

// In every section with an `id` and a `board` column (the unsolvable
// report's list), each board becomes its puzzle's file text, looked up by
// id: a left exit or a goal of its own kept, so that it reads back.
void draw_listed_boards(Report& report,
                        const std::function<std::optional<PuzzlePicture>(std::int64_t)>& lookup);

}  // namespace slidedb
