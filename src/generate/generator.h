// Random puzzles of any family that makes them (Family::generator()), for
// tests, benchmarks and users who want more.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "puzzle/family.h"
#include "puzzle/generator.h"

namespace slidedb {

// Which drawn puzzles to keep.
struct GenerateFilter {
    int min_moves = 0;      // at least this many moves
    int max_moves = 0;      // at most this many (0: no bound)
    // With min_moves, each cluster drawn gives its hardest start (random
    // boards are mostly easy, their clusters often not); else the board drawn.
    bool hardest = true;
    bool solvable = false;  // keep only solvable puzzles (implied by min_moves > 0)
    std::uint64_t max_states = 5'000'000;  // per search while filtering

    bool searches() const { return solvable || min_moves > 0 || max_moves > 0; }
};

struct Generated {
    Puzzle puzzle;
    std::optional<int> moves;             // known when the filter asked for a search
    std::optional<std::uint64_t> cluster;
};

// Calls emit for `count` distinct puzzles in a fixed order: candidate k is
// drawn from its own seed (seed, k), candidates are searched in parallel when
// filtering asks for it, and the kept ones are emitted in candidate order, so
// the output depends on the seed alone. Throws std::runtime_error when a
// million candidates in a row are all rejected.
void generate(const Family& family, const GenerationPlan& plan, const GenerateFilter& filter,
              std::uint64_t seed, std::uint64_t count, int jobs,
              const std::function<void(const Generated&)>& emit);

}  // namespace slidedb
