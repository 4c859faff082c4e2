#include "families/unblock/generate/unblock_generator.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "families/unblock/board_file_writer.h"
#include "families/unblock/generate/hardest_start.h"
#include "families/unblock/generate/mutate.h"
#include "families/unblock/generate/random_board.h"
#include "families/unblock/generate/signature_hardest.h"
#include "families/unblock/solver.h"
#include "families/unblock/unblock_family.h"

namespace slidedb {

namespace {

constexpr std::uint64_t kSearchedCluster = 25'000;
constexpr std::uint64_t kSearchedSignature = 100'000;
constexpr int kBestStepShare = 5;  // percent of the steps

// Whether a piece can go: the moves alone (no distances over the cluster),
// and a piece whose board without it needs a search past 5 million boards
// (on 8x8, taking a piece off may free most of the board) stays.
const SolveOptions kMinimalSolve = [] {
    SolveOptions o;
    o.analyse_cluster = false;
    o.max_states = 5'000'000;
    return o;
}();

HardestStart as_start(const ClusterHardest& h) { return {to_puzzle(h.board), h.moves, h.cluster_size}; }

class UnblockPlan final : public GenerationPlan {
public:
    explicit UnblockPlan(const GenerateSpec& spec) {
        if (spec.size) std::tie(shape_.width, shape_.height) = *spec.size;
        if (spec.pieces) std::tie(shape_.min_blocks, shape_.max_blocks) = *spec.pieces;
        pieces_given_ = spec.pieces.has_value();
        if (spec.fixed) shape_.fixed = *spec.fixed;
        if (spec.exit) shape_.exit = *spec.exit == "left" ? Side::Left : Side::Right;
        const int cells = shape_.width * shape_.height;
        // 8..13 blocks suit 6x6 and larger boards; smaller ones get as many for their cells.
        if (!spec.pieces && shape_.max_blocks > cells / 2)
            shape_.min_blocks = std::max(2, cells * 2 / 9), shape_.max_blocks = cells * 13 / 36;
        if (shape_.width < kMinSide || shape_.width > kMaxSide || shape_.height < kMinSide || shape_.height > kMaxSide)
            throw GenerateError("--size", fmt::format("sizes run from {0}x{0} to {1}x{1}", kMinSide, kMaxSide));
        if (shape_.min_blocks < 1 || shape_.min_blocks > shape_.max_blocks || shape_.max_blocks > cells / 2 ||
            shape_.max_blocks > kMaxBlocks)
            throw GenerateError("--blocks", "need 1 <= MIN <= MAX, and MAX at most half the cells and 32");
        if (shape_.fixed < 0 || shape_.fixed > cells / 4) throw GenerateError("--fixed", "at most a quarter of the cells");
        if (spec.walls) {
            walls_ = true;
            std::tie(limits_.min_walls, limits_.max_walls) = *spec.walls;
            if (limits_.min_walls < 0 || limits_.min_walls > limits_.max_walls || limits_.max_walls > cells / 4)
                throw GenerateError("--walls", "need 0 <= MIN <= MAX, and MAX at most a quarter of the cells");
            if (spec.fixed)
                throw GenerateError("--fixed", "walls are given as --walls MIN..MAX or --fixed K, not both");
            shape_.fixed = limits_.min_walls;
        }
        limits_.max_blocks = std::min(shape_.max_blocks, std::min(kMaxBlocks, cells / 2));
        if (!spec.pieces) limits_.max_blocks = std::min(kMaxBlocks, cells / 2);
        if (spec.exit && *spec.exit != "left" && *spec.exit != "right")
            throw GenerateError("--exit", "the exit is left or right");
        if (!spec.outline.empty()) throw GenerateError("--outline", "an outline is for the blocks family");
        if (shape_.width == shape_.height && shape_.width >= 4 && shape_.width <= enumeration::kMaxSize &&
            shape_.exit == Side::Right && shape_.fixed <= limits_.max_walls)
            signatures_.emplace(shape_.width, limits_.min_walls, limits_.max_walls);
    }

    std::pair<int, int> size() const override { return {shape_.width, shape_.height}; }

    std::string options_text() const override {
        const std::string walls = walls_ ? fmt::format("--walls {}..{}", limits_.min_walls, limits_.max_walls)
                                         : fmt::format("--fixed {}", shape_.fixed);
        return fmt::format(" --size {}x{} --blocks {}..{} {} --exit {}", shape_.width, shape_.height,
                           shape_.min_blocks, shape_.max_blocks, walls, side_name(shape_.exit));
    }

    // Without --blocks the search may use as many blocks as the board holds
    // (limits_), not the random draw's 8..13: naming those would change it.
    // Its walls are --walls, when given (--fixed is the random draw's).
    std::string search_options_text() const override {
        const std::string blocks =
            pieces_given_ ? fmt::format(" --blocks {}..{}", shape_.min_blocks, shape_.max_blocks) : "";
        const std::string walls = walls_ ? fmt::format(" --walls {}..{}", limits_.min_walls, limits_.max_walls) : "";
        return fmt::format(" --size {}x{}{}{} --exit {}", shape_.width, shape_.height, blocks, walls,
                           side_name(shape_.exit));
    }

    std::string file_header() const override {
        std::string header;
        if (shape_.width != shape_.height) header += fmt::format("# size: {}x{}\n", shape_.width, shape_.height);
        if (shape_.exit == Side::Left) header += "# exit: left\n";
        return header;
    }

    std::string file_entry(const Puzzle& puzzle, std::optional<int> moves,
                           std::optional<std::uint64_t> cluster) const override {
        return database_line(puzzle, moves, cluster);
    }

    // With --walls, any number of walls the request allows: a search's
    // fresh starts then begin among every wall count, not the fewest only.
    Puzzle draw(Random& rng) const override {
        BoardShape shape = shape_;
        if (walls_) shape.fixed = rng.between(limits_.min_walls, limits_.max_walls);
        return to_puzzle(random_board(rng, shape));
    }

    bool can_search() const override { return true; }

    // Now and then the step is the best of every block or wall added (on
    // the board, or a few moves on), half the time after one piece is taken
    // off: a peak whose every block counts is climbed one best addition
    // after another, where blind additions miss it, and the hardest puzzles
    // with walls sit one piece put elsewhere from a lower peak (the 55-move
    // 6x6 puzzle of one wall is a block traded for a wall from the 58),
    // across a valley no walker crosses by single changes.
    Puzzle mutate(const Puzzle& puzzle, Random& rng) const override {
        const Board board = board_of(puzzle);
        if (rng.below(100) >= kBestStepShare) return to_puzzle(slidedb::mutate(board, rng, limits_));
        const Board from = rng.below(2) == 0 ? wander(board, rng, rng.between(1, 24)) : board;
        const int pieces = static_cast<int>(from.blocks.size() + from.fixed.size());
        const bool replace = rng.below(2) == 0 && pieces > 1;
        HardestStart best{puzzle, -1, 0};
        for (const Board& b : replace ? replacements(from, rng.between(1, pieces - 1), limits_) : additions(from, limits_)) {
            HardestStart h = hardest(to_puzzle(b));
            if (h.moves > best.moves) best = std::move(h);
        }
        return best.puzzle;
    }

    // Clusters past kSearchedCluster boards are left out (moves -1): the
    // hardest puzzles known have small ones (4,780 boards for 6x6's 51
    // moves, 2,332 for the 60 of one wall), and a wide cluster costs as
    // much as many narrow ones.
    // On the enumeration's boards, a board stands for its whole signature
    // (signature_hardest.h); past kSearchedSignature boards, or on other
    // boards, for its cluster.
    HardestStart hardest(const Puzzle& puzzle) const override {
        const Board board = board_of(puzzle);
        if (signatures_)
            if (const auto h = signatures_->hardest(board, kSearchedSignature)) return as_start(*h);
        return as_start(hardest_start(board, kSearchedCluster));
    }

    // Takes off the first piece (blocks in order, then walls) whose board
    // still needs as many moves, moves on to that board's cluster's hardest
    // start, and again, until every piece counts.
    HardestStart minimal(const HardestStart& start) const override {
        ClusterHardest h{board_of(start.puzzle), start.moves, start.cluster_size};
        for (bool less = true; less;) {
            less = false;
            const int blocks = static_cast<int>(h.board.blocks.size());
            const int pieces = blocks + static_cast<int>(h.board.fixed.size());
            for (int i = 1; i < pieces && !less; ++i) {
                if (i >= blocks && static_cast<int>(h.board.fixed.size()) <= limits_.min_walls) break;
                const Board fewer = without_piece(h.board, i);
                const SolveResult r = solve(fewer, kMinimalSolve);
                if (r.status == Status::Solved && r.moves >= h.moves) {
                    h = hardest_start(fewer);
                    less = true;
                }
            }
        }
        return as_start(h);
    }

private:
    BoardShape shape_;
    MutationLimits limits_;
    bool walls_ = false;  // --walls given
    bool pieces_given_ = false;  // --blocks given
    std::optional<SignatureHardest> signatures_;  // on the enumeration's boards
};

class UnblockGenerator final : public PuzzleGenerator {
public:
    std::unique_ptr<GenerationPlan> plan(const GenerateSpec& spec) const override {
        return std::make_unique<UnblockPlan>(spec);
    }
};

}  // namespace

const PuzzleGenerator& unblock_generator() {
    static const UnblockGenerator generator;
    return generator;
}

}  // namespace slidedb
