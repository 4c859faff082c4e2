#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "families/unblock/board.h"

namespace slidedb {
namespace {

// The message board_from_grid throws for these rows, or "" if it builds.
std::string error_of(const std::vector<std::string>& rows, Side exit = Side::Right,
                     int exit_row = -1, char prisoner = 'A') {
    try {
        board_from_grid(rows, exit, exit_row, prisoner);
    } catch (const BoardError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

const std::vector<std::string> kReadme = {"BBBCDE", "FGGCDE", "F.AADE",
                                          "HHI...", ".JI.KK", ".JLLMM"};

TEST(Board, BuildsTheReadmeExample) {
    const Board b = board_from_grid(kReadme, Side::Right);
    EXPECT_EQ(b.width, 6);
    EXPECT_EQ(b.height, 6);
    EXPECT_EQ(b.exit, Side::Right);
    EXPECT_EQ(b.exit_row(), 2);
    ASSERT_EQ(b.blocks.size(), 13u);
    EXPECT_EQ(b.blocks[0], (Block{2, 2, 2, Axis::Horizontal}));
    EXPECT_EQ(b.blocks[1], (Block{0, 0, 3, Axis::Horizontal}));
    EXPECT_EQ(b.blocks[5], (Block{1, 0, 2, Axis::Vertical}));
    EXPECT_TRUE(b.fixed.empty());
    EXPECT_EQ(b.grid(), "BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM");
}

TEST(Board, RelabelsBlocksInReadingOrder) {
    const Board b =
        board_from_grid({"..ZZ..", "Q....x", "QAA...", "..RRR.", "......", "x....."}, Side::Left);
    EXPECT_EQ(b.grid(), "..BB..\nC....x\nCAA...\n..DDD.\n......\nx.....");
    EXPECT_EQ(b.fixed, (std::vector<Cell>{{1, 5}, {5, 0}}));
    EXPECT_EQ(b.exit, Side::Left);
    EXPECT_EQ(b.key(), "unblock 6x6 left ..BB../C....x/CAA.../..DDD./....../x.....");
}

TEST(Board, AcceptsOAndSpaceAsEmpty) {
    const Board dots = board_from_grid({"....", "AA..", "....", "...."}, Side::Right);
    EXPECT_EQ(board_from_grid({"oooo", "AAoo", "o  o", "    "}, Side::Right), dots);
}

TEST(Board, AcceptsEveryShapeFrom4x4To8x8) {
    EXPECT_EQ(board_from_grid({"....", "AA..", "....", "...."}, Side::Right).grid(),
              "....\nAA..\n....\n....");
    const Board wide =
        board_from_grid({"........", "AA......", "........", "........"}, Side::Right);
    EXPECT_EQ(wide.width, 8);
    EXPECT_EQ(wide.height, 4);
    const std::vector<std::string> big(8, "........");
    std::vector<std::string> rows = big;
    rows[3] = "...AA...";
    EXPECT_EQ(board_from_grid(rows, Side::Right).exit_row(), 3);
}

TEST(Board, StarPrisonerAndExitRow) {
    const Board b = board_from_grid({"1 2333", "1 24  ", "1**4 9", "5566 9", "7788 9", "      "},
                                    Side::Right, 2, '*');
    EXPECT_EQ(b.grid(), "B.CDDD\nB.CE..\nBAAE.F\nGGHH.F\nIIJJ.F\n......");
}

TEST(BoardErrors, UnknownCharacter) {
    const std::string e = error_of({"......", "......", "AA.#..", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "unknown character '#'")) << e;
    EXPECT_TRUE(contains(e, "row 3 col 4")) << e;
}

TEST(BoardErrors, UnknownControlByteIsShownInHex) {
    const std::string e = error_of({"......", "......", "AA.\t..", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "unknown character byte 0x09")) << e;
}

TEST(BoardErrors, RaggedRows) {
    const std::string e = error_of({"......", "......", "AA....", ".....", "......", "......"});
    EXPECT_EQ(e, "ragged rows: row 1 has 6 cells but row 4 has 5");
}

TEST(BoardErrors, LShape) {
    const std::string e = error_of({"BB....", "B.....", "AA....", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "block 'B' at row 1 col 1 is not one straight segment")) << e;
    EXPECT_TRUE(contains(e, "bend")) << e;
}

TEST(BoardErrors, GapInsideABlock) {
    const std::string e = error_of({"B.B...", "......", "AA....", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "block 'B' at row 1 col 1 is not one straight segment")) << e;
    EXPECT_TRUE(contains(e, "separate groups")) << e;
}

TEST(BoardErrors, TwoGroupsOfOneLabel) {
    const std::string e = error_of({"CC....", "......", "AA....", "......", "....CC", "......"});
    EXPECT_TRUE(contains(e, "block 'C'")) << e;
    EXPECT_TRUE(contains(e, "separate groups")) << e;
}

TEST(BoardErrors, SingleCellBlock) {
    const std::string e = error_of({"......", "...B..", "AA....", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "block 'B' at row 2 col 4 is a single cell")) << e;
}

TEST(BoardErrors, NoPrisoner) {
    const std::string e = error_of({"......", "......", "BB....", "......", "......", "......"});
    EXPECT_EQ(e, "no prisoner (no 'A' block)");
}

TEST(BoardErrors, TwoPrisoners) {
    const std::string e = error_of({"......", "......", "AA..AA", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "two prisoners")) << e;
}

TEST(BoardErrors, VerticalPrisoner) {
    const std::string e = error_of({"......", "..A...", "..A...", "......", "......", "......"});
    EXPECT_TRUE(contains(e, "the prisoner at row 2 col 3 is vertical")) << e;
}

TEST(BoardErrors, SizeTooSmall) {
    EXPECT_EQ(error_of({"...", "AA.", "..."}), "board is 3x3; sizes from 4x4 to 8x8 are supported");
}

TEST(BoardErrors, SizeTooLarge) {
    std::vector<std::string> rows(9, ".........");
    rows[2] = "AA.......";
    EXPECT_EQ(error_of(rows), "board is 9x9; sizes from 4x4 to 8x8 are supported");
}

TEST(BoardErrors, ExitNotOnThePrisonersRow) {
    const std::vector<std::string> rows = {"......", "......", "AA....",
                                           "......", "......", "......"};
    EXPECT_EQ(error_of(rows, Side::Right, 3), "the exit is on row 4 but the prisoner is on row 3");
    EXPECT_EQ(error_of(rows, Side::Right, 2), "");
}

TEST(BoardErrors, EmptyBoard) { EXPECT_EQ(error_of({}), "empty board"); }

}  // namespace
}  // namespace slidedb
