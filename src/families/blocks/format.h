// Reading the start/goal text format of the `blocks` family.
//
//   # comment lines come first: a board row may itself begin with '#'
//   start
//   #DDBB#        '#' wall, '.' or ' ' floor, a letter a piece (all cells
//   #AA..#        of one letter are one piece); cells past the end of a
//   goal          short line are wall
//   #....#        the same outline, with only the pieces that must end
//   #..AA#        there
//
// One puzzle a file. The format is told from the content: comment or blank
// lines, then a line `start`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "families/blocks/board.h"
#include "puzzle/read.h"

namespace slidedb::blocks {

// What is wrong with a file, and on which line (1-based; 0 for the whole file).
struct ReadError {
    int line = 0;
    std::string message;
    bool operator==(const ReadError&) const = default;
};

struct ReadBoard {
    Board board;    // canonical (canonical_board) unless read as drawn
    int line = 0;   // the line `start`
};

// Canonical: the board canonical_board() gives, for keys and solving.
// AsDrawn: letters and grid as the text has them (dead floor walled off
// alone), for showing a board of a replay, whose pieces must keep their
// letters from one step to the next.
enum class Form : std::uint8_t { Canonical, AsDrawn };

// True when the text is in this format: only comments and blank lines
// before a line `start`.
bool is_start_goal_text(std::string_view text);

// Reads a file a line at a time, as it streams in, keeping no more than a
// puzzle's lines. line(): the next line without its '\n', `bytes` long
// though `text` may hold only its start (an overlong line is refused).
class StartGoalReader {
public:
    StartGoalReader();
    ~StartGoalReader();
    void line(std::string_view text, std::size_t bytes);
    // The end of the file: the puzzle, or what is wrong with it. Never throws.
    std::variant<ReadBoard, ReadError> finish(Form form = Form::Canonical) const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Reads the puzzle; never throws.
std::variant<ReadBoard, ReadError> read_start_goal(std::string_view text, Form form = Form::Canonical);

}  // namespace slidedb::blocks
