// Reading the start/goal format of the `blocks` family: what it accepts, the
// canonical board it gives, and the exact error for each kind of bad input.
#include <gtest/gtest.h>

#include <string>

#include "families/blocks/format.h"

namespace slidedb::blocks {

void PrintTo(const ReadError& e, std::ostream* os) { *os << e.line << ": " << e.message; }

namespace {

Board read_ok(const std::string& text) {
    auto r = read_start_goal(text);
    if (auto* e = std::get_if<ReadError>(&r)) {
        ADD_FAILURE() << e->line << ": " << e->message;
        return {};
    }
    return std::get<ReadBoard>(r).board;
}

ReadError read_bad(const std::string& text) {
    auto r = read_start_goal(text);
    if (std::holds_alternative<ReadBoard>(r)) {
        ADD_FAILURE() << "read without error:\n" << text;
        return {};
    }
    return std::get<ReadError>(r);
}

TEST(StartGoalFormat, IsRecognisedByCommentsThenStart) {
    EXPECT_TRUE(is_start_goal_text("# a comment\n\n# another\nstart\n#A.#\ngoal\n#.A#\n"));
    EXPECT_TRUE(is_start_goal_text("start\r\nA.\r\ngoal\r\n.A\r\n"));
    EXPECT_FALSE(is_start_goal_text("# exit: left\n..AA..\nstart\n"));
    EXPECT_FALSE(is_start_goal_text("BBBCDE\nFGGCDE\n"));
    EXPECT_FALSE(is_start_goal_text(""));
}

TEST(StartGoalFormat, ReadsPiecesWallsAndGoal) {
    const Board b = read_ok("# two pieces\nstart\n####\n#AB#\n#..#\n####\ngoal\n####\n#..#\n#.A#\n####\n");
    EXPECT_EQ(b.width, 4);
    EXPECT_EQ(b.height, 4);
    ASSERT_EQ(b.pieces.size(), 2u);
    EXPECT_EQ(b.pieces[0].cells, (std::vector<Cell>{{1, 1}}));
    EXPECT_EQ(b.pieces[1].cells, (std::vector<Cell>{{1, 2}}));
    ASSERT_EQ(b.goal.size(), 1u);
    EXPECT_EQ(b.goal[0].piece, 0);
    EXPECT_EQ(b.goal[0].cells, (std::vector<Cell>{{2, 2}}));
    EXPECT_EQ(b.start_grid(), "####\n#AB#\n#..#\n####");
    EXPECT_EQ(b.goal_grid(), "####\n#..#\n#.A#\n####");
    EXPECT_EQ(b.key(), "blocks 4x4 ####/#AB#/#..#/####|####/#..#/#.A#/####");
}

TEST(StartGoalFormat, CanonicalFormRelabelsCropsAndWallsOffDeadFloor) {
    // The goal's piece becomes A, the other B; the floor no piece reaches
    // (the spaces outside) becomes wall; the blank margin goes.
    const Board a = read_ok("start\n\n   ####\n   #QZ#\n   #..#\n   ####\ngoal\n\n   ####\n   #..#\n   #.Z#\n   ####\n");
    const Board b = read_ok("start\n####\n#XY#\n#..#\n####\ngoal\n####\n#..#\n#.Y#\n####\n");
    EXPECT_EQ(a.start_grid(), "####\n#BA#\n#..#\n####");
    EXPECT_EQ(a.key(), b.key());
    EXPECT_EQ(a.goal_grid(), "####\n#..#\n#.A#\n####");
}

TEST(StartGoalFormat, ReadsABoardAsDrawnForReplays) {
    // A board text as the database keeps it: the spaces outside are floor
    // no piece reaches, and stay blank.
    const auto r = read_start_goal("start\n  #####\n  #QZ.#\n  #####\ngoal\n  #####\n  #..Z#\n  #####\n", Form::AsDrawn);
    ASSERT_TRUE(std::holds_alternative<ReadBoard>(r));
    const Board& b = std::get<ReadBoard>(r).board;
    EXPECT_EQ(b.start_grid(), "  #####\n  #QZ.#\n  #####");
    EXPECT_EQ(b.goal_grid(), "  #####\n  #..Z#\n  #####");
}

TEST(StartGoalFormat, ShortLinesEndInWallAndSpacesAreFloor) {
    // Row 2 is one cell shorter: its last cell is wall.
    const Board b = read_ok("start\nA  \nB \ngoal\n.A \n..\n");
    EXPECT_TRUE(b.is_floor(0, 2));
    EXPECT_FALSE(b.is_floor(1, 2));
    EXPECT_EQ(b.start_grid(), "A..\nB.#");
}

TEST(StartGoalFormat, PiecesMayHaveAnyShape) {
    const Board b = read_ok("start\nAA.\nA.A\n...\n...\ngoal\n...\n...\nAA.\nA.A\n");
    ASSERT_EQ(b.pieces.size(), 1u);
    EXPECT_EQ(b.pieces[0].cells.size(), 4u);
}

TEST(StartGoalFormat, NamesAnUnknownCharacter) {
    EXPECT_EQ(read_bad("# c\nstart\n#A.#\n#.*#\ngoal\n#..#\n#.A#\n"), (ReadError{4, "unknown character '*' at column 3"}));
    EXPECT_EQ(read_bad("start\nA\t.\ngoal\n..A\n"), (ReadError{2, "unknown character byte 0x09 at column 2"}));
    EXPECT_EQ(read_bad("start\nA..\ngoal\n..1\n"), (ReadError{4, "unknown character '1' at column 3"}));
}

TEST(StartGoalFormat, NamesAGoalPieceMissingFromTheStart) {
    EXPECT_EQ(read_bad("start\nA..\n...\ngoal\n...\n..B\n"), (ReadError{6, "goal piece B is not on the start board"}));
}

TEST(StartGoalFormat, NamesAGoalPieceOfAnotherShape) {
    EXPECT_EQ(read_bad("start\nAA.\n...\ngoal\n...\n.A.\n"),
              (ReadError{6, "goal piece A has another shape than at the start"}));
    EXPECT_EQ(read_bad("start\nAA.\n...\ngoal\n..A\n..A\n"),
              (ReadError{5, "goal piece A has another shape than at the start"}));
}

TEST(StartGoalFormat, NamesAGoalWhoseOutlineDiffers) {
    EXPECT_EQ(read_bad("start\n#A.#\n#..#\ngoal\n#..#\n#.A.\n"),
              (ReadError{6, "the goal's outline differs from the start's at row 2 column 4"}));
    EXPECT_EQ(read_bad("start\nA..\n...\ngoal\n..A\n"),
              (ReadError{4, "the goal's outline differs from the start's at row 2 column 1"}));
}

TEST(StartGoalFormat, NamesABoardWithNoFloor) {
    EXPECT_EQ(read_bad("start\n####\n####\ngoal\n####\n####\n"), (ReadError{1, "the board has no floor"}));
    EXPECT_EQ(read_bad("# nothing\nstart\ngoal\n"), (ReadError{2, "the board has no floor"}));
}

TEST(StartGoalFormat, NamesABoardTooLarge) {
    const std::string wide(17, '.');
    EXPECT_EQ(read_bad("start\nA\n" + wide + "\ngoal\nA\n"), (ReadError{3, "the start board is 17 cells wide; at most 16"}));
    std::string tall = "start\n";
    for (int r = 0; r < 17; ++r) tall += r == 0 ? "A.\n" : "..\n";
    tall += "goal\n.A\n";
    EXPECT_EQ(read_bad(tall), (ReadError{18, "the start board has more than 16 rows"}));
}

TEST(StartGoalFormat, NamesMissingPartsAndExtraPuzzles) {
    EXPECT_EQ(read_bad("# c\nstart\nA.\n"), (ReadError{2, "no line 'goal' after 'start'"}));
    EXPECT_EQ(read_bad("start\n..\ngoal\n..\n"), (ReadError{1, "the start board has no piece"}));
    EXPECT_EQ(read_bad("start\nA.\ngoal\n..\n"), (ReadError{3, "the goal names no piece"}));
    EXPECT_EQ(read_bad("start\nA.\ngoal\n.A\nstart\nA.\n"),
              (ReadError{5, "a second 'start' or 'goal': a file holds one puzzle"}));
    EXPECT_EQ(read_bad("A.\n"), (ReadError{0, "not a start/goal board: no line 'start' after the comments"}));
}

// A board printed indented (`show`, `solve`) reads back: the spaces before
// `start` go from every line, and no more, as an outline may begin with spaces.
TEST(StartGoalFormat, ReadsABoardPrintedIndented) {
    const std::string plain = "start\n A.\n.A.\ngoal\n .A\n..A\n";
    const std::string indented = "  start\n   A.\n  .A.\n  goal\n   .A\n  ..A\n";
    const auto a = std::get<ReadBoard>(read_start_goal(plain));
    const auto b = std::get<ReadBoard>(read_start_goal(indented));
    EXPECT_EQ(b.board.text(), a.board.text());
    EXPECT_EQ(b.board.text(), "start\n.A.\n.A.\ngoal\n..A\n..A");
}

}  // namespace
}  // namespace slidedb::blocks
