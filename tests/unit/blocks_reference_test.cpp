// The two reference puzzles of the `blocks` family, with their known answers.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "families/blocks/format.h"
#include "families/blocks/solver.h"
#include "families/blocks/text.h"

namespace slidedb::blocks {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Board read_reference(const std::string& name) {
    const std::string text = slurp(std::string(SLIDEDB_TEST_DATA) + "/blocks/" + name);
    EXPECT_TRUE(is_start_goal_text(text));
    auto read = read_start_goal(text);
    if (auto* e = std::get_if<ReadError>(&read)) ADD_FAILURE() << e->line << ": " << e->message;
    return std::get<ReadBoard>(read).board;
}

// The solution replays move by move from the start to the goal.
void expect_replays(const Board& b, const Solution& s) {
    const std::string text = moves_text(b, s.moves);
    const std::vector<Board> boards = replay(b, text);
    ASSERT_EQ(boards.size(), s.moves.size() + 1);
    EXPECT_FALSE(boards.front().at_goal());
    EXPECT_TRUE(boards.back().at_goal());
    int steps = 0;
    for (const Move& m : s.moves) steps += m.steps;
    EXPECT_GE(steps, s.figures.steps);
}

TEST(BlocksReference, SeedWellsNeeds31MovesAnd78Steps) {
    const Board b = read_reference("seed_wells.txt");
    EXPECT_EQ(b.key(),
              "blocks 10x8  ########/ #BBCCDD#/ #BECCFD#/##EEGGFF##/#...GG...#/##AA##..##/ #AA##..#/ ########|"
              " ########/ #......#/ #......#/##......##/#........#/##..##AA##/ #..##AA#/ ########");
    const Solution s = solve(b);
    EXPECT_EQ(s.figures.status, Status::Solved);
    EXPECT_EQ(s.figures.moves, 31);
    EXPECT_EQ(s.figures.steps, 78);
    EXPECT_EQ(s.figures.cluster_size, 163740u);
    EXPECT_TRUE(s.figures.cluster_complete);
    std::uint64_t step_cluster = 0;
    for (const Level& l : s.step_levels) step_cluster += l.frontier;
    EXPECT_EQ(step_cluster, 163740u);
    // The whole cluster, in the move metric.
    EXPECT_EQ(s.figures.cluster_goals, 26741u);
    EXPECT_EQ(s.figures.cluster_depth, 69);
    EXPECT_EQ(s.figures.hardest_moves, 42);
    EXPECT_EQ(s.figures.goal_levels.size(), 43u);
    EXPECT_EQ(s.figures.goal_levels.front(), 26741u);
    expect_replays(b, s);
}

TEST(BlocksReference, KlotskiNeeds81MovesAnd116Steps) {
    const Board b = read_reference("klotski.txt");
    EXPECT_EQ(b.key(), "blocks 4x5 BAAC/BAAC/DEEF/DGHF/I..J|..../..../..../.AA./.AA.");
    const Solution s = solve(b);
    EXPECT_EQ(s.figures.status, Status::Solved);
    EXPECT_EQ(s.figures.moves, 81);
    EXPECT_EQ(s.figures.steps, 116);
    EXPECT_EQ(s.figures.cluster_size, 25955u);
    EXPECT_EQ(s.figures.cluster_goals, 964u);
    EXPECT_EQ(s.figures.cluster_depth, 124);
    EXPECT_EQ(s.figures.hardest_moves, 93);
    expect_replays(b, s);
}

TEST(BlocksReference, ALimitKeepsTheMoveSolutionAndItsSteps) {
    // 24,000 boards reach Klotski's first goal in the move metric, but not
    // in the step metric: the steps are the move solution's own.
    SolveOptions limited;
    limited.max_states = 24000;
    const Board b = read_reference("klotski.txt");
    const Solution s = solve(b, limited);
    EXPECT_EQ(s.figures.status, Status::Solved);
    EXPECT_EQ(s.figures.moves, 81);
    EXPECT_FALSE(s.figures.cluster_complete);
    int steps = 0;
    for (const Move& m : s.moves) steps += m.steps;
    EXPECT_EQ(s.figures.steps, steps);
    EXPECT_GT(steps, 116);
    EXPECT_TRUE(s.figures.goal_levels.empty());
}

TEST(BlocksReference, KlotskiCountsArrangementsOfShapes) {
    // The four small squares are interchangeable until the goal names them:
    // then every order of them is a board of its own, 4! = 24 times as many.
    // (Naming every piece gives the reference's 14,950,080 = 25,955 x 4! x 4!.)
    SolveOptions search_only;
    search_only.analyse_cluster = false;
    const auto read = read_start_goal("start\nBAAC\nBAAC\nDEEF\nDGHF\nI..J\n"
                                      "goal\n....\n....\n....\n.GH.\nI..J\n");
    ASSERT_TRUE(std::holds_alternative<ReadBoard>(read));
    EXPECT_EQ(solve(std::get<ReadBoard>(read).board, search_only).figures.cluster_size, 25955u * 24);
}

}  // namespace
}  // namespace slidedb::blocks
