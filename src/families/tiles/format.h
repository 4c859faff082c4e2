// Reading sliding-tile puzzles from text.
//
//  grid    one row a line, numbers separated by blanks, 0 . or _ for the
//          blank; puzzles separated by blank lines
//  lines   one puzzle a line: "ID MOVES t0 t1 ..." (Korf's instances; the
//          moves are a claim, compared with the search), or the cells alone;
//          rows may be separated by '/' ("1 2 3 / 4 5 6 / 7 8 0")
//
// Lines starting with '#' are comments, except the directives that apply to
// the puzzles below them:
//  # size: WxH            shape of the one-line puzzles that are not square
//  # goal: blank first    0 1 2 ... (Korf's goal); "blank last" is the default
//  # goal: 1 2 3 / 4 5 6 / 7 8 0   any goal, written as a board
// A comment that states a goal in a sentence ("The goal has the blank
// top-left: 0 1 2 3 / 4 5 6 7 / ...") also sets it, when the cells after its
// last colon form a board.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "families/tiles/board.h"
#include "puzzle/read.h"

namespace slidedb::tiles {

struct TilePuzzle {
    TileBoard board;
    TileBoard goal;
    int line = 0;        // 1-based line where the puzzle starts
    std::string format;  // "grid" or "lines"
    std::string id;      // the instance number of a "lines" puzzle, if any
    std::optional<int> claimed_moves;
};

struct TileReadError {
    int line = 0;
    std::string message;
};

using TileItem = std::variant<TilePuzzle, TileReadError>;

// Every puzzle of the text; a bad one becomes an error item and the reading
// goes on. Never throws.
std::vector<TileItem> read_tiles_text(std::string_view text);

// The same a line at a time, as a file streams in: memory holds the
// directives so far and the grid being read, at most a board's rows.
class TilesReader {
public:
    TilesReader();
    ~TilesReader();
    // The next line without its '\n', `bytes` long though `text` may hold
    // only its start (an overlong line is refused); lines count from 1.
    void line(std::string_view text, std::size_t bytes, std::vector<TileItem>& out);
    // The end of the text: the last grid.
    void finish(std::vector<TileItem>& out);

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Whether the text reads as tiles: most lines outside comments, and at
// least one, are made of numbers, blank marks (. _) and row separators (/).
bool looks_like_tiles(std::string_view text);

// One board from a single string, grid rows on lines or separated by '/'
// ("0 12 9 13 / 15 11 10 14 / ..."); throws TileError.
TileBoard parse_board(std::string_view text);

}  // namespace slidedb::tiles
