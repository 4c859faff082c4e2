// Unblock puzzles written as the public database's lines ("MOVES BOARD
// CLUSTER", or BOARD alone), under the "# size:" and "# exit:" directives
// each needs: the format read_boards() reads back (board_file.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "puzzle/file_writer.h"
#include "puzzle/puzzle.h"

namespace slidedb {

// One line: the board's cells row by row ('o' empty), with the moves and
// the cluster size before and after it when both are known.
std::string database_line(const Puzzle& puzzle, std::optional<int> moves, std::optional<std::uint64_t> cluster);

std::unique_ptr<PuzzleFileWriter> unblock_file_writer();

}  // namespace slidedb
