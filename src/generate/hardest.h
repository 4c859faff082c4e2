// The search for the hardest puzzles a family's request allows.
//
// Walkers at a ladder of temperatures (parallel tempering) change their board
// a little at each step (GenerationPlan::mutate) and score it by the hardest
// start of its cluster (GenerationPlan::hardest): a change that needs fewer
// moves is kept with a chance that shrinks with the loss and grows with the
// walker's temperature, so hot walkers roam and cold ones climb. After each
// round, walkers of neighbouring temperatures swap boards by the same rule.
// The ladder settles on one region of boards and its best peak; the hardest
// puzzles are lone peaks that a few fresh starts find more often than one
// long stay, so when `patience` rounds pass without a better board than the
// ladder's best, every walker starts afresh from a new random board.
//
// The search is a function of the seed and the number of rounds: walker w
// of round r draws from its own seed (seed, r, w), whatever the threads, so
// the same seed and rounds give the same puzzles on any --jobs. A time limit
// only ends the search after a whole round; the rounds run are reported, and
// --rounds repeats that search exactly.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "puzzle/generator.h"

namespace slidedb {

struct HardestSearch {
    std::uint64_t seed = 1;
    int walkers = 16;              // the temperature ladder's rungs
    int steps = 64;                // changes a walker tries a round
    std::uint64_t rounds = 0;      // rounds to run; 0: until the time is up
    double seconds = 0;            // stop after the round that passes this; 0: no limit
    int stop_at = 0;               // stop after the round that finds this many moves; 0: never
    int patience = 40;             // rounds without a better board before a fresh start; 0: never
    std::uint64_t count = 1;       // best distinct puzzles kept
    int jobs = 1;
    // Asked after every round: true ends the search there, as a time limit
    // does (a user's Ctrl-C); the rounds run still repeat it exactly.
    std::function<bool()> stop;
};

struct HardestProgress {
    std::uint64_t rounds = 0, scored = 0;  // rounds done, boards scored
    std::uint64_t starts = 1;              // fresh starts of the walkers, the first included
    double seconds = 0;
    int best_moves = -1;
    double best_seconds = 0;               // when the best was first found
    std::uint64_t best_round = 0;
    const Puzzle* best = nullptr;
};

// The `count` hardest distinct minimal puzzles found (GenerationPlan::minimal),
// most moves first, ties by key. `progress` is called after every round.
std::vector<HardestStart> search_hardest(const GenerationPlan& plan, const HardestSearch& search,
                                         const std::function<void(const HardestProgress&)>& progress);

}  // namespace slidedb
