// The `blocks` family seen through the Family interface only, as the
// pipeline, store, reports and command line see it.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "families/families.h"
#include "serve/board_work.h"

namespace slidedb {
namespace {

const char* kKlotski =
    "# Klotski\nstart\nBAAC\nBAAC\nDEEF\nDGHF\nI..J\ngoal\n....\n....\n....\n.AA.\n.AA.\n";

ReadPuzzle only_puzzle(const std::vector<ReadItem>& items) {
    EXPECT_EQ(items.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<ReadPuzzle>(items.at(0)));
    return std::get<ReadPuzzle>(items.at(0));
}

TEST(BlocksFamily, StartGoalTextIsReadByBlocksAndOnlyBlocks) {
    const Family* blocks = find_family("blocks");
    ASSERT_NE(blocks, nullptr);
    EXPECT_TRUE(blocks->recognises(kKlotski));
    EXPECT_FALSE(find_family("unblock")->recognises(kKlotski));
    EXPECT_FALSE(blocks->recognises("BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n"));
    EXPECT_FALSE(blocks->recognises("# exit: left\n....\n..AA\n....\n....\n"));
    const ReadPuzzle r = only_puzzle(read_board_text(kKlotski));
    EXPECT_EQ(r.line, 2);
    EXPECT_EQ(r.format, "start-goal");
    const Puzzle& p = r.puzzle;
    EXPECT_EQ(p.family, "blocks");
    EXPECT_EQ(p.width, 4);
    EXPECT_EQ(p.height, 5);
    EXPECT_EQ(p.board, "start\nBAAC\nBAAC\nDEEF\nDGHF\nI..J\ngoal\n....\n....\n....\n.AA.\n.AA.");
    EXPECT_EQ(p.key, "blocks 4x5 BAAC/BAAC/DEEF/DGHF/I..J|..../..../..../.AA./.AA.");
    EXPECT_EQ(p.blocks, 10);
    EXPECT_FALSE(p.exit_side.has_value());
    EXPECT_FALSE(p.exit_row.has_value());
    EXPECT_FALSE(p.fixed.has_value());
    EXPECT_EQ(&family_of(p), blocks);
    EXPECT_EQ(blocks->validate(p), "");
    EXPECT_EQ(blocks->summary(p), "4x5, 10 pieces of 4 shapes, 20 floor cells, goal: A");
    // One of each, in the singular.
    EXPECT_EQ(blocks->summary(only_puzzle(read_board_text("start\nA.\ngoal\n.A\n")).puzzle),
              "2x1, 1 piece of 1 shape, 2 floor cells, goal: A");
}

TEST(BlocksFamily, ABadFileGivesOneErrorWithItsLine) {
    const std::vector<ReadItem> items = read_board_text("# c\nstart\nA.\nB?\ngoal\n.A\n..\n");
    ASSERT_EQ(items.size(), 1u);
    const ReadError& e = std::get<ReadError>(items[0]);
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "unknown character '?' at column 2");
}

TEST(BlocksFamily, SolvesAndReplaysThroughTheInterface) {
    const Puzzle p = only_puzzle(read_board_text(kKlotski)).puzzle;
    const Family& f = family_of(p);
    const SolveResult r = f.solve(p, {});
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 81);
    EXPECT_EQ(r.steps, 116);
    EXPECT_EQ(r.cluster_size, 25955u);
    EXPECT_EQ(r.hardest_moves, 93);
    const std::vector<ReplayStep> steps = f.replay(p, r.solution);
    ASSERT_EQ(steps.size(), 82u);
    EXPECT_EQ(steps.front().move, "");
    // The start in the file's form, goal included: it reads back.
    EXPECT_EQ(steps.front().text, "start\nBAAC\nBAAC\nDEEF\nDGHF\nI..J\ngoal\n....\n....\n....\n.AA.\n.AA.\n");
    EXPECT_EQ(only_puzzle(read_board_text(steps.front().text)).puzzle.key, p.key);
    // A ends on the bottom middle: rows 4 and 5, columns 2 and 3.
    const std::string& end = steps.back().text;
    ASSERT_EQ(end.size(), 25u);
    EXPECT_EQ(end.substr(16, 2), "AA");
    EXPECT_EQ(end.substr(21, 2), "AA");
    // The hardest start is a puzzle of its own, in the same text.
    Puzzle hardest = p;
    hardest.board = r.hardest_board;
    EXPECT_EQ(f.validate(hardest), "");
    EXPECT_EQ(f.board_text(p, 1), " BAAC\n BAAC\n DEEF\n DGHF\n I++J\n");
    EXPECT_NE(f.board_svg(p, {5, "", ""}, 20).find("aria-label=\"board of puzzle 5\""), std::string::npos);
}

// A player's position keys as the board it is, whatever letters its pieces
// carry: the server's hints from every prefix of the optimal solution, in
// the start's letters, are one move nearer each time, and the move a hint
// names is one the player can make.
TEST(BlocksFamily, HintsUnderstandEveryPrefixOfTheSolutionInTheStartsLetters) {
    const Puzzle p = only_puzzle(read_board_text(kKlotski)).puzzle;
    const Family& f = family_of(p);
    const SolveResult r = f.solve(p, {});
    std::istringstream in(r.solution);
    std::vector<std::string> moves;
    for (std::string m; in >> m;) moves.push_back(m);
    ASSERT_EQ(moves.size(), 81u);
    // The first moves (the fifth was refused once); tests/e2e/round_trip_test
    // plays them all through the server.
    std::string played;
    for (std::size_t k = 0; k <= 6; ++k) {
        const Puzzle here = f.position(p, played);
        // Canonical: the same key as its own text read back.
        EXPECT_EQ(here.key, only_puzzle(read_board_text(here.board)).puzzle.key) << played;
        const serve::Hint h = serve::hint(f, p, played, {});
        ASSERT_EQ(h.status, Status::Solved) << played;
        EXPECT_EQ(h.distance, 81 - static_cast<int>(k)) << played;
        const serve::Hint next = serve::hint(f, p, played + " " + h.move, {});
        EXPECT_EQ(next.distance, 80 - static_cast<int>(k)) << played << " then " << h.move;
        played += (k ? " " : "") + moves[k];
    }
    EXPECT_EQ(played, "JL1 GD1 FD1 ER1 DR1 IU1 GL1");
    // At the goal: distance 0 and no move.
    const serve::Hint end = serve::hint(f, p, r.solution, {});
    EXPECT_EQ(end.distance, 0);
    EXPECT_EQ(end.move, "");
}

TEST(BlocksFamily, RefusesWhatDoesNotFit) {
    const Puzzle p = only_puzzle(read_board_text(kKlotski)).puzzle;
    const Family& f = family_of(p);
    EXPECT_THROW(f.replay(p, "JL1 JL1 JL1"), PuzzleError);  // into I
    EXPECT_THROW(f.replay(p, "ZL1"), PuzzleError);
    // A path back to where the piece stood is no move (the player counted
    // it as one); there and back in two moves is two.
    try {
        f.position(p, "JL1 JR1L1");
        ADD_FAILURE() << "JR1L1 was taken as a move";
    } catch (const PuzzleError& e) {
        EXPECT_STREQ(e.what(), "move 'JR1L1' leaves J where it was");
    }
    EXPECT_EQ(f.position(p, "JL1 JR1").key, p.key);
    Puzzle damaged = p;
    damaged.board = "start\nBAAC\nBA?C\ngoal\n....\n.AA.";
    EXPECT_EQ(f.validate(damaged), "line 3: unknown character '?' at column 3");
    Puzzle other = p;
    other.family = "unblock";
    EXPECT_NE(f.validate(other), "");
}

// The family's reader takes the file a byte at a time and keeps only the
// puzzle's lines: the same board, errors on the same lines.
TEST(BlocksFamily, StreamingReaderAgreesWithTheWholeRead) {
    const Family& blocks = *find_family("blocks");
    auto streamed = [&](const std::string& text) {
        auto reader = blocks.reader();
        std::vector<ReadItem> items;
        for (char c : text) reader->feed(std::string_view(&c, 1), items);
        reader->finish(items);
        return items;
    };
    const ReadPuzzle whole = only_puzzle(blocks.read(kKlotski));
    const ReadPuzzle piecewise = only_puzzle(streamed(std::string(kKlotski) + std::string(100000, '\n')));
    EXPECT_EQ(piecewise.puzzle.key, whole.puzzle.key);
    EXPECT_EQ(piecewise.line, 2);
    const auto bad = streamed("# c\n\nstart\nA.\ngoal\n.A\nstart\nA.\n" + std::string(100000, '.') + "\n");
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_EQ(std::get<ReadError>(bad[0]).line, 7);
    EXPECT_EQ(std::get<ReadError>(bad[0]).message, "a second 'start' or 'goal': a file holds one puzzle");
}

}  // namespace
}  // namespace slidedb
