#include "families/unblock/unblock_enumerator.h"

#include <utility>

#include "families/unblock/cluster_representative.h"
#include "families/unblock/enumeration.h"
#include "families/unblock/line_types.h"
#include "families/unblock/unblock_family.h"

namespace slidedb {

namespace {

// The enumeration's grid (N*N cells, row by row) as a puzzle of the family.
EnumeratedPuzzle puzzle_of(enumeration::Puzzle&& p, int size) {
    std::vector<std::string> rows;
    for (int y = 0; y < size; ++y)
        rows.push_back(p.grid.substr(static_cast<std::size_t>(y * size), static_cast<std::size_t>(size)));
    EnumeratedPuzzle out;
    out.puzzle = to_puzzle(board_from_grid(rows, Side::Right));
    out.moves = p.moves;
    out.cluster_size = p.cluster_size;
    out.goal_levels = std::move(p.goal_levels);
    return out;
}

class UnblockEnumerator final : public Enumerator {
public:
    // The public enumeration's sizes (4 to 6) and 7, which its definition
    // extends to (fits_enumeration).
    int min_size() const override { return 4; }
    int max_size() const override { return enumeration::kMaxSize; }
    std::string_view version() const override { return enumeration::kEnumeratorVersion; }

    std::uint64_t unit_count(const EnumerationSpec& spec) const override {
        return enumeration::unit_count(spec);
    }

    void run(const EnumerationSpec& spec, const EnumerationShard& shard, int threads,
             const std::function<bool(std::uint64_t)>& skip, const std::function<void(EnumeratedUnit&&)>& done,
             const std::function<void(const EnumerationProgress&)>& progress) const override {
        enumeration::enumerate(
            spec, shard, threads, skip,
            [&](enumeration::UnitResult&& r) {
                EnumeratedUnit unit;
                unit.unit = r.unit;
                unit.seconds = r.seconds;
                unit.counts = r.counts;  // the figures every enumeration gives
                unit.puzzles.reserve(r.puzzles.size());
                for (enumeration::Puzzle& p : r.puzzles) unit.puzzles.push_back(puzzle_of(std::move(p), spec.size));
                done(std::move(unit));
            },
            progress);
    }

    std::optional<std::string> cluster_key(const Puzzle& puzzle) const override {
        const Board board = board_of(puzzle);
        if (!enumeration::fits_enumeration(board)) return std::nullopt;
        const auto representative = enumeration::cluster_representative(board);
        if (!representative) return std::nullopt;
        return to_puzzle(*representative).key;
    }
};

}  // namespace

const Enumerator& unblock_enumerator() {
    static const UnblockEnumerator enumerator;
    return enumerator;
}

}  // namespace slidedb
