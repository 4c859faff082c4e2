// The Unblock family's puzzle maker (puzzle/generator.h): random boards for
// `generate`, and the moves of the search for the hardest ones.
#pragma once

#include "puzzle/generator.h"

namespace slidedb {

const PuzzleGenerator& unblock_generator();

}  // namespace slidedb
