// One puzzle as text for people: the solution as numbered boards, then the
// search figures and the level table. Shared by `solve` and `show`.
#pragma once

#include <string>

#include "puzzle/board.h"
#include "report/table.h"
#include "solve/result.h"

namespace slidedb {

std::string solution_text(const Board& board, const SolveResult& r);
std::string statistics_text(const SolveResult& r);
std::string levels_text(const SolveResult& r, Format format);

}  // namespace slidedb
