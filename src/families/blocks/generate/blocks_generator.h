// The blocks family's puzzle maker (puzzle/generator.h): pieces of
// Klotski's shapes dropped at random on an outline, the first to be
// brought somewhere else.
#pragma once

#include "puzzle/generator.h"

namespace slidedb {

const PuzzleGenerator& blocks_generator();

}  // namespace slidedb
