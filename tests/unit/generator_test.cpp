#include <gtest/gtest.h>

#include <set>

#include "generate/generator.h"
#include "families/unblock/board_file.h"
#include "families/unblock/solver.h"

namespace slidedb {
namespace {

std::vector<Generated> run(const GenerateOptions& o, std::uint64_t count, int jobs) {
    std::vector<Generated> out;
    generate(o, count, jobs, [&](const Generated& g) { out.push_back(g); });
    return out;
}

TEST(Generator, SameSeedSamePuzzlesWhateverTheJobs) {
    GenerateOptions o;
    o.seed = 42;
    o.min_moves = 8;
    const auto one = run(o, 6, 1), two = run(o, 6, 2);
    ASSERT_EQ(one.size(), 6u);
    ASSERT_EQ(two.size(), 6u);
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].board, two[i].board);
        EXPECT_EQ(one[i].moves, two[i].moves);
    }
    o.seed = 43;
    EXPECT_NE(run(o, 1, 1)[0].board, one[0].board);
}

TEST(Generator, KeepsOnlyPuzzlesWithEnoughMoves) {
    GenerateOptions o;
    o.seed = 5;
    o.min_moves = 10;
    o.fixed = 2;
    o.exit = Side::Left;
    for (const Generated& g : run(o, 5, 2)) {
        const SolveResult r = solve(g.board);
        EXPECT_EQ(r.status, Status::Solved);
        EXPECT_GE(r.moves, 10);
        EXPECT_EQ(g.moves, r.moves);
        EXPECT_EQ(g.board.fixed.size(), 2u);
        EXPECT_EQ(g.board.exit, Side::Left);
    }
}

TEST(Generator, DrawsDistinctValidBoardsOfTheAskedShape) {
    GenerateOptions o;
    o.width = 7;
    o.height = 5;
    o.min_blocks = 4;
    o.max_blocks = 6;
    std::set<std::string> keys;
    for (const Generated& g : run(o, 200, 1)) {
        EXPECT_EQ(g.board.width, 7);
        EXPECT_EQ(g.board.height, 5);
        EXPECT_GE(g.board.blocks.size(), 4u);
        EXPECT_LE(g.board.blocks.size(), 6u);
        EXPECT_EQ(g.board.exit_row(), 2);
        EXPECT_FALSE(g.moves.has_value());
        keys.insert(g.board.key());
    }
    EXPECT_EQ(keys.size(), 200u);
}

}  // namespace
}  // namespace slidedb
