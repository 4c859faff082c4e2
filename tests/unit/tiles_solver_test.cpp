#include <gtest/gtest.h>

#include <filesystem>

#include <unordered_map>
#include <vector>

#include "families/tiles/format.h"
#include "families/tiles/manhattan.h"
#include "families/tiles/solver.h"
#include "families/tiles/symmetry.h"

using namespace slidedb;
using namespace slidedb::tiles;

namespace {

TilesOptions in_memory() {
    TilesOptions o;
    o.cache_dir = "";
    return o;
}

}  // namespace

TEST(TilesSolver, ParityAloneDecidesAndNothingIsSearched) {
    const TileBoard goal = blank_last_goal(4, 4);
    const auto r = solve_tiles(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0"), goal, in_memory());
    EXPECT_EQ(r.status, Status::Unsolvable);
    EXPECT_EQ(r.method, Method::Parity);
    EXPECT_EQ(r.reason,
              "the goal is out of reach: the arrangement and the goal have opposite parity, and moves keep it");
    EXPECT_EQ(r.examined, 0u);
    EXPECT_TRUE(r.levels.empty());
    EXPECT_EQ(r.cluster_size, 10461394944000u);
}

TEST(TilesSolver, SmallBoardsGetTheWholeCluster) {
    const TileBoard goal = blank_last_goal(3, 3);
    const TileBoard start = parse_board("8 6 7 / 2 5 4 / 3 0 1");
    const auto r = solve_tiles(start, goal, in_memory());
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.method, Method::Cluster);
    EXPECT_EQ(r.moves, 31);
    EXPECT_EQ(replay(start, r.solution), goal);
    EXPECT_FALSE(r.cluster_by_formula);
    EXPECT_EQ(r.cluster_size, 181440u);
    EXPECT_EQ(r.hardest_moves, 31);
    EXPECT_EQ(r.goal_levels.size(), 32u);
    EXPECT_EQ(r.levels.size(), 32u);  // this start is itself a hardest one: 0..31
}

TEST(TilesSolver, LargerThanMaxStatesGoesToIdaWithFormulaFigures) {
    const TileBoard goal = blank_last_goal(3, 3);
    TilesOptions o = in_memory();
    o.max_states = 100000;  // below the 8-puzzle's 181,440 boards
    o.manhattan_boards = 0;  // straight to the tables
    const TileBoard start = parse_board("6 4 7 / 8 5 0 / 3 2 1");
    const auto r = solve_tiles(start, goal, o);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.method, Method::Ida);
    EXPECT_EQ(r.moves, 31);
    EXPECT_EQ(replay(start, r.solution), goal);
    EXPECT_TRUE(r.cluster_by_formula);
    EXPECT_EQ(r.cluster_size_text, "181440");
    ASSERT_FALSE(r.levels.empty());
    EXPECT_EQ(r.levels.back().depth, 31u);  // the last iteration's bound
    EXPECT_EQ(r.levels.back().goals, 1u);
    std::uint64_t generated = 0;
    for (const auto& l : r.levels) generated += l.examined;
    EXPECT_EQ(generated, r.examined);
    EXPECT_EQ(r.tables.built, 2);
}

// Manhattan distance and linear conflicts answer without a table: the
// 8-puzzle's hardest, and a 24-puzzle two moves from home.
TEST(TilesSolver, ShortSearchesNeedNoTable) {
    TilesOptions o = in_memory();
    o.max_states = 100000;
    const auto r = solve_tiles(parse_board("8 6 7 / 2 5 4 / 3 0 1"), blank_last_goal(3, 3), o);
    EXPECT_EQ(r.method, Method::Ida);
    EXPECT_EQ(r.moves, 31);  // (with tables if an earlier search left them in the process)
    const TileBoard start = parse_board("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 0 23 24");
    const auto t = solve_tiles(start, blank_last_goal(5, 5), in_memory());
    EXPECT_EQ(t.moves, 2);
    EXPECT_EQ(moves_text(t.solution), "23R 24R");
    EXPECT_EQ(t.tables.built + t.tables.loaded, 0);
}

// Every 8-puzzle board's bound without tables is at most its distance, and
// of its parity (a move changes the taxicab sum by one; conflicts add pairs
// of moves): the whole cluster, distances by a search from the goal. The
// bound of the two 31-move boards: taxicab 21, conflicts add to 23.
TEST(TilesSolver, ManhattanWithConflictsNeverExceedsTheTrueDistance) {
    const TileBoard goal = blank_last_goal(3, 3);
    const auto key = [](const TileBoard& b) {
        std::uint32_t k = 0;
        for (int i = 0; i < 9; ++i) k = k * 9 + b.cells[i];
        return k;
    };
    std::unordered_map<std::uint32_t, int> distance{{key(goal), 0}};
    std::vector<TileBoard> level{goal};
    int deepest = 0;
    std::size_t checked = 0, exact = 0;
    while (!level.empty()) {
        std::vector<TileBoard> next;
        for (const TileBoard& b : level) {
            const int d = distance.at(key(b));
            const int bound = manhattan_bound(b, goal);
            ASSERT_LE(bound, d) << board_text(b);
            ASSERT_EQ((d - bound) % 2, 0) << board_text(b);
            ++checked;
            exact += bound == d;
            deepest = d;
            for (int way = 0; way < 4; ++way) {
                TileBoard n;
                try {
                    n = apply_move(b, move_toward(b, static_cast<Direction>(way)));
                } catch (const TileError&) {
                    continue;  // an edge
                }
                if (distance.emplace(key(n), d + 1).second) next.push_back(n);
            }
        }
        level = std::move(next);
    }
    EXPECT_EQ(checked, 181440u);
    EXPECT_EQ(deepest, 31);
    EXPECT_GT(exact, 0u);
    EXPECT_LT(exact, checked);
    EXPECT_EQ(manhattan_bound(parse_board("8 6 7 / 2 5 4 / 3 0 1"), goal), 23);
}

// A budget of no boards fetches the tables at once; a memory budget below
// them makes a limit, memory, without building anything. Tables the process
// holds already are used without a first search.
TEST(TilesSolver, TablesOverTheMemoryBudgetAreNeverBuilt) {
    TilesOptions o = in_memory();
    o.max_states = 100000;
    o.manhattan_boards = 0;
    o.max_memory = 4096;
    // A goal with the blank in the middle: tables no other test holds.
    const auto r = solve_tiles(parse_board("1 2 3 / 4 5 0 / 6 7 8"), parse_board("1 2 3 / 4 0 5 / 6 7 8"), o);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.cut, Cut::Memory);
    EXPECT_EQ(r.reason, "the pattern tables need 12 KiB to build or load, over the memory limit of 4 KiB (--max-memory)");
    EXPECT_EQ(r.tables.built, 0);
}

TEST(TilesSolver, LimitStopsCleanly) {
    const TileBoard goal = blank_last_goal(3, 3);
    TilesOptions o = in_memory();
    o.max_states = 50;
    const auto r = solve_tiles(parse_board("6 4 7 / 8 5 0 / 3 2 1"), goal, o);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.examined, 50u);
    EXPECT_EQ(r.reason, "stopped after 50 boards (--max-states)");
    EXPECT_TRUE(r.solution.empty());
}

// The two 80-move 15-puzzles need the full 7-8 tables, minutes to build:
// `tiles_bench --80` (scripts/bench.sh) checks them, so no test here waits
// on a cache folder or skips without it.

TEST(TilesSymmetry, BlankLastAndBlankFirstShareOneCanonicalGoal) {
    const Canonical last = canonical_form(blank_last_goal(4, 4));
    const Canonical first = canonical_form(blank_first_goal(4, 4));
    EXPECT_EQ(board_text(last.goal), "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15");
    EXPECT_EQ(last.goal, first.goal);
    EXPECT_EQ(last.map(blank_last_goal(4, 4)), last.goal);
    // Half a turn: the 80-move board's blank goes to the far corner.
    EXPECT_EQ(board_text(last.map(parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"))),
              "15 10 8 12 / 11 14 9 13 / 2 6 5 1 / 3 7 4 0");
    const Canonical odd = canonical_form(parse_board("1 2 3 / 4 5 6 / 7 0 8"));
    EXPECT_EQ(board_text(odd.goal), "1 0 2 / 3 4 5 / 6 7 8");
}

TEST(TilesSymmetry, SolutionsOnTheCanonicalBoardReplayOnTheOriginal) {
    int checked = 0;
    for (const char* goal_text : {"1 2 3 / 4 5 6 / 7 8 0", "1 2 3 / 8 0 4 / 7 6 5", "0 1 2 / 3 4 5 / 6 7 8",
                                  "1 2 0 / 3 4 5 / 6 7 8", "2 1 3 / 4 5 6 / 7 8 0"}) {
        const TileBoard goal = parse_board(goal_text);
        for (const char* start_text : {"8 6 7 / 2 5 4 / 3 0 1", "6 8 7 / 2 5 4 / 3 0 1"}) {
            const TileBoard start = parse_board(start_text);
            if (!reachable(start, goal)) continue;
            const auto bfs = solve_tiles(start, goal, in_memory());
            TilesOptions ida = in_memory();
            ida.max_states = 100000;  // under the 8-puzzle's cluster: IDA*
            ida.manhattan_boards = 0;  // with the canonical goal's tables
            const auto r = solve_tiles(start, goal, ida);
            EXPECT_EQ(r.method, Method::Ida);
            EXPECT_EQ(r.moves, bfs.moves) << goal_text;
            EXPECT_EQ(replay(start, r.solution), goal) << goal_text;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 5);
}
