// IDA* with small pattern tables, built here in well under a second, against
// the whole-cluster distances: the heuristic never overestimates, and the
// search finds the exact distance with a solution that replays.
#include <gtest/gtest.h>

#include <csignal>
#include <random>

#include "families/tiles/cluster.h"
#include "families/tiles/format.h"
#include "families/tiles/patterns.h"
#include "families/tiles/perm_index.h"
#include "families/tiles/search.h"

using namespace slidedb;
using namespace slidedb::tiles;

namespace {

std::shared_ptr<PatternSet> in_memory(const TileBoard& goal, std::vector<std::vector<std::uint8_t>> groups) {
    return pattern_set(goal, groups, "");
}

}  // namespace

TEST(TilesPatterns, DefaultGroupsFollowTheGoal) {
    const auto korf = default_groups(blank_first_goal(4, 4));
    EXPECT_EQ(korf, (std::vector<std::vector<std::uint8_t>>{{1, 2, 3, 4, 5, 6, 7},
                                                            {8, 9, 10, 11, 12, 13, 14, 15}}));
    const auto last = default_groups(blank_last_goal(4, 4));
    EXPECT_EQ(last[0].size(), 8u);
    EXPECT_EQ(last[1].size(), 7u);
    const auto five = default_groups(blank_last_goal(5, 5));
    EXPECT_EQ(five.size(), 4u);
    for (const auto& g : five) EXPECT_EQ(g.size(), 6u);
}

TEST(TilesPatterns, OneTileTableIsItsTaxicabDistance) {
    const TileBoard goal = blank_last_goal(3, 3);
    const auto table = build_pattern_table(goal, {5});
    // Tile 5's goal is the centre: one move from each side cell, two from corners.
    EXPECT_EQ(std::vector<std::uint8_t>(table.begin(), table.end()),
              (std::vector<std::uint8_t>{2, 1, 2, 1, 0, 1, 2, 1, 2}));
}

// Every board of the 8-puzzle and of the 2x4, both goals: never above the
// true distance; and exactly the distance for the goal itself.
TEST(TilesPatterns, HeuristicNeverExceedsTheTrueDistance) {
    for (const TileBoard& goal : {blank_last_goal(3, 3), blank_first_goal(3, 3), blank_last_goal(4, 2)}) {
        const auto set = in_memory(goal, default_groups(goal));
        const auto split = in_memory(goal, goal.size() == 9
                                               ? std::vector<std::vector<std::uint8_t>>{{1, 2, 3, 4}, {5, 6, 7, 8}}
                                               : std::vector<std::vector<std::uint8_t>>{{1, 2, 5, 6}, {3, 4, 7}});
        const auto table = goal_distances(goal);
        const PermIndex index(goal);
        TileBoard b = goal;
        std::uint64_t exact = 0;
        for (std::uint64_t i = 0; i < index.count(); ++i) {
            index.board(i, b.cells.data());
            const int d = table->distance[i];
            const int h = heuristic(b, *set), h2 = heuristic(b, *split);
            ASSERT_LE(h, d) << board_text(b);
            ASSERT_LE(h2, d) << board_text(b);
            ASSERT_EQ(h % 2, d % 2) << board_text(b);  // additive tables keep the parity of the distance
            exact += h == d;
        }
        EXPECT_EQ(heuristic(goal, *set), 0);
        EXPECT_GT(exact, 0u);
    }
}

TEST(TilesSearch, IdaMatchesTheClusterDistanceAndReplays) {
    for (const TileBoard& goal : {blank_last_goal(3, 3), blank_first_goal(3, 3)}) {
        const auto set = in_memory(goal, {{1, 2, 3, 4}, {5, 6, 7, 8}});
        EXPECT_TRUE(set->reflect);
        const auto table = goal_distances(goal);
        const PermIndex index(goal);
        std::mt19937_64 rng(11);
        TileBoard b = goal;
        for (int k = 0; k < 300; ++k) {
            const std::uint64_t i = rng() % index.count();
            index.board(i, b.cells.data());
            const TileSearchResult r = solve_by_ida(b, *set);
            ASSERT_TRUE(r.solved);
            ASSERT_EQ(r.moves, table->distance[i]) << board_text(b);
            ASSERT_EQ(static_cast<int>(r.solution.size()), r.moves);
            ASSERT_EQ(replay(b, r.solution), goal);
            ASSERT_EQ(r.iterations.back().bound, r.moves);
        }
    }
}

TEST(TilesSearch, TheHardest8PuzzlesNeed31) {
    const TileBoard goal = blank_last_goal(3, 3);
    const auto set = in_memory(goal, default_groups(goal));
    for (const char* text : {"8 6 7 / 2 5 4 / 3 0 1", "6 4 7 / 8 5 0 / 3 2 1"}) {
        const auto r = solve_by_ida(parse_board(text), *set);
        EXPECT_EQ(r.moves, 31);
        EXPECT_EQ(replay(parse_board(text), r.solution), goal);
    }
}

TEST(TilesSearch, StopsCleanlyAtTheBoardLimit) {
    // The 8-puzzle with one-tile tables: a weak bound that needs many boards.
    const TileBoard goal = blank_last_goal(3, 3);
    std::vector<std::vector<std::uint8_t>> singles;
    for (std::uint8_t t = 1; t <= 8; ++t) singles.push_back({t});
    const auto set = in_memory(goal, singles);
    IdaLimits limits;
    limits.max_boards = 1000;
    const auto r = solve_by_ida(parse_board("8 6 7 / 2 5 4 / 3 0 1"), *set, limits);
    EXPECT_FALSE(r.solved);
    EXPECT_TRUE(r.limit);
    EXPECT_EQ(r.generated, 1000u);
    const auto full = solve_by_ida(parse_board("8 6 7 / 2 5 4 / 3 0 1"), *set);
    EXPECT_EQ(full.moves, 31);
}

// A 15-puzzle near the goal with small tables (groups of 3 and 4 tiles), and
// with one-tile tables (Manhattan distance): both optimal, so equal.
TEST(TilesSearch, FifteenPuzzleWithSmallTables) {
    const TileBoard goal = blank_last_goal(4, 4);
    const auto set = in_memory(goal, {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15}});
    const TileBoard start = parse_board("5 1 3 4 / 9 2 7 8 / 0 6 10 12 / 13 14 11 15");
    std::vector<std::vector<std::uint8_t>> singles;
    for (std::uint8_t t = 1; t <= 15; ++t) singles.push_back({t});
    const auto r = solve_by_ida(start, *set);
    EXPECT_EQ(r.moves, 8);
    EXPECT_EQ(solve_by_ida(start, *in_memory(goal, singles)).moves, 8);
    EXPECT_EQ(heuristic(start, *in_memory(goal, singles)), 8);  // Manhattan distance, by hand
    EXPECT_EQ(replay(start, r.solution), goal);
}

TEST(TilesSearch, StopsCleanlyAtTheTimeLimit) {
    // One-tile tables (Manhattan distance) on an 80-move 15-puzzle: far more
    // than 65,536 boards, the interval at which the clock is read.
    const TileBoard goal = blank_last_goal(4, 4);
    std::vector<std::vector<std::uint8_t>> singles;
    for (std::uint8_t t = 1; t <= 15; ++t) singles.push_back({t});
    const auto set = in_memory(goal, singles);
    IdaLimits limits;
    limits.max_seconds = 1e-9;
    const auto r = solve_by_ida(parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"), *set, limits);
    EXPECT_FALSE(r.solved);
    EXPECT_TRUE(r.limit);
    EXPECT_EQ(r.generated, 65535u);  // stopped at the first look at the clock
    EXPECT_TRUE(r.solution.empty());
}

TEST(TilesSearch, StopsWhenCancelled) {
    // As at the time limit: the flag is read with the clock.
    const TileBoard goal = blank_last_goal(4, 4);
    std::vector<std::vector<std::uint8_t>> singles;
    for (std::uint8_t t = 1; t <= 15; ++t) singles.push_back({t});
    const auto set = in_memory(goal, singles);
    const volatile std::sig_atomic_t asked = 1;
    IdaLimits limits;
    limits.cancel = &asked;
    const auto r = solve_by_ida(parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"), *set, limits);
    EXPECT_FALSE(r.solved);
    EXPECT_TRUE(r.limit);
    EXPECT_EQ(r.generated, 65535u);
    // Not asked: the same search goes past that look.
    const volatile std::sig_atomic_t not_asked = 0;
    limits.cancel = &not_asked;
    limits.max_boards = 200'000;
    EXPECT_EQ(solve_by_ida(parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"), *set, limits).generated,
              200'000u);
    // A table's build stops at its first block, and says why.
    const Deadline stopped = Deadline::after(0, &asked);
    EXPECT_TRUE(stopped.set());
    EXPECT_TRUE(stopped.passed());
    EXPECT_FALSE(Deadline::after(0, &not_asked).passed());
    EXPECT_FALSE(Deadline::after(0).set());
    try {
        build_pattern_table(goal, {1, 2, 3}, nullptr, {}, stopped);
        ADD_FAILURE() << "the build went on";
    } catch (const BuildStopped& e) {
        EXPECT_STREQ(e.what(), "the pattern table's build was asked to stop");
    }
}
