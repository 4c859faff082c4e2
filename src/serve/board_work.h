// What the web app does with a board it is sent, through the family
// interface alone: read it as the file readers do, solve it within the
// server's limits, replay a player's moves, and find the next best move.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/family.h"
#include "puzzle/read.h"
#include "serve/options.h"
#include "solve/result.h"

namespace slidedb::serve {

// A board's text as the editor and the API send it.
struct BoardRead {
    std::optional<ReadPuzzle> puzzle;  // the first puzzle of the text
    std::vector<ReadError> errors;     // every problem, with its line
    std::size_t puzzles = 0;           // puzzles the text holds
};
BoardRead read_board(std::string_view text);

// True when the bytes start like a PNG or JPEG picture.
bool is_picture_bytes(std::string_view bytes);

// "line 3: two prisoners", one problem a line, as the file readers say it.
std::string error_lines(const std::vector<ReadError>& errors);

// The search's limits from the server's.
SolveOptions solve_options(const Limits& limits);

// The labels of the board's pieces, from its picture (board_svg's data-label).
std::vector<std::string> piece_labels(const Family& family, const Puzzle& puzzle);

// The best next move from a position, in the start's labels.
struct Hint {
    Status status = Status::Unsolvable;  // of the search from the position
    Cut cut = Cut::None;
    int distance = -1;   // optimal moves to the goal; -1 unless solved
    std::string move;    // empty at the goal or when no solution
    std::size_t moves = 0;  // moves played so far
};
Hint hint(const Family& family, const Puzzle& start, std::string_view moves, const SolveOptions& options);

// The moves in a list of them, blank-separated.
std::size_t count_moves(std::string_view moves);

}  // namespace slidedb::serve
