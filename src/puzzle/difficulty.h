// How a family grades its puzzles: bands of optimal moves, with the rule
// said plainly. The store keeps them in the table `bands`, so reports and
// users of sqlite3 read a puzzle's band in SQL.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace slidedb {

struct DifficultyBand {
    int width = 0, height = 0;  // the size it grades; 0 x 0: every size without bands of its own
    std::string band;           // "Expert"
    int lo = 0;                 // optimal moves, inclusive
    std::optional<int> hi;      // inclusive; none: no upper limit
    bool operator==(const DifficultyBand&) const = default;
};

struct Difficulty {
    std::string rule;                  // "Unblock Me's bands: ...", for people
    std::vector<DifficultyBand> bands;  // per size, easiest first
    bool operator==(const Difficulty&) const = default;
};

// A family's grading under its name, as the store writes it.
struct FamilyDifficulty {
    std::string family;
    Difficulty difficulty;
    bool operator==(const FamilyDifficulty&) const = default;
};

}  // namespace slidedb
