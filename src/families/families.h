// The registry of families: the only place that lists them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "image/image.h"
#include "puzzle/family.h"
#include "puzzle/picture_reader.h"
#include "puzzle/read.h"

namespace slidedb {

// Every family slidedb knows, the default reader first.
const std::vector<const Family*>& families();

// Every family's grading, in the registry's order, for the store.
std::vector<FamilyDifficulty> difficulties();

// The family of that name, or nullptr.
const Family* find_family(std::string_view name);

// The family of a puzzle; throws PuzzleError when none has its name.
const Family& family_of(const Puzzle& puzzle);

// "" when a stored puzzle is exactly what its board reads back to (its
// family's text of it, read again: board, key and facts), else why not. A
// database from elsewhere (`merge`) is checked with it, so that a row no
// family can read, or one keyed unlike its board, never enters.
std::string stored_puzzle_fault(const Puzzle& puzzle);

// Reads a board file's text: size, encoding and binary checks, then the
// first family that recognises the text reads it (the first family of the
// list when none does). Never throws.
std::vector<ReadItem> read_board_text(std::string_view text);

// Reads a picture (a screenshot of a game): the families that read
// pictures try it in the registry's order, and the first that reads a board
// wins; when none does, the first one's reason is the error. Never throws.
std::variant<PictureRead, PictureError> read_picture(const Image& image);
// The same for people (`scan`): with a description and, when `debug`, the
// reader's debug picture.
PictureScan scan_picture(const Image& image, bool debug);

// The same a piece at a time, so memory does not follow the file's size.
// The file's start (64 KiB, or all of it if shorter) goes through the checks
// and picks the family; the rest streams through that family's reader.
class BoardTextStream {
public:
    BoardTextStream();
    ~BoardTextStream();
    void feed(std::string_view bytes, std::vector<ReadItem>& out);
    void finish(std::vector<ReadItem>& out);
    // True once the rest of the file would be refused (binary data).
    bool stopped() const { return stopped_; }

private:
    void start(std::string_view head, std::vector<ReadItem>& out);

    std::string head_;
    std::unique_ptr<TextReader> reader_;
    std::uint64_t lines_ = 0;  // newlines passed on
    bool stopped_ = false;
};

}  // namespace slidedb
