// Built-in reports as text (the command line's formats, the server's JSON):
// their boards drawn by each puzzle's family, so that each reads back as a
// board file.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "report/report_sections.h"
#include "store/report_data.h"

namespace slidedb {

using PuzzleLookup = std::function<std::optional<PuzzlePicture>(std::int64_t)>;

// The puzzle report (of `puzzle_id`): its board and its cluster's hardest
// board become their family's file text (a left exit, a goal other than the
// usual, kept), and its Solution section gains the board after each move.
// Any other report: in every section with an `id` and a `board` column (the
// unsolvable report's list), each board becomes its puzzle's file text.
void draw_report_boards(Report& report, std::optional<std::int64_t> puzzle_id, const PuzzleLookup& lookup);

}  // namespace slidedb
