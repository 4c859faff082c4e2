#include "families/tiles/generate/tiles_generator.h"

#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "families/tiles/board.h"
#include "families/tiles/format.h"
#include "families/tiles/tiles_family.h"

namespace slidedb {

namespace {

using namespace tiles;

// A short name for a board's line ("ID MOVES cells"): FNV-1a of its cells.
std::string line_id(const std::string& cells) {
    std::uint32_t h = 2166136261u;
    for (const char c : cells) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return fmt::format("t{:08x}", h);
}

class TilesPlan final : public GenerationPlan {
public:
    explicit TilesPlan(const GenerateSpec& spec) {
        if (spec.size) std::tie(width_, height_) = *spec.size;
        if (width_ < kMinSide || width_ > kMaxSide || height_ < kMinSide || height_ > kMaxSide)
            throw GenerateError("--size", fmt::format("tiles boards run from {0}x{0} to {1}x{1}", kMinSide, kMaxSide));
        if (spec.pieces) throw GenerateError("--blocks", "a tiles board has a tile on every cell but one");
        if (spec.fixed && *spec.fixed != 0) throw GenerateError("--fixed", "a tiles board has no fixed cells");
        if (spec.exit) throw GenerateError("--exit", "a tiles board has no exit");
        if (spec.walls) throw GenerateError("--walls", "a tiles board has no walls");
        if (!spec.outline.empty()) throw GenerateError("--outline", "an outline is for the blocks family");
        if (spec.moves) {
            std::tie(min_moves_, max_moves_) = *spec.moves;
            if (min_moves_ < 0 || min_moves_ > max_moves_ || max_moves_ > 1000)
                throw GenerateError("--moves", "need 0 <= A <= B <= 1000");
        }
    }

    std::pair<int, int> size() const override { return {width_, height_}; }
    bool aims() const override { return true; }

    std::string options_text() const override {
        return fmt::format(" --size {}x{}", width_, height_);
    }
    std::string file_header() const override { return {}; }

    // "ID MOVES 1 2 3 / 4 5 6 / 7 8 0", or the cells alone: the rows carry the size.
    std::string file_entry(const Puzzle& puzzle, std::optional<int> moves,
                           std::optional<std::uint64_t>) const override {
        const std::string cells = board_text(parse_board(puzzle.board));
        if (moves) return fmt::format("{} {} {}\n", line_id(cells), *moves, cells);
        return cells + '\n';
    }

    // The blank walks from the goal, never straight back, for a number of
    // steps drawn from the moves asked (1 to 3 x cells when none were):
    // a walk of k steps needs at most k moves, often fewer, and the
    // driver's solver says how many.
    Puzzle draw(Random& rng) const override {
        const TileBoard goal = blank_last_goal(width_, height_);
        TileBoard b = goal;
        const int steps = max_moves_ > 0 ? rng.between(min_moves_, max_moves_ + max_moves_ / 4)
                                         : rng.between(b.size(), 3 * b.size());
        int blank = b.blank(), back = -1;
        // A walk back to the goal would be a puzzle of no moves: it takes a
        // step more, unless no moves were asked for.
        const bool may_end_home = max_moves_ > 0 && min_moves_ == 0;
        for (int k = 0; k < steps || (!may_end_home && b == goal); ++k) {
            int next[4], n = 0;
            const int r = blank / width_, c = blank % width_;
            if (r > 0) next[n++] = blank - width_;
            if (r + 1 < height_) next[n++] = blank + width_;
            if (c > 0) next[n++] = blank - 1;
            if (c + 1 < width_) next[n++] = blank + 1;
            int to = next[rng.below(n)];
            if (to == back) to = next[rng.below(n)];  // straight back only if drawn twice
            std::swap(b.cells[static_cast<std::size_t>(blank)], b.cells[static_cast<std::size_t>(to)]);
            back = blank;
            blank = to;
        }
        return to_puzzle(b, goal);
    }

private:
    int width_ = 3, height_ = 3;
    int min_moves_ = 0, max_moves_ = 0;
};

class TilesGenerator final : public PuzzleGenerator {
public:
    std::unique_ptr<GenerationPlan> plan(const GenerateSpec& spec) const override {
        return std::make_unique<TilesPlan>(spec);
    }
};

}  // namespace

const PuzzleGenerator& tiles_generator() {
    static const TilesGenerator generator;
    return generator;
}

}  // namespace slidedb
