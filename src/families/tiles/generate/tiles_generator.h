// The tiles family's puzzle maker (puzzle/generator.h): boards a random walk
// from the goal away, aimed at a number of moves the solver then confirms.
#pragma once

#include "puzzle/generator.h"

namespace slidedb {

const PuzzleGenerator& tiles_generator();

}  // namespace slidedb
