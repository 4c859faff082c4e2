// Reading Unblock board files: the four text formats, detected from content.
//
//  grid      letter grid, one row a line, cells optionally space-separated;
//            several puzzles separated by blank lines
//  framed    +------+ above and below, | at both ends; the missing | on the
//            prisoner's row is the exit
//  lines     one puzzle a line: BOARD, or MOVES BOARD CLUSTER (the public
//            Rush Hour database), claims kept for comparison
//  blocks    block list: "row col length h|v", 1-based, prisoner first,
//            a vertical block given by its bottom cell
//
// Header lines starting with '#' are comments, except the directives
// "# exit: left|right" and "# size: WxH" that apply to the puzzles below them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "families/unblock/board.h"
#include "puzzle/read.h"

namespace slidedb {

// A board read from a file, with where it stood and what the file claimed.
struct BoardRead {
    Board board;
    int line = 0;  // 1-based line where the puzzle starts
    std::string format;  // "grid", "framed", "lines", "blocks"
    std::optional<int> claimed_moves;
    std::optional<std::uint64_t> claimed_cluster;
};

using BoardItem = std::variant<BoardRead, ReadError>;

// Reads every puzzle in a file's text. Never throws: problems become
// ReadError items, and one bad puzzle does not hide the others.
std::vector<BoardItem> read_boards(std::string_view text);

// True when the first line that is not blank or a comment is surely one of
// these formats: a frame, a database line or a block list. (A letter grid
// is no sure sign: other families' rows look alike.)
bool looks_like_unblock(std::string_view text);

}  // namespace slidedb
