// One puzzle as text for people: the solution as numbered boards, then the
// search figures and the level table. Shared by `solve` and `show`.
#pragma once

#include <string>

#include "puzzle/board.h"
#include "report/table.h"
#include "solve/result.h"

namespace slidedb {

// The board as rows of text with the exit drawn as '<' or '>' beside the
// prisoner's row (a space on the other rows when the exit is on the left),
// each row indented by `indent` spaces and ended by a newline.
std::string board_text(const Board& b, int indent = 2);

std::string solution_text(const Board& board, const SolveResult& r);
std::string statistics_text(const SolveResult& r);
std::string levels_text(const SolveResult& r, Format format);

}  // namespace slidedb
