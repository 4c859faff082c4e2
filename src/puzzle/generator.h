// Making puzzles: what a family that can make its own hands to `generate`.
//
// The driver (src/generate/) owns seeds, threads, distinctness, filters and
// progress; a family (Family::generator()) owns its board: how to draw a
// random one, how to change one a little, how hard one is, and how its file
// writes one back. A family that cannot make puzzles gives nullptr.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "puzzle/puzzle.h"
#include "puzzle/random.h"

namespace slidedb {

// What the user asked for, in the command line's words; a family reads the
// fields it knows and refuses the others (GenerateError names the option).
struct GenerateSpec {
    std::optional<std::pair<int, int>> size;    // --size WxH
    std::optional<std::pair<int, int>> pieces;  // --blocks MIN..MAX, movable pieces
    std::optional<int> fixed;                   // --fixed K
    std::optional<std::string> exit;            // --exit left|right
    std::optional<std::pair<int, int>> walls;   // --walls MIN..MAX (the hardest search)
    std::optional<std::pair<int, int>> moves;   // --moves A..B: optimal moves (a family that can aim draws so)
    std::string outline;                        // --outline FILE's text ("" none)
    std::string outline_name;                   // its name, for errors
};

// A request a family cannot make: `option` is the command line's option.
struct GenerateError : std::invalid_argument {
    GenerateError(std::string option_name, const std::string& what)
        : std::invalid_argument(what), option(std::move(option_name)) {}
    std::string option;
};

// How hard a board's cluster is: its hardest start and the moves it needs.
struct HardestStart {
    Puzzle puzzle;  // canonical: the same cluster gives the same puzzle
    int moves = -1;  // -1: no board of the cluster is solved
    std::uint64_t cluster_size = 0;
};

// One request, checked: draws and judges puzzles of it. Thread-safe.
class GenerationPlan {
public:
    virtual ~GenerationPlan() = default;

    // The boards' width and height.
    virtual std::pair<int, int> size() const = 0;
    // True when draw() aims at the request's --moves itself (a walk back
    // from the goal): the driver then checks the moves of each puzzle drawn
    // rather than taking the hardest start of its cluster.
    virtual bool aims() const { return false; }
    // True when the family's file holds one puzzle: `generate` then writes
    // a file for each.
    virtual bool one_a_file() const { return false; }
    // " --size 6x6 --blocks 8..13 ...": the request as options, for the file's first line.
    virtual std::string options_text() const = 0;
    // Comment lines that make the file read back as the family's (size, exit), or "".
    virtual std::string file_header() const = 0;
    // One puzzle in the family's file format, ended by '\n'; the moves and the
    // cluster size as claims when known.
    virtual std::string file_entry(const Puzzle& puzzle, std::optional<int> moves,
                                   std::optional<std::uint64_t> cluster) const = 0;

    // A random valid puzzle of the request.
    virtual Puzzle draw(Random& rng) const = 0;
    // --- The hardest search (a family that gives none keeps these) -----------
    virtual bool can_search() const { return false; }
    // The board a little changed: a piece added, taken off or shifted, a wall
    // moved; still of the request.
    virtual Puzzle mutate(const Puzzle& puzzle, Random&) const { return puzzle; }
    // The cluster's hardest start and its moves.
    virtual HardestStart hardest(const Puzzle& puzzle) const { return {puzzle, -1, 0}; }
    // The hardest start with every piece it can do without taken off: a
    // puzzle none of whose pieces (bar the one to free) or walls can go
    // without it needing fewer moves. Its moves never drop.
    virtual HardestStart minimal(const HardestStart& start) const { return start; }
    // The request as options that repeat this search (its defaults may
    // differ from options_text()'s, which repeat a random draw).
    virtual std::string search_options_text() const { return options_text(); }
};

class PuzzleGenerator {
public:
    virtual ~PuzzleGenerator() = default;
    // Checks the request: throws GenerateError naming the option at fault.
    virtual std::unique_ptr<GenerationPlan> plan(const GenerateSpec& spec) const = 0;
};

}  // namespace slidedb
