#include <gtest/gtest.h>

#include <set>

#include "families/families.h"
#include "families/unblock/board_file.h"
#include "families/unblock/solver.h"
#include "families/unblock/unblock_family.h"
#include "generate/generator.h"
#include "generate/sample.h"

namespace slidedb {
namespace {

std::vector<Generated> run(const GenerateSpec& spec, const GenerateFilter& f, std::uint64_t seed,
                           std::uint64_t count, int jobs) {
    const Family& family = unblock_family();
    const auto plan = family.generator()->plan(spec);
    std::vector<Generated> out;
    generate(family, *plan, f, seed, count, jobs, [&](const Generated& g) { out.push_back(g); });
    return out;
}

TEST(Generator, SameSeedSamePuzzlesWhateverTheJobs) {
    GenerateFilter f;
    f.min_moves = 8;
    const auto one = run({}, f, 42, 6, 1), two = run({}, f, 42, 6, 2);
    ASSERT_EQ(one.size(), 6u);
    ASSERT_EQ(two.size(), 6u);
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].puzzle, two[i].puzzle);
        EXPECT_EQ(one[i].moves, two[i].moves);
    }
    EXPECT_NE(run({}, f, 43, 1, 1)[0].puzzle, one[0].puzzle);
}

TEST(Generator, KeepsOnlyPuzzlesWithEnoughMoves) {
    GenerateSpec spec;
    spec.fixed = 2;
    spec.exit = "left";
    GenerateFilter f;
    f.min_moves = 10;
    for (const Generated& g : run(spec, f, 5, 5, 2)) {
        const Board b = board_of(g.puzzle);
        const SolveResult r = solve(b);
        EXPECT_EQ(r.status, Status::Solved);
        EXPECT_GE(r.moves, 10);
        EXPECT_EQ(g.moves, r.moves);
        EXPECT_EQ(b.fixed.size(), 2u);
        EXPECT_EQ(b.exit, Side::Left);
    }
}

TEST(Generator, DrawsDistinctValidBoardsOfTheAskedShape) {
    GenerateSpec spec;
    spec.size = {{7, 5}};
    spec.pieces = {{4, 6}};
    std::set<std::string> keys;
    for (const Generated& g : run(spec, {}, 1, 200, 1)) {
        const Board b = board_of(g.puzzle);
        EXPECT_EQ(b.width, 7);
        EXPECT_EQ(b.height, 5);
        EXPECT_GE(b.blocks.size(), 4u);
        EXPECT_LE(b.blocks.size(), 6u);
        EXPECT_EQ(b.exit_row(), 2);
        EXPECT_FALSE(g.moves.has_value());
        keys.insert(g.puzzle.key);
    }
    EXPECT_EQ(keys.size(), 200u);
}

TEST(Generator, RefusesARequestNamingTheOption) {
    GenerateSpec spec;
    spec.size = {{9, 9}};
    try {
        unblock_family().generator()->plan(spec);
        FAIL() << "9x9 accepted";
    } catch (const GenerateError& e) {
        EXPECT_EQ(e.option, "--size");
        EXPECT_STREQ(e.what(), "sizes run from 4x4 to 8x8");
    }
}

TEST(Sample, DrawsDistinctNumbersInOrderTheSameForTheSameSeed) {
    const auto a = sample(1000, 7, 3);
    ASSERT_EQ(a.size(), 7u);
    for (std::size_t i = 1; i < a.size(); ++i) EXPECT_LT(a[i - 1], a[i]);
    EXPECT_LT(a.back(), 1000u);
    EXPECT_EQ(sample(1000, 7, 3), a);
    EXPECT_NE(sample(1000, 7, 4), a);
    EXPECT_EQ(sample(4, 9, 1), (std::vector<std::uint64_t>{0, 1, 2, 3}));
    // Every one of 0..4 drawn as often as the others, near enough, 2 of 5 at a time.
    std::vector<int> seen(5, 0);
    for (std::uint64_t seed = 0; seed < 5000; ++seed)
        for (const std::uint64_t i : sample(5, 2, seed)) ++seen[i];
    for (const int n : seen) EXPECT_NEAR(n, 2000, 150);
}

}  // namespace
}  // namespace slidedb
