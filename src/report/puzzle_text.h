// One puzzle as text for people: the solution as numbered boards, then the
// search figures and the level table. Shared by `solve` and `show`.
#pragma once

#include <string>

#include "puzzle/puzzle.h"
#include "report/table.h"
#include "solve/result.h"

namespace slidedb {

// The puzzle as its family's file gives it (goal and exit included), each
// line indented: it reads back as the same puzzle.
std::string start_text(const Puzzle& puzzle);
// The start and the board after each move, drawn by the puzzle's family.
std::string solution_text(const Puzzle& puzzle, const SolveResult& r);
std::string statistics_text(const Puzzle& puzzle, const SolveResult& r);
std::string levels_text(const SolveResult& r, Format format);

}  // namespace slidedb
