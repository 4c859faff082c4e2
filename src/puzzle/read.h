// What reading a board file gives: puzzles, each with where it stood and what
// the file claimed of it, and errors, each with its line. Every family's
// reader returns these; the pipeline turns them into sources and errors rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "puzzle/puzzle.h"

namespace slidedb {

constexpr std::size_t kMaxBoardFileBytes = 64u << 20;  // 64 MiB
constexpr std::size_t kMaxLineBytes = 4096;

// A puzzle read from a file.
struct ReadPuzzle {
    Puzzle puzzle;
    int line = 0;        // 1-based line where the puzzle starts
    std::string format;  // the family's name for the format: "grid", "lines", ...
    std::optional<int> claimed_moves;
    std::optional<std::uint64_t> claimed_cluster;
};

// An input that could not become a puzzle.
struct ReadError {
    int line = 0;  // 0 when the problem is the whole file
    std::string message;
};

using ReadItem = std::variant<ReadPuzzle, ReadError>;

// A family's reader of one file, a piece at a time: pieces may cut lines
// anywhere, items come out in file order as soon as no later byte can
// change them, so memory holds the puzzle being read, not the file.
class TextReader {
public:
    virtual ~TextReader() = default;
    virtual void feed(std::string_view bytes, std::vector<ReadItem>& out) = 0;
    // End of the file: reads what is left.
    virtual void finish(std::vector<ReadItem>& out) = 0;
};

}  // namespace slidedb
