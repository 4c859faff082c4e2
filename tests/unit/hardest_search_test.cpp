#include <gtest/gtest.h>

#include "families/unblock/board_file.h"
#include "families/unblock/cluster_representative.h"
#include "families/unblock/generate/hardest_start.h"
#include "families/unblock/generate/mutate.h"
#include "families/unblock/generate/signature_hardest.h"
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

TEST(SignatureHardest, ScoresEveryClusterOfTheSignature) {
    const SignatureHardest signatures(6, 0, 0);
    // The hardest 6x6 puzzle: its signature holds its cluster alone.
    const Board hardest = read_one("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    const auto h = signatures.hardest(hardest, 100'000);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->moves, 51);
    EXPECT_EQ(h->cluster_size, 4780u);
    EXPECT_EQ(h->board, *enumeration::cluster_representative(hardest));

    // A board whose own cluster needs 15 moves at most (508 boards); another
    // cluster of its signature needs 17 (644 boards).
    const Board board = board_from_text("BBCD..\nE.CD.F\nE..AAF\nGGGHII\n...HJK\nLLL.JK", Side::Right);
    EXPECT_EQ(hardest_start(board).moves, 15);
    EXPECT_EQ(hardest_start(board).cluster_size, 508u);
    const auto wider = signatures.hardest(board, 100'000);
    ASSERT_TRUE(wider);
    EXPECT_EQ(wider->moves, 17);
    EXPECT_EQ(wider->cluster_size, 644u);
    const ClusterHardest own = hardest_start(wider->board);  // the board given is that cluster's hardest start
    EXPECT_EQ(own.board, wider->board);
    EXPECT_EQ(own.moves, 17);
    EXPECT_EQ(own.cluster_size, 644u);
    EXPECT_EQ(solve(wider->board).moves, 17);
    // Asked again (from its thread's store of signatures scored): the same.
    const auto again = signatures.hardest(board, 100'000);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->board, wider->board);
}

TEST(SignatureHardest, PassesOverBoardsOfAnotherGeometryAndWideSignatures) {
    const SignatureHardest signatures(6, 0, 0);
    const Board hardest = read_one("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    EXPECT_FALSE(signatures.hardest(hardest, 4000));  // 4,805 boards in the signature
    EXPECT_FALSE(signatures.hardest(board_from_text(hardest.grid(), Side::Left), 100'000));
    // A wall: not a board of a geometry without walls.
    EXPECT_FALSE(signatures.hardest(read_one("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"), 100'000));
    const SignatureHardest walls(6, 0, 2);
    const auto sixty = walls.hardest(read_one("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"), 100'000);
    ASSERT_TRUE(sixty);
    EXPECT_EQ(sixty->moves, 60);
    EXPECT_EQ(sixty->cluster_size, 2332u);
}

TEST(Mutation, AdditionsAreEveryBlockOrWallOnFreeCells) {
    const Board alone = board_from_text("......\n......\nAA....\n......\n......\n......", Side::Right);
    // Rows but the prisoner's: 5 x 5 of two, 5 x 4 of three; columns: 6 x 5
    // of two and 6 x 4 of three, less the 4 and 6 over the prisoner.
    EXPECT_EQ(additions(alone, MutationLimits{0, 0, 13}).size(), 89u);
    // A wall on any free cell but ahead of the prisoner: 36 - 2 - 4.
    EXPECT_EQ(additions(alone, MutationLimits{0, 1, 13}).size(), 89u + 30u);
    EXPECT_EQ(additions(alone, MutationLimits{0, 1, 1}).size(), 30u);  // no block more
    for (const Board& b : additions(alone, MutationLimits{0, 1, 13}))
        EXPECT_EQ(b.blocks.size() + b.fixed.size(), 2u) << b.grid();
}

TEST(Mutation, ReplacementsAreOnePieceTakenOffAndAnotherAdded) {
    const Board walled = board_from_text("x.....\n......\nAA....\n......\n......\n......", Side::Right);
    // The wall taken off, then any block or wall on the emptied board.
    EXPECT_EQ(replacements(walled, 1, MutationLimits{0, 1, 13}).size(), 89u + 30u);
    // At least one wall: the wall moved, to any of the 30 cells (its own too).
    const auto moved = replacements(walled, 1, MutationLimits{1, 1, 13});
    EXPECT_EQ(moved.size(), 30u);
    for (const Board& b : moved) EXPECT_EQ(b.fixed.size(), 1u) << b.grid();
    EXPECT_EQ(without_piece(walled, 1).fixed.size(), 0u);
    EXPECT_EQ(without_piece(walled, 1).blocks.size(), 1u);
}

TEST(Mutation, AReplacementCrossesFromThe55MovePuzzleOfOneWallToThe58) {
    // Both from the public Rush Hour database. No single change of the
    // 55-move puzzle of one wall scores more than 55 (the best addition 25);
    // its block of two at the bottom right traded for a wall gives the 58-move puzzle's signature.
    const SignatureHardest signatures(6, 0, 2);
    const Board board = read_one("ooBBMxDDDKMoAAJKoNooJEENIFFLooIGGLHH");
    ASSERT_EQ(signatures.hardest(board, 100'000)->moves, 55);
    const MutationLimits limits{0, 2, 18};
    int added = -1;
    for (const Board& b : additions(board, limits))
        if (const auto h = signatures.hardest(b, 100'000)) added = std::max(added, h->moves);
    EXPECT_EQ(added, 25);
    const int m = 'M' - 'A';
    ASSERT_EQ(board.grid().find('M'), 5u * 7 + 4);  // the block of two at the bottom right
    std::optional<ClusterHardest> best;
    for (const Board& b : replacements(board, m, limits))
        if (const auto h = signatures.hardest(b, 100'000); h && (!best || h->moves > best->moves)) best = h;
    ASSERT_TRUE(best);
    EXPECT_EQ(best->moves, 58);
    EXPECT_EQ(best->cluster_size, 9192u);
    EXPECT_EQ(best->board.fixed.size(), 2u);
    EXPECT_EQ(solve(best->board).moves, 58);
}

std::vector<HardestStart> search(int jobs, std::uint64_t seed, int patience = 40, std::uint64_t rounds = 3,
                                 HardestProgress* last = nullptr) {
    GenerateSpec spec;
    spec.size = {{5, 5}};
    const auto plan = unblock_family().generator()->plan(spec);
    HardestSearch s;
    s.seed = seed;
    s.rounds = rounds;
    s.walkers = 6;
    s.steps = 20;
    s.count = 3;
    s.jobs = jobs;
    s.patience = patience;
    return search_hardest(*plan, s, [&](const HardestProgress& p) {
        if (last) *last = p;
    });
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

TEST(HardestSearch, StartsAfreshAfterRoundsWithoutABetterBoardAndStillRepeats) {
    HardestProgress one_last, two_last;
    const auto one = search(1, 5, 1, 8, &one_last), two = search(2, 5, 1, 8, &two_last);
    EXPECT_EQ(one_last.rounds, 8u);
    EXPECT_GE(one_last.starts, 2u);  // a round without a better board, then a fresh start
    EXPECT_EQ(one_last.starts, two_last.starts);
    ASSERT_EQ(one.size(), two.size());
    for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i].puzzle, two[i].puzzle);
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
