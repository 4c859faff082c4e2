// The enumeration reproduces the public program's figures exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "families/unblock/enumeration.h"
#include "families/unblock/line_types.h"
#include "families/unblock/row_signatures.h"
#include "families/unblock/signature.h"
#include "families/unblock/signature_search.h"
#include "families/unblock/solver.h"

using namespace slidedb::enumeration;

namespace {

struct Expected {
    int min_walls, max_walls;
    std::uint64_t clusters, with_goal, puzzles, boards;
    int most_moves;
};

void expect_counts(int size, const Expected& e) {
    const Counts c = enumerate_counts(Spec{size, e.min_walls, e.max_walls});
    EXPECT_EQ(c.clusters, e.clusters);
    EXPECT_EQ(c.with_goal, e.with_goal);
    EXPECT_EQ(c.puzzles, e.puzzles);
    EXPECT_EQ(c.puzzle_boards, e.boards);
    EXPECT_EQ(c.most_moves(), e.most_moves);
}

}  // namespace

TEST(Enumeration, FourByFourWithoutWalls) { expect_counts(4, {0, 0, 880, 493, 32, 514, 7}); }
TEST(Enumeration, FourByFourWithUpToOneWall) { expect_counts(4, {0, 1, 7113, 4087, 32, 514, 7}); }
TEST(Enumeration, FourByFourWithUpToTwoWalls) { expect_counts(4, {0, 2, 26509, 15739, 32, 514, 7}); }

TEST(Enumeration, FiveByFiveWithoutWallsMatchesThePublicHistogram) {
    std::vector<Puzzle> puzzles;
    const Counts c = enumerate_counts(Spec{5, 0, 0}, &puzzles);
    EXPECT_EQ(c.clusters, 130299u);
    EXPECT_EQ(c.with_goal, 62106u);
    EXPECT_EQ(c.puzzles, 1730u);
    EXPECT_EQ(c.puzzle_boards, 329603u);
    EXPECT_EQ(c.most_moves(), 20);
    const std::vector<std::uint64_t> by_moves{0,   1,   3,  46, 165, 339, 340, 296, 196, 139, 83,
                                              32, 12, 26, 22, 14,  12,  0,   2,   0,   2};
    EXPECT_EQ(c.by_moves, by_moves);
    ASSERT_EQ(puzzles.size(), 1730u);
    std::set<std::string> distinct;
    for (const Puzzle& p : puzzles) {
        distinct.insert(p.grid);
        std::uint64_t boards = 0;
        for (auto n : p.goal_levels) boards += n;
        EXPECT_EQ(boards, p.cluster_size);
        EXPECT_EQ(p.goal_levels.size(), static_cast<std::size_t>(p.moves) + 1);
        EXPECT_EQ(p.walls, 0);
    }
    EXPECT_EQ(distinct.size(), 1730u);
}

TEST(Enumeration, SkippingClustersThatCannotGiveAPuzzleKeepsEveryPuzzle) {
    for (const Spec spec : {Spec{4, 0, 2}, Spec{5, 0, 0}}) {
        std::vector<Puzzle> all, some;
        const Counts every = enumerate_counts(spec, &all);
        Spec fast = spec;
        fast.every_cluster = false;
        const Counts only = enumerate_counts(fast, &some);
        EXPECT_EQ(only.puzzles, every.puzzles);
        EXPECT_EQ(only.by_moves, every.by_moves);
        EXPECT_EQ(only.puzzle_boards, every.puzzle_boards);
        EXPECT_LT(only.clusters, every.clusters);
        EXPECT_EQ(only.clusters, only.with_goal);
        // The clusters with a goal of the signatures whose every item the
        // primary piece feels (enumerate-2, which passed the primary piece
        // on through walls and any two items whose cells may meet, visited
        // 6,576 and 61,851).
        EXPECT_EQ(only.clusters, spec.size == 4 ? 1486u : 45773u);
        ASSERT_EQ(some.size(), all.size());
        auto by_grid = [](const Puzzle& a, const Puzzle& b) { return a.grid < b.grid; };
        std::sort(all.begin(), all.end(), by_grid);
        std::sort(some.begin(), some.end(), by_grid);
        for (std::size_t i = 0; i < all.size(); ++i) {
            EXPECT_EQ(some[i].grid, all[i].grid);
            EXPECT_EQ(some[i].goal_levels, all[i].goal_levels);
        }
    }
}

TEST(Enumeration, ShardsSplitTheUnitsWithoutOverlap) {
    const Spec spec{5, 0, 1};
    const std::uint64_t units = unit_count(spec);
    EXPECT_EQ(units, 5430u);  // 4,864 row signatures, the costly ones split
    std::vector<int> owners(units, 0);
    std::vector<std::uint64_t> per_shard(7, 0);
    for (std::uint64_t u = 0; u < units; ++u)
        for (int k = 1; k <= 7; ++k)
            if (in_shard(u, Shard{k, 7})) ++owners[u], ++per_shard[static_cast<std::size_t>(k - 1)];
    for (int o : owners) EXPECT_EQ(o, 1);
    for (std::uint64_t n : per_shard) EXPECT_NEAR(static_cast<double>(n), units / 7.0, units / 7.0 * 0.15);
}

// On 5x5 and 7x7 a unit and its twin, the signatures turned upside down,
// are searched once: each unit's figures and puzzles (boards, moves,
// clusters, goal levels) are those its own search gives, split units
// included. 4x4 and 6x6 have no twins.
TEST(Enumeration, UnitsSearchedWithTheirTwinsGiveWhatTheirOwnSearchGives) {
    using Found = std::map<std::uint64_t, std::pair<Counts, std::vector<std::string>>>;
    auto found = [](const Spec& spec, bool turn, const std::function<bool(std::uint64_t)>& skip) {
        Found out;
        std::mutex m;
        enumerate(spec, Shard{}, 2, skip, [&](UnitResult&& r) {
            std::vector<std::string> puzzles;
            for (const Puzzle& p : r.puzzles) {
                std::string line = p.grid + " " + std::to_string(p.moves) + " " + std::to_string(p.cluster_size);
                for (const std::uint64_t g : p.goal_levels) line.append(",").append(std::to_string(g));
                puzzles.push_back(line);
            }
            std::sort(puzzles.begin(), puzzles.end());
            std::lock_guard lock(m);
            EXPECT_TRUE(out.emplace(r.unit, std::pair{r.counts, puzzles}).second) << "unit " << r.unit << " twice";
        }, nullptr, turn);
        return out;
    };
    Spec fast{5, 0, 1};
    fast.every_cluster = false;
    for (const Spec& spec : {Spec{5, 0, 0}, fast}) {
        const Found own = found(spec, false, nullptr), turned = found(spec, true, nullptr);
        ASSERT_EQ(own.size(), unit_count(spec));
        EXPECT_TRUE(own == turned);
        std::uint64_t puzzles = 0;
        for (const auto& [unit, result] : turned) puzzles += result.second.size();
        EXPECT_EQ(puzzles, spec.max_walls == 0 ? 1730u : 6041u);
    }
    // Asked for one unit of a pair, the pair is searched and that unit
    // alone given: a unit whose twin is done is still done.
    Spec seven{7, 0, 0};
    seven.every_cluster = false;
    // 13599 leads its pair (with 243864); 226747 is the twin of 130238.
    const std::set<std::uint64_t> asked{13599, 226747};
    auto skip = [&](std::uint64_t u) { return !asked.count(u); };
    const Found own = found(seven, false, skip), turned = found(seven, true, skip);
    ASSERT_EQ(turned.size(), 2u);
    EXPECT_TRUE(own == turned);
    EXPECT_EQ(turned.at(13599).first.puzzles, 8u);
    EXPECT_EQ(turned.at(13599).first.boards, 1025690u);
    EXPECT_EQ(turned.at(226747).first.clusters, 1051u);
}

TEST(Enumeration, CostlySignaturesAreSplitAndEachPuzzleMapsToTheUnitThatFoundIt) {
    // 256 row signatures, 397 units once the costly ones are split by their
    // first columns' types; 6x6 without walls: 7,776 signatures, 73,154 units.
    EXPECT_EQ(unit_count(Spec{5, 0, 0}), 397u);
    EXPECT_EQ(unit_count(Spec{6, 0, 0}), 73154u);
    EXPECT_EQ(unit_count(Spec{4, 0, 2}), 1467u);  // nothing worth splitting
    const Spec spec{5, 0, 0};
    std::uint64_t puzzles = 0;
    std::set<std::uint64_t> units;
    enumerate(spec, Shard{}, 2, nullptr, [&](UnitResult&& r) {
        units.insert(r.unit);
        for (const Puzzle& p : r.puzzles) {
            std::vector<std::string> rows;
            for (int y = 0; y < 5; ++y) rows.push_back(p.grid.substr(static_cast<std::size_t>(5 * y), 5));
            EXPECT_EQ(unit_of(spec, slidedb::board_from_grid(rows, slidedb::Side::Right)), std::optional{r.unit}) << p.grid;
            ++puzzles;
        }
    }, nullptr);
    EXPECT_EQ(puzzles, 1730u);
    EXPECT_EQ(units.size(), 397u);
}

// Row signatures are numbered without being listed; the numbers are those
// of the list made by walking every row's types in order (the units a
// database keeps). Checked against that list on every geometry small enough
// to list, and the counts of those too large to.
TEST(Enumeration, RowSignaturesAreNumberedInTheOrderOfTheirList) {
    auto listed = [](const Geometry& g) {
        std::vector<TypeChoice> out;
        TypeChoice choice{};
        auto pick = [&](auto&& self, int y, int walls) -> void {
            if (y == g.size) {
                if (walls >= g.min_walls) out.push_back(choice);
                return;
            }
            const auto& types = g.rows[static_cast<std::size_t>(y)];
            for (std::size_t t = 0; t < types.size(); ++t) {
                if (walls + types[t].walls > g.max_walls) continue;
                choice[y] = static_cast<int>(t);
                self(self, y + 1, walls + types[t].walls);
            }
        };
        pick(pick, 0, 0);
        return out;
    };
    for (const auto& [size, min_walls, max_walls] :
         std::vector<std::tuple<int, int, int>>{{4, 0, 0}, {4, 0, 2}, {4, 1, 2}, {4, 2, 8}, {5, 0, 1}, {5, 1, 3},
                                                {6, 0, 0}, {6, 0, 1}, {6, 1, 1}, {7, 0, 0}}) {
        const Geometry g = make_geometry(size, min_walls, max_walls);
        const RowSignatures numbered(g);
        const std::vector<TypeChoice> list = listed(g);
        ASSERT_EQ(numbered.count(), list.size()) << size << " " << min_walls << ".." << max_walls;
        for (std::uint64_t k = 0; k < list.size(); ++k) {
            ASSERT_EQ(numbered.at(k), list[k]) << k;
            ASSERT_EQ(numbered.index_of(list[k]), std::optional{k}) << k;
        }
    }
    // Types of too many walls, or none of the row's, have no number.
    const Geometry g = make_geometry(5, 1, 1);
    const RowSignatures numbered(g);
    TypeChoice no_wall{};
    for (int y = 0; y < g.size; ++y) {
        const auto& types = g.rows[static_cast<std::size_t>(y)];
        no_wall[y] = static_cast<int>(std::find_if(types.begin(), types.end(), [](const LineType& t) { return t.walls == 0; }) -
                                      types.begin());
    }
    EXPECT_EQ(numbered.index_of(no_wall), std::nullopt);
    TypeChoice one_wall = no_wall;
    const auto& first = g.rows[0];
    one_wall[0] = static_cast<int>(std::find_if(first.begin(), first.end(), [](const LineType& t) { return t.walls == 1; }) -
                                   first.begin());
    EXPECT_NE(numbered.index_of(one_wall), std::nullopt);
    TypeChoice past{};
    past[0] = static_cast<int>(g.rows[0].size());
    EXPECT_EQ(numbered.index_of(past), std::nullopt);
    EXPECT_EQ(RowSignatures(make_geometry(6, 0, 2)).count(), 2'660'256u);
    EXPECT_EQ(RowSignatures(make_geometry(6, 0, 4)).count(), 130'413'360u);
    EXPECT_EQ(RowSignatures(make_geometry(7, 0, 2)).count(), 205'570'048u);
    EXPECT_EQ(RowSignatures(make_geometry(7, 0, 3)).count(), 2'540'568'576u);
}

// Walls past what a line's placement keeps are refused with the limit, not
// written past its items (6x6 with 5 walls) or left to fail deep inside.
TEST(Enumeration, WallsPastTheLimitAreRefusedByName) {
    auto refusal = [](int size, int max_walls) {
        try {
            make_geometry(size, 0, max_walls);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(refusal(6, 4), "accepted");
    EXPECT_EQ(refusal(6, 5), "at most 4 walls on 6x6, got 0..5 (a row could then hold more than 4 pieces and walls)");
    EXPECT_EQ(refusal(7, 3), "accepted");
    EXPECT_EQ(refusal(7, 4), "at most 3 walls on 7x7, got 0..4 (a row could then hold more than 4 pieces and walls)");
    EXPECT_EQ(refusal(5, 10), "accepted");
    EXPECT_EQ(refusal(5, 11), "at most 10 walls on 5x5, got 0..11");
    EXPECT_EQ(refusal(4, 9), "at most 8 walls on 4x4, got 0..9");
}

// 7x7 lies past the public enumeration, so nothing outside checks it: one
// unit's puzzles are checked against the ordinary solver instead. Its row
// types are those of the board below (two blocks of three in four rows, the
// rows beside the primary row empty), a unit of few boards.
TEST(Enumeration, SevenBySevenUnitAgreesWithTheSolver) {
    const Spec spec{7, 0, 0};
    EXPECT_EQ(unit_count(spec), 262144u);  // 8 types for each of 6 rows, one for the primary row: not split
    const slidedb::Board shape = slidedb::board_from_grid(
        {"BBBCCC.", "DDDEEE.", ".......", "AA.....", ".......", "FFFGGG.", "HHHIII."}, slidedb::Side::Right);
    const std::optional<std::uint64_t> unit = unit_of(spec, shape);
    ASSERT_TRUE(unit.has_value());
    std::vector<Puzzle> found;
    Counts counts;
    enumerate(spec, Shard{}, 2, [&](std::uint64_t u) { return u != *unit; }, [&](UnitResult&& r) {
        EXPECT_EQ(r.unit, *unit);
        counts = r.counts;
        found = std::move(r.puzzles);
    }, nullptr);
    EXPECT_EQ(counts.clusters, 18549u);
    EXPECT_EQ(counts.puzzles, found.size());
    EXPECT_EQ(found.size(), 24u);
    EXPECT_EQ(counts.most_moves(), 13);
    for (const Puzzle& p : found) {
        std::vector<std::string> rows;
        for (int y = 0; y < 7; ++y) rows.push_back(p.grid.substr(static_cast<std::size_t>(7 * y), 7));
        const slidedb::Board board = slidedb::board_from_grid(rows, slidedb::Side::Right);
        EXPECT_EQ(unit_of(spec, board), unit);
        const slidedb::SolveResult solved = slidedb::solve(board);
        EXPECT_EQ(solved.moves, p.moves) << p.grid;
        EXPECT_EQ(solved.hardest_moves, p.moves) << p.grid;
        EXPECT_EQ(solved.cluster_size, p.cluster_size) << p.grid;
        EXPECT_EQ(solved.goal_levels, p.goal_levels) << p.grid;
    }
}

// The hardest 7x7 puzzle the 50-unit sample found (unit 137,910, shard
// 13,106 of 17,476): the solver agrees on its figures, it is its cluster's
// hardest start, and it is minimal: without any one of its pieces it needs
// fewer moves.
TEST(Enumeration, TheEightySixMoveSevenBySevenPuzzleIsHardestAndMinimal) {
    const std::vector<std::string> rows = {"BCCDDDE", "BFF..GE", "HIII.GJ", "H.KLAAJ",
                                           "MMKLNOO", ".PPPNQQ", ".RRRSS."};
    const slidedb::Board board = slidedb::board_from_grid(rows, slidedb::Side::Right);
    EXPECT_EQ(unit_of(Spec{7, 0, 0}, board), std::optional<std::uint64_t>(137910));
    const slidedb::SolveResult solved = slidedb::solve(board);
    EXPECT_EQ(solved.moves, 86);
    EXPECT_EQ(solved.steps, 136);
    EXPECT_EQ(solved.cluster_size, 52254u);
    EXPECT_EQ(solved.hardest_moves, 86);
    ASSERT_EQ(board.blocks.size(), 19u);
    for (std::size_t i = 1; i < board.blocks.size(); ++i) {
        slidedb::Board without = board;
        without.blocks.erase(without.blocks.begin() + static_cast<std::ptrdiff_t>(i));
        EXPECT_LT(slidedb::solve(without).moves, 86) << "without block " << i;
    }
}

// The goal search leaves out moves that lead nowhere new (see
// SignatureSearch::for_each_neighbour); every distance must still be the
// solver's. A tenth of 5x5 with up to two walls, puzzle by puzzle, level
// by level.
TEST(Enumeration, FiveByFiveWithWallsAgreesWithTheSolverLevelByLevel) {
    Spec spec{5, 0, 2};
    spec.every_cluster = false;
    std::vector<Puzzle> found;
    enumerate(spec, Shard{3, 10}, 2, [](std::uint64_t) { return false; }, [&](UnitResult&& r) {
        for (Puzzle& p : r.puzzles) found.push_back(std::move(p));
    }, nullptr);
    EXPECT_EQ(found.size(), 757u);  // the units of shard 3 and their twins
    std::uint64_t walls = 0;
    for (const Puzzle& p : found) {
        std::vector<std::string> rows;
        for (int y = 0; y < 5; ++y) rows.push_back(p.grid.substr(static_cast<std::size_t>(5 * y), 5));
        const slidedb::SolveResult solved = slidedb::solve(slidedb::board_from_grid(rows, slidedb::Side::Right));
        EXPECT_EQ(solved.moves, p.moves) << p.grid;
        EXPECT_EQ(solved.hardest_moves, p.moves) << p.grid;
        EXPECT_EQ(solved.cluster_size, p.cluster_size) << p.grid;
        EXPECT_EQ(solved.goal_levels, p.goal_levels) << p.grid;
        walls += static_cast<std::uint64_t>(p.walls);
    }
    EXPECT_EQ(walls, 666u);
}

// A 7x7 signature of 23 pieces (found in unit 214,026): the minimality
// search of a board less one piece holds 22, past the 21 a 64-bit state
// packs, and once overran its arrays. Every cluster with a goal of the
// signature is searched; each puzzle kept agrees with the ordinary solver.
TEST(Enumeration, ASevenBySevenSignatureOfTwentyThreePiecesIsSearchedWhole) {
    const Geometry g = make_geometry(7, 0, 0);
    const slidedb::Board crowded = slidedb::board_from_grid(
        {"LBBCCDD", "LEEERT.", "MOPQRTV", "MOPQAAV", "NFFGGHH", "NIIISUW", "JJKKSUW"}, slidedb::Side::Right);
    ASSERT_EQ(crowded.blocks.size(), 23u);
    const std::optional<Signature> signature = signature_of(g, crowded);
    ASSERT_TRUE(signature.has_value());
    SignatureSearch search(g, false);
    search.set_rows(signature->rows);
    std::vector<std::uint32_t> feasible;
    std::uint64_t boards = 0;
    for (std::uint32_t r = 0; r < search.row_combinations(); ++r) {
        std::uint64_t product = 1;
        for (int x = 0; x < 7; ++x)
            product *= g.fits[static_cast<std::size_t>(x)][static_cast<std::size_t>(signature->columns[x])].count[search.pattern(r, x)];
        if (product == 0) continue;
        feasible.push_back(r);
        boards += product;
    }
    Counts counts;
    std::vector<Puzzle> puzzles;
    search.search(signature->columns, feasible, counts, puzzles);
    EXPECT_EQ(boards, 28u);
    EXPECT_EQ(counts.boards, 28u);
    EXPECT_EQ(counts.clusters, 3u);
    EXPECT_EQ(counts.with_goal, 3u);
    EXPECT_EQ(counts.puzzles, 0u);
    EXPECT_TRUE(puzzles.empty());
    // The crowded board is its cluster's hardest, 2 moves of 6 boards, and
    // no puzzle: without B (22 pieces) it still needs 2 moves.
    const slidedb::SolveResult solved = slidedb::solve(crowded);
    EXPECT_EQ(solved.moves, 2);
    EXPECT_EQ(solved.hardest_moves, 2);
    EXPECT_EQ(solved.cluster_size, 6u);
    const slidedb::Board without_b = slidedb::board_from_grid(
        {"L..CCDD", "LEEERT.", "MOPQRTV", "MOPQAAV", "NFFGGHH", "NIIISUW", "JJKKSUW"}, slidedb::Side::Right);
    ASSERT_EQ(without_b.blocks.size(), 22u);
    EXPECT_EQ(slidedb::solve(without_b).moves, 2);
}
