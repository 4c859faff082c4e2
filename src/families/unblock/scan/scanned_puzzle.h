// A screenshot's board as the puzzle value the pipeline carries. Screenshots
// are of Unblock Me only, so the scanner is the one reader of pictures and
// hands back puzzles of that family.
#pragma once

#include "puzzle/puzzle.h"
#include "families/unblock/scan/screenshot.h"

namespace slidedb {

Puzzle scanned_puzzle(const ScanResult& scan);

}  // namespace slidedb
