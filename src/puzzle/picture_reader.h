// Reading a picture of a board (a screenshot of the game) into a puzzle, for
// a family whose game people photograph.
//
// A family that reads pictures hands out a PictureReader
// (Family::picture_reader()); the import and `slidedb scan` find it through
// the registry (families/families.h) and never know the game.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "image/board_box.h"
#include "image/image.h"
#include "puzzle/puzzle.h"

namespace slidedb {

// A board read from a picture, and where it was found.
struct PictureRead {
    Puzzle puzzle;  // validated and canonical (key filled)
    int image_width = 0, image_height = 0;
    BoardBox box;           // the board's cells, in image pixels
    double confidence = 0;  // 0..1: the smallest margin of any decision
    bool exit_seen = true;  // false: the exit was not in the picture and was assumed
};

// Why a picture was not read, in words a user can act on.
struct PictureError {
    std::string message;
};

// One picture read for people (`slidedb scan`).
struct PictureScan {
    std::variant<PictureRead, PictureError> result;
    // What was read, for the output: lines ended by '\n', "" on an error.
    // Behind "# " and a name, the lines read back as the board (a board
    // file: the first line a sentence, then directives and the board).
    std::string description;
    std::optional<Image> debug;  // what the reader saw, drawn over the picture, when asked for
};

class PictureReader {
public:
    virtual ~PictureReader() = default;
    // Reads decoded pixels. Never throws.
    virtual std::variant<PictureRead, PictureError> read(const Image& image) const = 0;
    // The same, with a description and, when `debug`, the reader's debug
    // picture. Never throws.
    virtual PictureScan scan(const Image& image, bool debug) const = 0;
};

}  // namespace slidedb
