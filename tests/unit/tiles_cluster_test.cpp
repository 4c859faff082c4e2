// The whole-cluster search of small boards, against the published 8-puzzle
// figures and against a naive breadth-first search over boards as strings.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <random>
#include <unordered_map>

#include "families/tiles/board.h"
#include "families/tiles/cluster.h"
#include "families/tiles/format.h"
#include "families/tiles/geometry.h"
#include "families/tiles/moves.h"
#include "families/tiles/perm_index.h"

using namespace slidedb::tiles;

namespace {

std::string key(const TileBoard& b) { return std::string(b.cells.begin(), b.cells.begin() + b.size()); }

// Distances to the goal by the plainest BFS there is: a hash map of boards.
std::unordered_map<std::string, int> naive_distances(const TileBoard& goal) {
    std::unordered_map<std::string, int> dist{{key(goal), 0}};
    std::deque<TileBoard> queue{goal};
    const Geometry g(goal.width, goal.height);
    while (!queue.empty()) {
        const TileBoard b = queue.front();
        queue.pop_front();
        const int d = dist[key(b)];
        const int blank = b.blank();
        for (int k = 0; k < g.degree[blank]; ++k) {
            TileBoard n = b;
            std::swap(n.cells[blank], n.cells[g.neighbours[blank][k]]);
            if (dist.emplace(key(n), d + 1).second) queue.push_back(n);
        }
    }
    return dist;
}

}  // namespace

TEST(TilesCluster, EightPuzzleHasThePublishedCountAtEveryDistance) {
    const auto table = goal_distances(blank_last_goal(3, 3));
    const std::vector<std::uint64_t> expected{1,     2,     4,     8,     16,    20,    39,    62,
                                              116,   152,   286,   396,   748,   1024,  1893,  2512,
                                              4485,  5638,  9529,  10878, 16993, 17110, 23952, 20224,
                                              24047, 15578, 14560, 6274,  3910,  760,   221,   2};
    EXPECT_EQ(table->count, expected);
    EXPECT_EQ(table->distance.size(), 181440u);
}

TEST(TilesCluster, EightPuzzleHardestStartsAreTheTwo31MoveBoards) {
    const auto table = goal_distances(blank_last_goal(3, 3));
    const ClusterResult r = solve_by_cluster(parse_board("1 2 3 / 4 5 6 / 7 0 8"), *table);
    EXPECT_EQ(r.moves, 1);
    EXPECT_EQ(r.hardest_moves, 31);
    ASSERT_EQ(r.hardest.size(), 2u);
    std::vector<std::string> texts{board_text(r.hardest[0]), board_text(r.hardest[1])};
    std::sort(texts.begin(), texts.end());
    EXPECT_EQ(texts, (std::vector<std::string>{"6 4 7 / 8 5 0 / 3 2 1", "8 6 7 / 2 5 4 / 3 0 1"}));

    const ClusterResult far = solve_by_cluster(parse_board("8 6 7 / 2 5 4 / 3 0 1"), *table);
    EXPECT_EQ(far.moves, 31);
    EXPECT_EQ(replay(parse_board("8 6 7 / 2 5 4 / 3 0 1"), far.solution), blank_last_goal(3, 3));
    // From the start, the cluster is the same 181,440 boards, the goal at 31.
    std::uint64_t boards = 0;
    for (const auto& l : far.levels) boards += l.frontier;
    EXPECT_EQ(boards, 181440u);
    EXPECT_EQ(far.levels[31].goals, 1u);
}

TEST(TilesCluster, IndexIsABijectionOnEachShape) {
    for (auto [w, h] : {std::pair{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}}) {
        for (const TileBoard& goal : {blank_last_goal(w, h), blank_first_goal(w, h)}) {
            const PermIndex index(goal);
            std::vector<bool> hit(index.count());
            TileBoard b = goal;
            for (std::uint64_t i = 0; i < index.count(); ++i) {
                index.board(i, b.cells.data());
                ASSERT_TRUE(reachable(b, goal)) << w << "x" << h << " " << i;
                ASSERT_EQ(index.index(b.cells.data()), i);
            }
        }
    }
}

// Every start of 2x3, 3x2, 2x4 and 3x3 (both goals) against the naive search.
TEST(TilesCluster, AgreesWithNaiveSearchOnEveryStart) {
    for (auto [w, h] : {std::pair{2, 3}, {3, 2}, {2, 4}, {3, 3}}) {
        for (const TileBoard& goal : {blank_last_goal(w, h), blank_first_goal(w, h)}) {
            const auto naive = naive_distances(goal);
            const auto table = goal_distances(goal);
            const PermIndex index(goal);
            ASSERT_EQ(naive.size(), index.count());
            for (const auto& [cells, d] : naive) {
                TileBoard b = goal;
                std::copy(cells.begin(), cells.end(), b.cells.begin());
                ASSERT_EQ(table->distance[index.index(b.cells.data())], d) << board_text(b);
            }
        }
    }
    // Largest distances by shape (OEIS A151944): 2x3 21, 2x4 36, 3x3 31.
    EXPECT_EQ(goal_distances(blank_last_goal(3, 2))->count.size() - 1, 21u);
    EXPECT_EQ(goal_distances(blank_last_goal(4, 2))->count.size() - 1, 36u);
}

TEST(TilesCluster, SolutionsReplayToTheGoalOnASample) {
    const TileBoard goal = blank_last_goal(4, 2);
    const auto table = goal_distances(goal);
    const PermIndex index(goal);
    std::mt19937_64 rng(7);
    for (int k = 0; k < 200; ++k) {
        TileBoard b = goal;
        index.board(rng() % index.count(), b.cells.data());
        const ClusterResult r = solve_by_cluster(b, *table);
        EXPECT_EQ(static_cast<int>(r.solution.size()), r.moves);
        EXPECT_EQ(replay(b, r.solution), goal) << board_text(b);
    }
}
