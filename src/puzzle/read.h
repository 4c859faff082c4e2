// What reading a board file gives: puzzles, each with where it stood and what
// the file claimed of it, and errors, each with its line. Every family's
// reader returns these; the pipeline turns them into sources and errors rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
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

}  // namespace slidedb
