// Stored puzzles written back as a family's board files (`slidedb export`):
// import reads each one back to the same key, with its figures as claims
// the search checks again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "puzzle/puzzle.h"

namespace slidedb {

// What the database knows of a puzzle, for the formats that carry claims:
// its optimal moves when solved, its whole cluster's size when complete.
struct PuzzleClaims {
    std::int64_t id = 0;  // the puzzle's id in the database it came from
    std::optional<int> moves;
    std::optional<std::uint64_t> cluster;
};

// One file's puzzles in turn. A writer keeps what the puzzles before set
// (directives: a size, an exit, a goal) and writes a directive only where
// the next puzzle needs another.
class PuzzleFileWriter {
public:
    virtual ~PuzzleFileWriter() = default;
    // True when the family's file holds one puzzle: each entry is a file.
    virtual bool one_a_file() const { return false; }
    // The next puzzle as the file writes it, ended by '\n'. Throws
    // PuzzleError when the puzzle is not the family's.
    virtual std::string entry(const Puzzle& puzzle, const PuzzleClaims& claims) = 0;
};

}  // namespace slidedb
