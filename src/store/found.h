// What the import pipeline hands the writer for one input file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/puzzle.h"
#include "image/board_box.h"
#include "solve/result.h"

namespace slidedb {

// Where a screenshot's board was found in the picture.
struct ScreenshotInfo {
    int image_width = 0, image_height = 0;
    BoardBox box;
    double confidence = 0;
    bool exit_seen = true;
};

struct FoundPuzzle {
    Puzzle puzzle;         // its key is the puzzle's identity
    int line = 0;          // 1-based; 0 for a picture
    std::string format;    // grid, framed, lines, blocks, png, jpeg
    std::optional<int> claimed_moves;
    std::optional<std::uint64_t> claimed_cluster;
    std::optional<ScreenshotInfo> screenshot;
    std::optional<SolveResult> result;  // empty when the database already had it
};

struct FoundError {
    int line = 0;  // 0: the whole file
    std::string message;
};

struct FoundFile {
    std::string path;  // as given, or found below a folder given: for display
    std::string file;  // canonical path, the file's identity whatever the spelling
                       // (empty: the path as given)
    bool is_image = false;
    // The sources' kind; empty: "screenshot" for a picture, else "board-file".
    // The web app's editor saves as "editor".
    std::string kind;
    std::string hash;  // FNV-1a 64 of the bytes, hex
    std::vector<FoundPuzzle> puzzles;
    std::vector<FoundError> errors;
};

}  // namespace slidedb
