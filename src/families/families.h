// The registry of families: the only place that lists them.
#pragma once

#include <string_view>
#include <vector>

#include "puzzle/family.h"
#include "puzzle/read.h"

namespace slidedb {

// Every family slidedb knows, the default reader first.
const std::vector<const Family*>& families();

// The family of that name, or nullptr.
const Family* find_family(std::string_view name);

// The family of a puzzle; throws PuzzleError when none has its name.
const Family& family_of(const Puzzle& puzzle);

// Reads a board file's text: size, encoding and binary checks, then the
// first family that recognises the text reads it (the first family of the
// list when none does). Never throws.
std::vector<ReadItem> read_board_text(std::string_view text);

}  // namespace slidedb
