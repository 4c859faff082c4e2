// Reading board files: the four text formats, detected from content.
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
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "puzzle/board.h"

namespace slidedb {

constexpr std::size_t kMaxBoardFileBytes = 64u << 20;  // 64 MiB
constexpr std::size_t kMaxLineBytes = 4096;

// A puzzle read from a file, with where it stood and what the file claimed.
struct ReadPuzzle {
    Board board;
    int line = 0;  // 1-based line where the puzzle starts
    std::string format;  // "grid", "framed", "lines", "blocks"
    std::optional<int> claimed_moves;
    std::optional<std::uint64_t> claimed_cluster;
};

// An input that could not become a puzzle.
struct ReadError {
    int line = 0;  // 0 when the problem is the whole file
    std::string message;
};

using ReadItem = std::variant<ReadPuzzle, ReadError>;

// Reads every puzzle in a file's text. Never throws: problems become
// ReadError items, and one bad puzzle does not hide the others.
std::vector<ReadItem> read_board_text(std::string_view text);

// The same, a piece at a time: memory holds the puzzle being read, never the
// whole file. Pieces may cut lines anywhere; items come out in file order,
// each as soon as no later byte can change it.
class BoardTextReader {
public:
    BoardTextReader();
    ~BoardTextReader();
    BoardTextReader(const BoardTextReader&) = delete;
    BoardTextReader& operator=(const BoardTextReader&) = delete;

    void feed(std::string_view bytes, std::vector<ReadItem>& out);
    // End of the file: reads what is left.
    void finish(std::vector<ReadItem>& out);
    // True once the reader refuses the rest of the file (binary data).
    bool stopped() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace slidedb
