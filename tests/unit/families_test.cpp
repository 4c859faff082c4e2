// The registry and the Unblock family seen through the Family interface
// only, as the pipeline, store, reports and command line see it.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "families/families.h"

namespace slidedb {
namespace {

ReadPuzzle only_puzzle(const std::vector<ReadItem>& items) {
    EXPECT_EQ(items.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<ReadPuzzle>(items.at(0)));
    return std::get<ReadPuzzle>(items.at(0));
}

TEST(Families, RegistryFindsEachFamilyByName) {
    ASSERT_FALSE(families().empty());
    for (const Family* f : families()) EXPECT_EQ(find_family(f->name()), f);
    EXPECT_NE(find_family("unblock"), nullptr);
    EXPECT_EQ(find_family("chess"), nullptr);
    Puzzle stray;
    stray.family = "chess";
    EXPECT_THROW(family_of(stray), PuzzleError);
}

TEST(Families, ABoardFileIsReadByItsFamily) {
    // A database line is a sure sign; a letter grid goes to the first family.
    for (const char* text : {"49 BBBCDEFGGCDEFoAADEHHIoooxJIoKKxJLLMM 24132\n", "# exit: left\n....\n..AA\n....\n....\n"}) {
        const ReadPuzzle p = only_puzzle(read_board_text(text));
        EXPECT_EQ(p.puzzle.family, "unblock") << text;
        EXPECT_EQ(p.puzzle.key.rfind("unblock ", 0), 0u) << p.puzzle.key;
        EXPECT_EQ(&family_of(p.puzzle), find_family("unblock"));
    }
    EXPECT_TRUE(find_family("unblock")->recognises("# comment\n+------+\n"));
    EXPECT_FALSE(find_family("unblock")->recognises("start\nAAB\n"));
    // What no family reads is refused with the reason, never thrown.
    const std::vector<ReadItem> binary = read_board_text(std::string("\x00\x01\x02", 3));
    ASSERT_EQ(binary.size(), 1u);
    EXPECT_EQ(std::get<ReadError>(binary[0]).message, "binary data, not a board file");
}

// A puzzle's file text (the web app's export) is one of its family's
// formats and reads back to the same key: exits and goals stated.
TEST(Families, EachFamilysFileTextReadsBackToTheSameKey) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"# exit: left\n....\n..AA\nBB.x\n....\n", "# exit: left\n....\n..AA\nBB.x\n....\n"},
        {"....\nAA..\n..BB\n....\n", "....\nAA..\n..BB\n....\n"},
        {"# goal: blank first\n1 0 2\n3 4 5\n6 7 8\n", "# goal: 0 1 2 / 3 4 5 / 6 7 8\n1 . 2\n3 4 5\n6 7 8\n"},
        {"1 2 3\n4 5 6\n7 0 8\n", "1 2 3\n4 5 6\n7 . 8\n"},
        {"1 0 2\n3 4 5\n6 7 8\n", "1 . 2\n3 4 5\n6 7 8\n"},  // not a database line of Unblock
        {"start\n#B..\nAA.C\ngoal\n#...\n..AA\n", "start\n#B..\nAA.C\ngoal\n#...\n..AA\n"},
    };
    for (const auto& [text, file] : cases) {
        const Puzzle p = only_puzzle(read_board_text(text)).puzzle;
        const std::string out = family_of(p).file_text(p);
        EXPECT_EQ(out, file) << text;
        EXPECT_EQ(only_puzzle(read_board_text(out)).puzzle.key, p.key) << out;
    }
    // A tiles drawing states another goal too, above the start of a replay.
    const Puzzle korf = only_puzzle(read_board_text("# goal: blank first\n1 0 2\n3 4 5\n6 7 8\n")).puzzle;
    const Family& tiles = family_of(korf);
    EXPECT_EQ(tiles.board_text(korf, 1), " # goal: 0 1 2 / 3 4 5 / 6 7 8\n 1 . 2\n 3 4 5\n 6 7 8\n");
    const std::vector<ReplayStep> steps = tiles.replay(korf, "1L");
    ASSERT_EQ(steps.size(), 2u);
    EXPECT_EQ(steps[0].text, "# goal: 0 1 2 / 3 4 5 / 6 7 8\n1 . 2\n3 4 5\n6 7 8\n");
    EXPECT_EQ(steps[1].text, ". 1 2\n3 4 5\n6 7 8\n");
}

TEST(Families, UnblockFillsThePuzzleAndItsFacts) {
    const ReadPuzzle r = only_puzzle(read_board_text("# exit: left\n....\n..AA\nBB.x\n....\n"));
    const Puzzle& p = r.puzzle;
    EXPECT_EQ(r.line, 2);
    EXPECT_EQ(r.format, "grid");
    EXPECT_EQ(p.width, 4);
    EXPECT_EQ(p.height, 4);
    EXPECT_EQ(p.board, "....\n..AA\nBB.x\n....");
    EXPECT_EQ(p.key, "unblock 4x4 left ..../..AA/BB.x/....");
    EXPECT_EQ(p.exit_side, "left");
    EXPECT_EQ(p.exit_row, 1);
    EXPECT_EQ(p.blocks, 2);
    EXPECT_EQ(p.fixed, 1);
    const Family& f = family_of(p);
    EXPECT_EQ(f.validate(p), "");
    EXPECT_EQ(f.summary(p), "4x4, exit left of row 2, 2 blocks, 1 fixed");
    EXPECT_EQ(f.board_text(p, 1), "  ....\n <..AA\n  BB.x\n  ....\n");
    Puzzle broken = p;
    broken.board = "....\n..AA\nAA.x\n....";
    EXPECT_NE(f.validate(broken), "");
    EXPECT_THROW(f.solve(broken, {}), PuzzleError);
}

TEST(Families, UnblockSolvesRepliesAndDrawsThroughTheInterface) {
    const Puzzle p = only_puzzle(read_board_text("......\n......\nAA...B\n.....B\n......\n......\n")).puzzle;
    const Family& f = family_of(p);
    const SolveResult r = f.solve(p, {});
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 2);
    EXPECT_EQ(r.steps, 5);  // of the two-move solutions, the one of fewest cells (BU2 AR4 slides 6)
    EXPECT_EQ(r.solution, "BD1 AR4");
    EXPECT_EQ(r.extra("blocked_cells"), "");  // searched whole, nothing blocks
    EXPECT_EQ(r.extra("no such column"), std::nullopt);
    const std::vector<ReplayStep> steps = f.replay(p, r.solution);
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_EQ(steps[0].move, "");
    EXPECT_EQ(steps[1].move, "BD1");
    EXPECT_EQ(steps[2].text, " ......\n ......\n ....AA>\n .....B\n .....B\n ......\n");
    EXPECT_THROW(f.replay(p, "BD3"), PuzzleError);
    const std::string svg = f.board_svg(p, {7, "", "B"}, 20);
    EXPECT_NE(svg.find("aria-label=\"board of puzzle 7\""), std::string::npos);
    EXPECT_NE(svg.find("class=\"block blocker\" data-label=\"B\""), std::string::npos);
    // The hardest start comes back as board text the family reads again.
    Puzzle hardest = p;
    hardest.board = r.hardest_board;
    EXPECT_EQ(f.validate(hardest), "");
    EXPECT_EQ(f.solve(hardest, {}).moves, r.hardest_moves);
}

TEST(Families, OnlyUnblockEnumeratesAndItsEnumeratorRunsThroughTheInterface) {
    EXPECT_EQ(find_family("tiles")->enumerator(), nullptr);
    EXPECT_EQ(find_family("blocks")->enumerator(), nullptr);
    ASSERT_NE(find_family("unblock")->enumerator(), nullptr);
    const Enumerator& e = *find_family("unblock")->enumerator();
    EXPECT_EQ(e.min_size(), 4);
    EXPECT_EQ(e.max_size(), 7);
    EXPECT_FALSE(e.version().empty());

    // 4x4 without walls, skipping unit 0: every other unit once, its puzzles
    // as rows of the family.
    const EnumerationSpec spec{4, 0, 0, true};
    ASSERT_EQ(e.unit_count(spec), 27u);
    std::set<std::uint64_t> units;
    EnumerationCounts total;
    std::set<std::string> keys;
    int most_moves = 0;
    EnumerationProgress last;
    e.run(
        spec, {1, 1}, 1, [](std::uint64_t u) { return u == 0; },
        [&](EnumeratedUnit&& u) {
            EXPECT_TRUE(units.insert(u.unit).second);
            total.clusters += u.counts.clusters;
            total.puzzles += u.counts.puzzles;
            ASSERT_EQ(u.puzzles.size(), u.counts.puzzles);
            for (const EnumeratedPuzzle& p : u.puzzles) {
                EXPECT_EQ(p.puzzle.family, "unblock");
                EXPECT_EQ(family_of(p.puzzle).validate(p.puzzle), "");
                keys.insert(p.puzzle.key);
                most_moves = std::max(most_moves, p.moves);
            }
        },
        [&](const EnumerationProgress& p) { last = p; });
    EXPECT_EQ(units.size(), 26u);
    EXPECT_EQ(units.count(0), 0u);
    EXPECT_EQ(last.units_done, 26u);
    EXPECT_EQ(last.units, 26u);
    EXPECT_EQ(last.counts.clusters, total.clusters);
    EXPECT_EQ(most_moves, 7);

    // One move from the hardest 4x4 puzzle: linked to it; a board with its
    // exit on the left fits no enumeration; another family's puzzle is refused.
    const Puzzle near = only_puzzle(read_board_text("BB.C\nAA.C\nDEEE\nDFF.\n")).puzzle;
    EXPECT_EQ(e.cluster_key(near), "unblock 4x4 right BB.C/AA.C/DEEE/D.FF");
    EXPECT_EQ(keys.count("unblock 4x4 right BB.C/AA.C/DEEE/D.FF"), 1u);
    const Puzzle left = only_puzzle(read_board_text("# exit: left\n....\n..AA\nBB.x\n....\n")).puzzle;
    EXPECT_EQ(e.cluster_key(left), std::nullopt);
    Puzzle other = near;
    other.family = "tiles";
    EXPECT_THROW(e.cluster_key(other), PuzzleError);
}

}  // namespace
}  // namespace slidedb
