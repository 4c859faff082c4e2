#include <gtest/gtest.h>

#include "families/unblock/board_file.h"
#include "families/unblock/cluster_representative.h"
#include "families/unblock/generate/hardest_start.h"
#include "families/unblock/solver.h"
#include "families/unblock/unblock_family.h"
#include "generate/hardest.h"

namespace slidedb {
namespace {

Board read_one(const std::string& text) { return std::get<BoardRead>(read_boards(text).front()).board; }

TEST(HardestStart, FindsTheHardestStartOfTheCluster) {
    // The hardest 6x6 puzzle without walls, from a board of its cluster one move in.
    const Board hardest = read_one("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    const ClusterHardest h = hardest_start(hardest);
    EXPECT_EQ(h.moves, 51);
    EXPECT_EQ(h.cluster_size, 4780u);
    EXPECT_EQ(h.board, *enumeration::cluster_representative(hardest));
    EXPECT_EQ(solve(h.board).moves, 51);
    EXPECT_EQ(hardest_start(hardest, 4779).moves, -1);  // past the cap: not walked
}

std::vector<HardestStart> search(int jobs, std::uint64_t seed) {
    GenerateSpec spec;
    spec.size = {{5, 5}};
    const auto plan = unblock_family().generator()->plan(spec);
    HardestSearch s;
    s.seed = seed;
    s.rounds = 3;
    s.walkers = 6;
    s.steps = 20;
    s.count = 3;
    s.jobs = jobs;
    return search_hardest(*plan, s, [](const HardestProgress&) {});
}

TEST(HardestSearch, SameSeedAndRoundsSamePuzzlesWhateverTheJobs) {
    const auto one = search(1, 7), two = search(2, 7);
    ASSERT_EQ(one.size(), 3u);
    ASSERT_EQ(two.size(), 3u);
    for (std::size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].puzzle, two[i].puzzle);
        EXPECT_EQ(one[i].moves, two[i].moves);
    }
    EXPECT_GE(one[0].moves, one[1].moves);
    EXPECT_GE(one[1].moves, one[2].moves);
}

TEST(HardestSearch, KeepsMinimalHardestStarts) {
    for (const HardestStart& h : search(2, 11)) {
        const Board b = board_of(h.puzzle);
        const ClusterHardest again = hardest_start(b);
        EXPECT_EQ(again.moves, h.moves);
        EXPECT_EQ(again.board, b);  // the cluster's canonical hardest start
        EXPECT_EQ(again.cluster_size, h.cluster_size);
        // Every block but the prisoner, and every wall, counts.
        for (std::size_t i = 1; i < b.blocks.size(); ++i) {
            Board fewer = b;
            fewer.blocks.erase(fewer.blocks.begin() + static_cast<long>(i));
            EXPECT_LT(solve(board_from_text(fewer.grid(), b.exit)).moves, h.moves) << b.grid();
        }
    }
}

}  // namespace
}  // namespace slidedb
