// The read stage: one input file's bytes into puzzles and errors.
#pragma once

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "families/families.h"

#include "store/found.h"

namespace slidedb {

// Largest input file read at all; bigger ones are an error, not a read.
constexpr std::uintmax_t kMaxInputBytes = 64u << 20;

// FNV-1a 64 of the bytes, as 16 hex digits.
std::string content_hash(std::string_view bytes);

// True when the file starts like a PNG or JPEG (by content, not by name).
bool is_picture(const std::string& path);

// Reads a board file or a screenshot. Never throws: every problem becomes a
// FoundError of the returned file.
FoundFile read_input(const std::string& path);

// The same, for bytes already in memory (an upload, tests).
FoundFile read_bytes(const std::string& path, std::string_view bytes);

// Standard input as "<stdin>", read to the same limit as a file: an endless
// stream is an error past it, not held in memory.
FoundFile read_standard_input();

// A board file read in parts, a bounded piece of it at a time, so that memory
// does not follow the file's size. The hash of the whole file, which every
// part's sources carry, comes from a first pass over the bytes.
class InputFile;

class BoardFileParts {
public:
    explicit BoardFileParts(const std::string& path);
    ~BoardFileParts();
    BoardFileParts(const BoardFileParts&) = delete;
    BoardFileParts& operator=(const BoardFileParts&) = delete;

    // The next part: at most `puzzles` puzzles, with the errors read among
    // them. Never throws; a file that cannot be read is one part with its error.
    FoundFile next(std::size_t puzzles);
    // True once the last part was handed out.
    bool done() const { return done_; }

private:
    std::string path_, hash_;
    std::unique_ptr<InputFile> input_;  // open while there is more to read
    std::unique_ptr<BoardTextStream> reader_;
    std::deque<ReadItem> ready_;  // read, not handed out yet
    std::string failure_;         // the whole file's error, if any
    bool done_ = false;
};

}  // namespace slidedb
