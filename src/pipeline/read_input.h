// The read stage: one input file's bytes into puzzles and errors.
#pragma once

#include <string>
#include <string_view>

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

// The same, for bytes already in memory (stdin, tests).
FoundFile read_bytes(const std::string& path, std::string_view bytes);

}  // namespace slidedb
