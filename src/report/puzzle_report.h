// The puzzle report (reports/puzzle.sql) as text: its boards drawn by the
// puzzle's family, so that each reads back as a board file.
#pragma once

#include "report/report_sections.h"
#include "store/report_data.h"

namespace slidedb {

// The Puzzle section's board and the cluster's hardest board become their
// family's file text (a left exit, a goal other than the usual, kept), and
// the Solution section gains the board after each move.
void draw_puzzle_boards(Report& report, const PuzzlePicture& picture);

}  // namespace slidedb
