// The puzzle value every family shares: what the pipeline carries, the store
// keeps and the reports draw, whichever game it is.
//
// A Puzzle is plain data. Its family (families/families.h finds it by name)
// reads the board text back into its own model whenever it needs one; the
// rest of slidedb never looks inside `board`.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace slidedb {

// A board a family cannot accept, in words a user can act on. Readers add
// the file and line.
struct PuzzleError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Puzzle {
    std::string family;      // "unblock", "blocks", ...: the family's name()
    int width = 0, height = 0;
    std::string board;       // canonical board text, rows joined by '\n' (puzzles.board)
    std::string key;         // identity across files and formats; starts with "<family> "

    // Summary facts the store keeps in columns of their own, for reports that
    // filter or group on them. A family fills those that mean something to it
    // and leaves the others empty (stored as NULL).
    std::optional<std::string> exit_side;  // "left", "right"
    std::optional<int> exit_row;           // 0-based
    std::optional<int> blocks;             // movable pieces
    std::optional<int> fixed;              // pieces or cells that never move

    bool operator==(const Puzzle&) const = default;
};

}  // namespace slidedb
