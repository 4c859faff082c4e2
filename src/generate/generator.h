// Random Unblock Me puzzles for tests, benchmarks and users who want more.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "families/unblock/board.h"
#include "generate/random.h"
#include "solve/result.h"

namespace slidedb {

struct GenerateOptions {
    std::uint64_t seed = 1;
    int width = 6, height = 6;
    int min_blocks = 8, max_blocks = 13;  // movable blocks, the prisoner included
    int fixed = 0;                        // fixed 1x1 cells
    Side exit = Side::Right;
    int min_moves = 0;      // at least this many moves: the hardest start of each cluster drawn
    bool solvable = false;  // keep only solvable puzzles (implied by min_moves > 0)
    std::uint64_t max_states = 5'000'000;  // per search while filtering
};

// A random valid board: the prisoner on the middle row, away from the exit,
// then blocks of length 2 or 3 and fixed cells dropped on free cells.
Board random_board(Random& rng, const GenerateOptions& options);

struct Generated {
    Board board;
    std::optional<int> moves;             // known when the options asked for a search
    std::optional<std::uint64_t> cluster;
};

// Calls emit for `count` distinct puzzles in a fixed order: candidate k is
// drawn from its own seed (seed, k), candidates are searched in parallel when
// filtering asks for it, and the kept ones are emitted in candidate order, so
// the output depends on the seed alone. Throws std::runtime_error when a
// million candidates in a row are all rejected.
void generate(const GenerateOptions& options, std::uint64_t count, int jobs,
              const std::function<void(const Generated&)>& emit);

}  // namespace slidedb
