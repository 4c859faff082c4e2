// A puzzle and its search figures as JSON, and as the HTML pieces the
// pages show (the player, the charts), for the API's answers.
#pragma once

#include <string>

#include "puzzle/family.h"
#include "serve/json.h"
#include "solve/result.h"

namespace slidedb::serve {

// The board as its family's file format reads it back: what Export
// downloads and the editor holds.
std::string file_text(const Family& family, const Puzzle& puzzle);

// family, width, height, key, summary, board, board_text, file_text
void puzzle_members(Json& j, const Family& family, const Puzzle& puzzle);

// Every figure of the search, levels and goal distances included.
void result_members(Json& j, const SolveResult& r);

// The solution in the player (report/player.h), the levels and the goal
// distances as SVG charts; unsolvable boards drawn with their blocking
// cells and pieces marked.
void picture_members(Json& j, const Puzzle& puzzle, const SolveResult& r, std::int64_t id = 0);

}  // namespace slidedb::serve
