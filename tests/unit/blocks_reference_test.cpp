// The two reference puzzles of the `blocks` family, with their known answers.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "families/blocks/format.h"
#include "families/blocks/solver.h"

namespace slidedb::blocks {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Board read_reference(const std::string& name) {
    const std::string text = slurp(std::string(SLIDEDB_SHARED_DATA) + "/blocks/" + name);
    EXPECT_TRUE(is_start_goal_text(text));
    auto read = read_start_goal(text);
    if (auto* e = std::get_if<ReadError>(&read)) ADD_FAILURE() << e->line << ": " << e->message;
    return std::get<ReadBoard>(read).board;
}

TEST(BlocksReference, SeedWellsNeeds31MovesAnd78Steps) {
    const Solution s = solve(read_reference("seed_wells.txt"));
    EXPECT_EQ(s.figures.status, Status::Solved);
    EXPECT_EQ(s.figures.moves, 31);
    EXPECT_EQ(s.figures.steps, 78);
    EXPECT_EQ(s.figures.cluster_size, 163740u);
    EXPECT_TRUE(s.figures.cluster_complete);
    std::uint64_t step_cluster = 0;
    for (const Level& l : s.step_levels) step_cluster += l.frontier;
    EXPECT_EQ(step_cluster, 163740u);
}

TEST(BlocksReference, KlotskiNeeds81MovesAnd116Steps) {
    const Solution s = solve(read_reference("klotski.txt"));
    EXPECT_EQ(s.figures.status, Status::Solved);
    EXPECT_EQ(s.figures.moves, 81);
    EXPECT_EQ(s.figures.steps, 116);
    EXPECT_EQ(s.figures.cluster_size, 25955u);
}

}  // namespace
}  // namespace slidedb::blocks
