#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/unblock/board_file.h"

namespace slidedb {
namespace {

std::string describe(const std::vector<BoardItem>& items) {
    std::string s;
    for (const BoardItem& item : items) {
        if (const auto* e = std::get_if<ReadError>(&item))
            s += "\n  error line " + std::to_string(e->line) + ": " + e->message;
        else
            s += "\n  " + std::get<BoardRead>(item).format + " puzzle line " +
                 std::to_string(std::get<BoardRead>(item).line);
    }
    return s.empty() ? "nothing" : s;
}

// The one puzzle a text holds; a test failure if it holds anything else.
BoardRead one_puzzle(std::string_view text) {
    const std::vector<BoardItem> items = read_boards(text);
    if (items.size() == 1 && std::holds_alternative<BoardRead>(items[0]))
        return std::get<BoardRead>(items[0]);
    // Thrown, not returned empty: the caller's checks would read a board
    // that is not there. gtest reports the exception as the test's failure.
    throw std::runtime_error("expected one puzzle, got" + describe(items));
}

// The one error a text gives; a test failure if it gives anything else.
ReadError one_error(std::string_view text) {
    const std::vector<BoardItem> items = read_boards(text);
    if (items.size() == 1 && std::holds_alternative<ReadError>(items[0]))
        return std::get<ReadError>(items[0]);
    ADD_FAILURE() << "expected one error, got" << describe(items);
    return {};
}

const BoardRead* as_puzzle(const BoardItem& item) { return std::get_if<BoardRead>(&item); }
const ReadError* as_error(const BoardItem& item) { return std::get_if<ReadError>(&item); }

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string file_text(const std::string& name) {
    const std::string path = SLIDEDB_TEST_DATA "/boards/" + name;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read the test input " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The same board in every format: kb_input.txt's puzzle. The data README
// draws it with the file's labels (blocks lettered in line order); grid()
// letters them in reading order.
constexpr std::string_view kKbReadme = "...F..\n...FG.\nBAAFG.\nBD....\nCD....\nC.EE..";
constexpr std::string_view kKbGrid = "...B..\n...BC.\nDAABC.\nDE....\nFE....\nF.GG..";
constexpr std::string_view kKbBlocks =
    "3 2 2 h\r\n4 1 2 v\r\n6 1 2 v\r\n5 2 2 v\r\n6 3 2 h\r\n3 4 3 v\r\n3 5 2 v";
constexpr std::string_view kKbLine = "...F.....FG.BAAFG.BD....CD....C.EE..";
constexpr std::string_view kKbFramed =
    "+------+\n|   F  |\n|   FG |\n|BAAFG\n|BD    |\n|CD    |\n|C EE  |\n+------+\n";

constexpr std::string_view kReadmeGrid = "BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM";
constexpr std::string_view kYbText =
    "+------+\n|1 2333|\n|1 24  |\n|1**4 9\n|5566 9|\n|7788 9|\n|      |\n+------+";
constexpr std::string_view kYbGrid = "B.CDDD\nB.CE..\nBAAE.F\nGGHH.F\nIIJJ.F\n......";

// ---------------------------------------------------------------- grid

TEST(GridFormat, ReadsRowsOfLetters) {
    const BoardRead p = one_puzzle(std::string(kReadmeGrid) + "\n");
    EXPECT_EQ(p.format, "grid");
    EXPECT_EQ(p.line, 1);
    EXPECT_EQ(p.board.width, 6);
    EXPECT_EQ(p.board.height, 6);
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.board.grid(), kReadmeGrid);
    EXPECT_FALSE(p.claimed_moves);
    EXPECT_FALSE(p.claimed_cluster);
}

TEST(GridFormat, ReadsSpaceSeparatedCells) {
    const BoardRead p = one_puzzle(
        ". . . F . .\n. . . F G .\nB A A F G .\nB D . . . .\nC D . . . .\nC . E E . .\n");
    EXPECT_EQ(p.format, "grid");
    EXPECT_EQ(p.board.grid(), kKbGrid);
}

TEST(GridFormat, RelabelsToTheCanonicalGrid) {
    const BoardRead p = one_puzzle("ooZZoo\nQoooox\nQAAooo\nooRRRo\noooooo\nxooooo\n");
    EXPECT_EQ(p.board.grid(), "..BB..\nC....x\nCAA...\n..DDD.\n......\nx.....");
    EXPECT_EQ(p.board.fixed.size(), 2u);
}

TEST(GridFormat, ReadsBoardsThatAreNotSquare) {
    const BoardRead p = one_puzzle("........\n........\nAA......\n.....BB.\n........\n");
    EXPECT_EQ(p.board.width, 8);
    EXPECT_EQ(p.board.height, 5);
    EXPECT_EQ(p.board.exit_row(), 2);
}

TEST(GridFormat, ExitLeftFromHeader) {
    const BoardRead p = one_puzzle("# exit: left\n....\n..AA\n....\n....\n");
    EXPECT_EQ(p.board.exit, Side::Left);
    EXPECT_EQ(p.line, 2);
    EXPECT_EQ(p.board.key(), "unblock 4x4 left ..../..AA/..../....");
}

// The drawing `show` and `solve` print (board_text) reads back: indented
// rows, the exit marked beside the prisoner's row.
TEST(GridFormat, ReadsTheDrawingWithItsExitMark) {
    const BoardRead left = one_puzzle("   ..B.CDD\n   x.B.C..\n  <..AAE..\n   FFGxE.H\n   x.G.xxH\n   II.JJ..\n   KK..LL.\n");
    EXPECT_EQ(left.board.exit, Side::Left);
    EXPECT_EQ(left.board.key(), "unblock 7x7 left ..B.CDD/x.B.C../..AAE../FFGxE.H/x.G.xxH/II.JJ../KK..LL.");
    EXPECT_EQ(board_text(left.board, 0), " ..B.CDD\n x.B.C..\n<..AAE..\n FFGxE.H\n x.G.xxH\n II.JJ..\n KK..LL.\n");
    EXPECT_EQ(one_puzzle(board_text(left.board, 0)).board, left.board);
    EXPECT_EQ(one_puzzle(board_text(left.board, 5)).board, left.board);
    // A mark states the exit over the header above it.
    const BoardRead right = one_puzzle("# exit: left\n  ....\n  ..AA>\n  ....\n  ....\n");
    EXPECT_EQ(right.board.key(), "unblock 4x4 right ..../..AA/..../....");
    EXPECT_EQ(one_puzzle(board_text(right.board)).board, right.board);
    // Cells written apart, and a '<' with no blank under it on the other rows.
    EXPECT_EQ(one_puzzle("  . . . .\n< A A . .\n  . . . .\n  . . . .\n").board.key(),
              "unblock 4x4 left ..../AA../..../....");
    EXPECT_EQ(one_puzzle("....\n<AA..\n....\n....\n").board.key(), "unblock 4x4 left ..../AA../..../....");
}

TEST(GridFormat, RejectsExitMarksThatDisagree) {
    ReadError e = one_error("....\n<AA..>\n....\n....\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "a row marked as the exit on both sides ('<' and '>'); a board has one exit (lines 1-4)");
    e = one_error("....\n..AA>\n....>\n....\n");
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.message, "a second exit mark (row 2 is marked already); a board has one exit (lines 1-4)");
    e = one_error("# c\n....\n..AA\n....>\n....\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "the exit is on row 3 but the prisoner is on row 2 (lines 2-5)");
}

TEST(GridFormat, SeveralPuzzlesWithOneBadAmongThem) {
    const auto items = read_boards(
        "....\nAA..\n....\n....\n"    // 1-4
        "\n"                          // 5
        "BB..\nAA.A\n...A\n....\n"    // 6-9: two prisoners
        "\n  \n"                      // 10-11
        ".B..\n.BAA\n....\n....\n");  // 12-15
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]));
    EXPECT_EQ(as_puzzle(items[0])->line, 1);
    EXPECT_EQ(as_puzzle(items[0])->board.grid(), "....\nAA..\n....\n....");
    ASSERT_TRUE(as_error(items[1]));
    EXPECT_EQ(as_error(items[1])->line, 7);  // where the prisoner's cells part
    EXPECT_TRUE(contains(as_error(items[1])->message, "two prisoners"))
        << as_error(items[1])->message;
    ASSERT_TRUE(as_puzzle(items[2]));
    EXPECT_EQ(as_puzzle(items[2])->line, 12);
    EXPECT_EQ(as_puzzle(items[2])->board.grid(), ".B..\n.BAA\n....\n....");
}

TEST(GridFormat, CrlfEndingsAndByteOrderMark) {
    const BoardRead p = one_puzzle("\xEF\xBB\xBF....\r\nAA..\r\n....\r\n....\r\n");
    EXPECT_EQ(p.line, 1);
    EXPECT_EQ(p.board.grid(), "....\nAA..\n....\n....");
}

TEST(GridFormat, IgnoresTrailingBlanks) {
    const BoardRead p = one_puzzle("....  \nAA..\t\n. . . .  \n....\n");
    EXPECT_EQ(p.board.grid(), "....\nAA..\n....\n....");
}

TEST(GridFormat, RejectsUnevenSpacing) {
    const ReadError e = one_error("....\nAA..\n.  .\n....\n");
    EXPECT_EQ(e.line, 3);
    EXPECT_TRUE(contains(e.message, "separated by single spaces")) << e.message;
}

// Every board_from_grid error, as the file reader reports it: the message
// names the problem and the line is where the puzzle starts.
ReadError grid_error(std::string_view rows) {
    return one_error("# a comment\n" + std::string(rows));
}

TEST(GridFormat, RejectsUnknownCharacter) {
    const ReadError e = grid_error("....\nAA#.\n....\n....\n");
    EXPECT_EQ(e.line, 3);  // the row's own line
    EXPECT_EQ(e.message, "row 2 col 3: '#' is not a cell (comments go on lines of their own) (lines 2-5)");
}

TEST(GridFormat, RejectsRaggedRows) {
    const ReadError e = grid_error("....\nAA..\n...\n....\n");
    EXPECT_EQ(e.line, 4);  // the short row's line
    EXPECT_EQ(e.message, "ragged rows: row 1 has 4 cells but row 3 has 3 (lines 2-5)");
}

TEST(GridFormat, RejectsLShape) {
    const ReadError e = grid_error("BB..\nB...\nAA..\n....\n");
    EXPECT_TRUE(contains(e.message, "block 'B' at row 1 col 1 is not one straight segment"))
        << e.message;
    EXPECT_TRUE(contains(e.message, "bend")) << e.message;
}

TEST(GridFormat, RejectsGapInABlock) {
    const ReadError e = grid_error("B.B.\n....\nAA..\n....\n");
    EXPECT_TRUE(contains(e.message, "not one straight segment")) << e.message;
    EXPECT_TRUE(contains(e.message, "separate groups")) << e.message;
}

TEST(GridFormat, RejectsTwoGroupsOfOneLabel) {
    const ReadError e = grid_error("CC..\n....\nAA..\n..CC\n");
    EXPECT_TRUE(contains(e.message, "block 'C'")) << e.message;
    EXPECT_TRUE(contains(e.message, "separate groups")) << e.message;
}

TEST(GridFormat, RejectsSingleCellBlock) {
    const ReadError e = grid_error("....\nAA.B\n....\n....\n");
    EXPECT_TRUE(contains(e.message, "block 'B' at row 2 col 4 is a single cell")) << e.message;
}

TEST(GridFormat, RejectsNoPrisoner) {
    EXPECT_EQ(grid_error("....\nBB..\n....\n....\n").message, "no prisoner (no 'A' block) (lines 2-5)");
}

TEST(GridFormat, RejectsTwoPrisoners) {
    const ReadError e = grid_error("....\nAA.A\n...A\n....\n");
    EXPECT_EQ(e.line, 3);
    EXPECT_TRUE(contains(e.message, "two prisoners")) << e.message;
}

TEST(GridFormat, RejectsVerticalPrisoner) {
    const ReadError e = grid_error("....\n.A..\n.A..\n....\n");
    EXPECT_TRUE(contains(e.message, "prisoner at row 2 col 2 is vertical")) << e.message;
}

TEST(GridFormat, RejectsSize3x3) {
    EXPECT_EQ(grid_error("...\nAA.\n...\n").message,
              "board is 3x3; sizes from 4x4 to 8x8 are supported (lines 2-4)");
}

TEST(GridFormat, RejectsSize9x9) {
    std::string rows;
    for (int r = 0; r < 9; ++r) rows += r == 2 ? "AA.......\n" : ".........\n";
    EXPECT_EQ(grid_error(rows).message, "board is 9x9; sizes from 4x4 to 8x8 are supported (lines 2-10)");
}

TEST(GridFormat, NamesWhatIsNotACellRatherThanRaggedRows) {
    EXPECT_EQ(grid_error("......\n......\nAA..\xC3\xA9.\n......\n......\n......\n").message,
              "row 3 col 5: '\xC3\xA9' is not a cell (lines 2-7)");
    EXPECT_EQ(grid_error("......\n......\nAA....#\n......\n......\n......\n").message,
              "row 3 col 7: '#' is not a cell (comments go on lines of their own) (lines 2-7)");
    EXPECT_EQ(grid_error("...\t..\n......\nAA....\n......\n......\n......\n").message,
              "row 1 col 4: tab is not a cell (lines 2-7)");
    EXPECT_EQ(grid_error("......\n......\nAA...\xE9\n......\n......\n......\n").message,
              "row 3 col 6: byte 0xe9 is not a cell (lines 2-7)");  // Latin-1, not UTF-8
}

TEST(BadInput, EveryMalformedLineIsNamed) {
    // 5,000 lines of every malformed kind, no blank line between them: each
    // line is named by an error of its own or inside a range of lines.
    std::string text;
    const char* kinds[] = {"hello there world", "abc", "12 x 34", "1 2 3 q", "ooooooooooooooooooooo", "AAxB",
                           "# size: 77"};
    std::uint32_t x = 7;
    for (int i = 0; i < 5000; ++i) {
        x = x * 1664525u + 1013904223u;
        text += std::string(kinds[(x >> 16) % 7]) + "\n";
    }
    std::vector<bool> named(5001, false);
    int errors = 0;
    for (const BoardItem& item : read_boards(text)) {
        const ReadError* e = as_error(item);
        ASSERT_TRUE(e) << "a malformed line read as a puzzle";
        ++errors;
        named[static_cast<std::size_t>(e->line)] = true;
        const std::size_t at = e->message.find("(lines ");
        if (at == std::string::npos) continue;
        int first = 0, last = 0;
        ASSERT_EQ(std::sscanf(e->message.c_str() + at, "(lines %d-%d)", &first, &last), 2) << e->message;
        for (int l = first; l <= last; ++l) named[static_cast<std::size_t>(l)] = true;
    }
    EXPECT_EQ(std::count(named.begin() + 1, named.end(), true), 5000);
    EXPECT_GT(errors, 1000);
}

// ---------------------------------------------------------------- framed

TEST(FramedFormat, ReadsStarPrisonerAndRightGap) {
    const BoardRead p = one_puzzle(kYbText);
    EXPECT_EQ(p.format, "framed");
    EXPECT_EQ(p.line, 1);
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.board.exit_row(), 2);
    EXPECT_EQ(p.board.grid(), kYbGrid);
}

TEST(FramedFormat, PadsAnExitRowWhoseBlanksWereStripped) {
    const BoardRead p = one_puzzle("+----+\n|    |\n|AA\n|B   |\n|B   |\n+----+\n");
    EXPECT_EQ(p.board.grid(), "....\nAA..\nB...\nB...");
    EXPECT_EQ(p.board.exit, Side::Right);
}

TEST(FramedFormat, ReadsTheRightGapDrawnAsABlank) {
    const BoardRead p = one_puzzle("+----+\n|    |\n|AA   \n|    |\n|    |\n+----+\n");
    EXPECT_EQ(p.board.grid(), "....\nAA..\n....\n....");
}

TEST(FramedFormat, ReadsALeftGap) {
    const BoardRead p = one_puzzle("+----+\n|    |\n  AA|\n|    |\n|    |\n+----+\n");
    EXPECT_EQ(p.board.exit, Side::Left);
    EXPECT_EQ(p.board.grid(), "....\n..AA\n....\n....");
    EXPECT_EQ(p.board.key(), "unblock 4x4 left ..../..AA/..../....");
}

TEST(FramedFormat, ReadsALeftGapDrawnAsABlank) {
    const BoardRead p = one_puzzle("+----+\n|    |\n   AA|\n|    |\n|    |\n+----+\n");
    EXPECT_EQ(p.board.exit, Side::Left);
    EXPECT_EQ(p.board.grid(), "....\n..AA\n....\n....");
}

TEST(FramedFormat, LettersWithoutStarsUseA) {
    const BoardRead p = one_puzzle("+-----+\n|B    |\n|BAA  \n|  CC |\n|     |\n+-----+");
    EXPECT_EQ(p.board.grid(), "B....\nBAA..\n..CC.\n.....");
    EXPECT_EQ(p.board.width, 5);
    EXPECT_EQ(p.board.height, 4);
}

TEST(FramedFormat, SeveralPuzzlesBackToBack) {
    const auto items = read_boards(std::string(kYbText) + "\n" + std::string(kKbFramed) + "\n" +
                                       std::string(kYbText) + "\r\n");
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_puzzle(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_puzzle(items[0])->line, 1);
    EXPECT_EQ(as_puzzle(items[1])->line, 9);
    EXPECT_EQ(as_puzzle(items[2])->line, 18);
    EXPECT_EQ(as_puzzle(items[1])->board.grid(), kKbGrid);
    EXPECT_EQ(as_puzzle(items[2])->board.grid(), kYbGrid);
}

TEST(FramedFormat, RejectsNoExitGap) {
    const ReadError e = one_error("+----+\n|    |\n|AA  |\n|    |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.message, "framed board has no exit gap");
}

TEST(FramedFormat, NoRowsIsNamedAsSuch) {
    const ReadError e = one_error("+------+\n+------+\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.message, "framed board has no rows between its frames");
}

TEST(FramedFormat, RejectsTwoExitGaps) {
    const ReadError e = one_error("+----+\n|    |\n|AA\n|    \n|    |\n+----+\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "two exit gaps, rows 2 and 3");
}

TEST(FramedFormat, RejectsGapsOnBothSides) {
    const ReadError e = one_error("+----+\n|    |\n|AA\n    |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "two exit gaps, rows 2 and 3");
}

TEST(FramedFormat, RejectsExitNotOnThePrisonersRow) {
    const ReadError e = one_error("+----+\n|    |\n|AA  |\n|\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 4);  // the exit's row
    EXPECT_EQ(e.message, "the exit is on row 3 but the prisoner is on row 2");
}

TEST(FramedFormat, RejectsARowWiderThanTheFrame) {
    const ReadError e = one_error("+----+\n|    |\n|AA\n|     |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "row 3 has 5 cells but the frame is 4 wide");
}

TEST(FramedFormat, RejectsAShortRowWithBothBars) {
    const ReadError e = one_error("+----+\n|  |\n|AA\n|    |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "row 1 has 2 cells but the frame is 4 wide");
}

TEST(FramedFormat, RejectsARowWithoutBars) {
    const ReadError e = one_error("+----+\n|    |\n|AA\n BB \n|    |\n+----+\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "row 3 has no '|' on either side");
}

TEST(FramedFormat, RejectsAMissingBottomFrame) {
    const ReadError e = one_error("\n+----+\n|    |\n|AA\n|    |\n|    |\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "framed board has no bottom frame");
}

TEST(FramedFormat, RejectsMismatchedFrames) {
    const ReadError e = one_error("+----+\n|    |\n|AA\n|    |\n|    |\n+-----+\n");
    EXPECT_EQ(e.line, 6);
    EXPECT_EQ(e.message, "the bottom frame is 5 cells wide but the top frame is 4");
}

TEST(FramedFormat, RejectsABadTopFrame) {
    const ReadError e = one_error("+--=-+\n|    |\n|AA\n|    |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_TRUE(contains(e.message, "top of a framed board")) << e.message;
}

TEST(FramedFormat, BoardErrorsNameTheLineOfTheirRow) {
    const ReadError e = one_error("\n+----+\n|    |\n|AA\n|B   |\n|    |\n+----+\n");
    EXPECT_EQ(e.line, 5);
    EXPECT_TRUE(contains(e.message, "single cell")) << e.message;
}

// ---------------------------------------------------------------- lines

TEST(LinesFormat, ReadsABoardAlone) {
    const BoardRead p = one_puzzle("ooooooooooooAAoooooooooooooooooooooo\n");
    EXPECT_EQ(p.format, "lines");
    EXPECT_EQ(p.line, 1);
    EXPECT_EQ(p.board.grid(), "......\n......\nAA....\n......\n......\n......");
    EXPECT_FALSE(p.claimed_moves);
    EXPECT_FALSE(p.claimed_cluster);
}

TEST(LinesFormat, ReadsMovesBoardAndCluster) {
    const BoardRead p = one_puzzle("04 BBCCHoooGoHoAAGoooFDDxooFoooooFooooo 574");
    EXPECT_EQ(p.format, "lines");
    EXPECT_EQ(p.board.grid(), "BBCCD.\n..E.D.\nAAE...\nFGGx..\nF.....\nF.....");
    EXPECT_EQ(p.claimed_moves, 4);
    EXPECT_EQ(p.claimed_cluster, 574u);
}

TEST(LinesFormat, AcceptsDotsAndTabs) {
    const BoardRead p = one_puzzle("7\t" + std::string(kKbLine) + "\t3102\r\n");
    EXPECT_EQ(p.board.grid(), kKbGrid);
    EXPECT_EQ(p.claimed_moves, 7);
    EXPECT_EQ(p.claimed_cluster, 3102u);
}

TEST(LinesFormat, ReadsEverySquareFrom4x4To8x8) {
    const auto items = read_boards(
        "....AA.........."
        "\n"
        "..........AA............."
        "\n"
        "................AA..............................................");
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_puzzle(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_puzzle(items[0])->board.width, 4);
    EXPECT_EQ(as_puzzle(items[1])->board.width, 5);
    EXPECT_EQ(as_puzzle(items[1])->board.exit_row(), 2);
    EXPECT_EQ(as_puzzle(items[2])->board.width, 8);
    EXPECT_EQ(as_puzzle(items[2])->board.height, 8);
    EXPECT_EQ(as_puzzle(items[2])->board.exit_row(), 2);
}

TEST(LinesFormat, OtherShapesNeedASizeHeader) {
    const std::string board = std::string(".....") + "AA..." + "....." + "..BB.";
    const ReadError e = one_error(board);
    EXPECT_EQ(e.line, 1);
    EXPECT_TRUE(contains(e.message, "board has 20 characters")) << e.message;
    EXPECT_TRUE(contains(e.message, "# size: WxH")) << e.message;

    const BoardRead p = one_puzzle("# size: 5x4\n" + board);
    EXPECT_EQ(p.line, 2);
    EXPECT_EQ(p.board.width, 5);
    EXPECT_EQ(p.board.height, 4);
    EXPECT_EQ(p.board.grid(), ".....\nAA...\n.....\n..BB.");
}

TEST(LinesFormat, RejectsALengthThatDisagreesWithTheSizeHeader) {
    const ReadError e = one_error("# size: 5x4\nooooooooooooAAoooooooooooooooooooooo\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "board has 36 characters but the size header says 5x4 (20 cells)");
}

TEST(LinesFormat, ExitLeftFromHeader) {
    const BoardRead p = one_puzzle("#exit:left\nooooooooooooAAoooooooooooooooooooooo\n");
    EXPECT_EQ(p.board.exit, Side::Left);
}

TEST(LinesFormat, BadLinesDoNotHideTheOthers) {
    const auto items = read_boards(
        "01 ooooooooooooAAoooooooooooooooooooooo 5\n"     // 1
        "03 ooCoooooCoooAACooooooooooooooooBBoo 60\n"     // 2: 35 characters
        "03 ooCoooooCoooAA#ooooooooooooooooBBooo 60\n"    // 3: unknown character
        "this is not a puzzle at all\n"                   // 4
        "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n");  // 5
    ASSERT_EQ(items.size(), 5u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]));
    EXPECT_EQ(as_puzzle(items[0])->claimed_moves, 1);
    ASSERT_TRUE(as_error(items[1]));
    EXPECT_EQ(as_error(items[1])->line, 2);
    EXPECT_TRUE(contains(as_error(items[1])->message, "board has 35 characters"))
        << describe(items);
    ASSERT_TRUE(as_error(items[2]));
    EXPECT_EQ(as_error(items[2])->line, 3);
    EXPECT_EQ(as_error(items[2])->message, "row 3 col 3: '#' is not a cell (comments go on lines of their own)");
    ASSERT_TRUE(as_error(items[3]));
    EXPECT_EQ(as_error(items[3])->line, 4);
    EXPECT_TRUE(contains(as_error(items[3])->message, "unknown format")) << describe(items);
    ASSERT_TRUE(as_puzzle(items[4]));
    EXPECT_EQ(as_puzzle(items[4])->line, 5);
    EXPECT_EQ(as_puzzle(items[4])->claimed_moves, 3);
    EXPECT_EQ(as_puzzle(items[4])->claimed_cluster, 60u);
}

TEST(LinesFormat, RejectsAMoveCountOutOfRange) {
    const ReadError e = one_error("99999999999 ooooooooooooAAoooooooooooooooooooooo 5");
    EXPECT_EQ(e.message, "move count 99999999999 is out of range");
}

// ---------------------------------------------------------------- blocks

TEST(BlocksFormat, ReadsTheKbInput) {
    const BoardRead p = one_puzzle(kKbBlocks);
    EXPECT_EQ(p.format, "blocks");
    EXPECT_EQ(p.line, 1);
    EXPECT_EQ(p.board.width, 6);
    EXPECT_EQ(p.board.height, 6);
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.board.grid(), kKbGrid);
}

TEST(BlocksFormat, SizeAndExitFromHeaders) {
    const BoardRead p = one_puzzle("# size: 4x5\n# exit: left\n2 1 2 H\n5 4 3 V\n");
    EXPECT_EQ(p.line, 3);
    EXPECT_EQ(p.board.width, 4);
    EXPECT_EQ(p.board.height, 5);
    EXPECT_EQ(p.board.exit, Side::Left);
    EXPECT_EQ(p.board.grid(), "....\nAA..\n...B\n...B\n...B");
}

TEST(BlocksFormat, RejectsVerticalPrisoner) {
    const ReadError e = one_error("4 3 2 v\n1 1 2 h\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_TRUE(contains(e.message, "prisoner at row 3 col 3 is vertical")) << e.message;
}

TEST(BlocksFormat, RejectsOverlapNamingBothLines) {
    const ReadError e = one_error("3 1 2 h\n4 2 3 v\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "block overlaps the block of line 1 at row 3 col 2");
}

TEST(BlocksFormat, RejectsBlocksOutsideTheBoard) {
    const ReadError up = one_error("3 1 2 h\n2 1 3 v\n");
    EXPECT_EQ(up.line, 2);
    EXPECT_EQ(up.message, "block 2 1 3 v is outside the 6x6 board");
    const ReadError right = one_error("3 1 2 h\n1 6 2 h\n");
    EXPECT_EQ(right.line, 2);
    EXPECT_EQ(right.message, "block 1 6 2 h is outside the 6x6 board");
    EXPECT_EQ(one_error("3 1 2 h\n7 1 2 h\n").message, "block 7 1 2 h is outside the 6x6 board");
    EXPECT_EQ(one_error("3 0 2 h\n").message, "block 3 0 2 h is outside the 6x6 board");
    EXPECT_EQ(one_error("3 1 2147483647 h\n").message,
              "block 3 1 2147483647 h is outside the 6x6 board");
}

TEST(BlocksFormat, RejectsSingleCellBlocks) {
    const ReadError e = one_error("3 1 2 h\n1 1 1 h\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "block of length 1; movable blocks are 2 or more cells long");
}

TEST(BlocksFormat, RejectsAMalformedLine) {
    const ReadError e = one_error("3 1 2 h\n4 x 2 v\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_TRUE(contains(e.message, "row col length h|v")) << e.message;
}

TEST(BlocksFormat, SeveralListsWithOneBad) {
    const auto items = read_boards(
        std::string(kKbBlocks) + "\r\n\r\n3 1 2 h\r\n3 2 2 v\r\n\r\n" + std::string(kKbBlocks));
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_error(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_puzzle(items[0])->board.grid(), kKbGrid);
    EXPECT_EQ(as_error(items[1])->line, 10);
    EXPECT_EQ(as_error(items[1])->message, "block overlaps the block of line 9 at row 3 col 2");
    EXPECT_EQ(as_puzzle(items[2])->line, 12);
    EXPECT_EQ(as_puzzle(items[2])->board.grid(), kKbGrid);
}

// ---------------------------------------------------------------- headers

TEST(Directives, KeywordAnyCaseAndBlanksOptional) {
    EXPECT_EQ(one_puzzle("#EXIT:LEFT\n....\n..AA\n....\n....").board.exit, Side::Left);
    EXPECT_EQ(one_puzzle("  #  Exit :  Left \n....\n..AA\n....\n....").board.exit, Side::Left);
    const BoardRead p = one_puzzle("# SIZE : 5 x 4\n" + std::string(20, '.').replace(5, 2, "AA"));
    EXPECT_EQ(p.board.width, 5);
    EXPECT_EQ(p.board.height, 4);
}

TEST(Directives, ApplyOnlyToPuzzlesAfterThem) {
    const auto items = read_boards(
        "....\nAA..\n....\n....\n# exit: left\n....\n..AA\n....\n....\n"
        "#exit: right\n....\nAA..\n....\n....\n");
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_puzzle(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_puzzle(items[0])->board.exit, Side::Right);
    EXPECT_EQ(as_puzzle(items[1])->board.exit, Side::Left);
    EXPECT_EQ(as_puzzle(items[1])->line, 6);
    EXPECT_EQ(as_puzzle(items[2])->board.exit, Side::Right);
}

TEST(Directives, PlainCommentsAreIgnored) {
    const BoardRead p =
        one_puzzle("# exit left, as the size says\n# an exit strategy\n#\n....\nAA..\n....\n....");
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.line, 4);
}

TEST(Directives, BadValuesAreErrorLines) {
    const auto items = read_boards(
        "# exit: up\n# size: big\n# size: 9x9\n# size: 3x3\n"
        "ooooooooooooAAoooooooooooooooooooooo\n");
    ASSERT_EQ(items.size(), 5u) << describe(items);
    ASSERT_TRUE(as_error(items[0]) && as_error(items[1]) && as_error(items[2]) &&
                as_error(items[3]));
    EXPECT_EQ(as_error(items[0])->line, 1);
    EXPECT_EQ(as_error(items[0])->message, "the exit directive takes left or right, not 'up'");
    EXPECT_EQ(as_error(items[1])->line, 2);
    EXPECT_EQ(as_error(items[1])->message, "the size directive takes WxH such as 6x6, not 'big'");
    EXPECT_EQ(as_error(items[2])->message,
              "size 9x9 is out of range; sizes from 4x4 to 8x8 are supported");
    EXPECT_EQ(as_error(items[3])->message,
              "size 3x3 is out of range; sizes from 4x4 to 8x8 are supported");
    // The puzzle below is not read under the default size or exit.
    ASSERT_TRUE(as_error(items[4]));
    EXPECT_EQ(as_error(items[4])->line, 5);
    EXPECT_EQ(as_error(items[4])->message, "not read: the size directive on line 4 is invalid");
}

TEST(Directives, BadOnesHoldUntilAValidOneComes) {
    const std::string line = "ooooooooooooAAoooooooooooooooooooooo\n";
    const auto items = read_boards("# exit: up\n" + line + "....\nAA..\n....\n....\n\n" +
                                       "+----+\n|    |\n|AA   \n|    |\n|    |\n+----+\n" +
                                       "# exit: left\n" + line + "# size: 6\n" + line + "1 1 2 h\n" +
                                       "# size: 6x6\n" + line);
    ASSERT_EQ(items.size(), 9u) << describe(items);
    EXPECT_EQ(as_error(items[0])->line, 1);
    ASSERT_TRUE(as_error(items[1]) && as_error(items[2])) << describe(items);
    EXPECT_EQ(as_error(items[1])->line, 2);
    EXPECT_EQ(as_error(items[1])->message, "not read: the exit directive on line 1 is invalid");
    EXPECT_EQ(as_error(items[2])->line, 3);  // a grid takes the exit from the directive
    EXPECT_EQ(as_error(items[2])->message, "not read: the exit directive on line 1 is invalid");
    ASSERT_TRUE(as_puzzle(items[3])) << describe(items);  // a framed board carries its own
    EXPECT_EQ(as_puzzle(items[3])->line, 8);
    ASSERT_TRUE(as_puzzle(items[4])) << describe(items);  // a valid exit directive clears it
    EXPECT_EQ(as_puzzle(items[4])->board.exit, Side::Left);
    EXPECT_EQ(as_error(items[5])->line, 16);
    ASSERT_TRUE(as_error(items[6]) && as_error(items[7])) << describe(items);
    EXPECT_EQ(as_error(items[6])->line, 17);  // a database line and a block list take the size
    EXPECT_EQ(as_error(items[6])->message, "not read: the size directive on line 16 is invalid");
    EXPECT_EQ(as_error(items[7])->line, 18);
    EXPECT_EQ(as_error(items[7])->message, "not read: the size directive on line 16 is invalid");
    ASSERT_TRUE(as_puzzle(items[8])) << describe(items);
    EXPECT_EQ(as_puzzle(items[8])->line, 20);
    EXPECT_EQ(as_puzzle(items[8])->board.exit, Side::Left);
}

TEST(Directives, ACommentEndsAPuzzle) {
    const auto items = read_boards("....\nAA..\n# between\n....\n....\n");
    ASSERT_EQ(items.size(), 2u) << describe(items);
    ASSERT_TRUE(as_error(items[0]) && as_error(items[1])) << describe(items);
    EXPECT_EQ(as_error(items[0])->line, 1);
    EXPECT_EQ(as_error(items[1])->line, 4);
}

// ---------------------------------------------------------------- bad input

TEST(BadInput, BinaryWithNul) {
    const ReadError e = one_error(std::string("PK\x03\x04\0\0\0\0....\nAA..\n", 16));
    EXPECT_EQ(e.line, 0);
    EXPECT_EQ(e.message, "binary data, not a board file");
}

// Pictures slidedb does not read are named by their magic bytes.
TEST(BadInput, PicturesOfOtherKindsAreNamed) {
    const std::pair<std::string, std::string> pictures[] = {
        {std::string("GIF87a\x10\0\x10\0\0\0\0", 13), "GIF"},
        {std::string("RIFF\x20\0\0\0WEBPVP8 \0\0\0\0", 20), "WebP"},
        {std::string("\0\0\0\x1c" "ftypavif\0\0\0\0", 16), "AVIF"},
        {std::string("MM\0*\0\0\0\x08\0\0", 10), "TIFF"},
        {std::string("BM\x46\0\0\0\0\0\0\0\x36\0\0\0", 14), "BMP"},
    };
    for (const auto& [bytes, kind] : pictures) {
        const ReadError e = one_error(bytes);
        EXPECT_EQ(e.line, 0) << kind;
        EXPECT_EQ(e.message, (kind == "AVIF" ? "an " : "a ") + kind +
                                 " picture, not a board file; screenshots are read as PNG or JPEG only");
        // Cut short anywhere, a picture's magic is never read past the bytes
        // there are: an error each time (binary, or text that is no board).
        for (std::size_t n = 1; n < bytes.size(); ++n)
            EXPECT_FALSE(one_error(bytes.substr(0, n)).message.empty()) << kind << " cut to " << n;
    }
}

TEST(BadInput, RandomBytesWithoutNul) {
    std::string bytes;
    std::uint32_t x = 12345;
    for (int i = 0; i < 4000; ++i) {
        x = x * 1664525u + 1013904223u;
        bytes += static_cast<char>((x >> 24) | 1);  // never NUL
    }
    const ReadError e = one_error(bytes);
    EXPECT_EQ(e.line, 0);
    EXPECT_EQ(e.message, "binary data, not a board file");
}

TEST(BadInput, Utf8CommentsAreText) {
    const BoardRead p = one_puzzle("# Übung — Rätsel «leicht» ✓\n....\nAA..\n....\n....\n");
    EXPECT_EQ(p.line, 2);
}

TEST(BadInput, OversizedFile) {
    const ReadError e = one_error(std::string(kMaxBoardFileBytes + 1, '\0'));
    EXPECT_EQ(e.line, 0);
    EXPECT_TRUE(contains(e.message, std::to_string(kMaxBoardFileBytes + 1) + " bytes"))
        << e.message;
}

TEST(BadInput, OversizedLineIsSkipped) {
    const std::string long_line(kMaxLineBytes + 1, 'o');
    const auto items =
        read_boards("....\nAA..\n....\n....\n\n" + long_line + "\n\n....\nAA..\n....\n....\n");
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_error(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_error(items[1])->line, 6);
    EXPECT_EQ(as_error(items[1])->message,
              "line is 4097 bytes long; lines over 4096 bytes are not read");
    EXPECT_EQ(as_puzzle(items[2])->line, 8);
}

TEST(BadInput, OversizedLineInsideAGridDropsThatGridOnly) {
    // Without the unread row the rest would still make a valid 4x3 board.
    const std::string long_row(kMaxLineBytes + 10, '.');
    const auto items =
        read_boards("....\nAA..\n" + long_row + "\n....\n\n....\nAA..\n....\n....\n");
    ASSERT_EQ(items.size(), 2u) << describe(items);
    ASSERT_TRUE(as_error(items[0]) && as_puzzle(items[1])) << describe(items);
    EXPECT_EQ(as_error(items[0])->line, 3);
    EXPECT_TRUE(contains(as_error(items[0])->message, "4106 bytes")) << describe(items);
}

TEST(BadInput, OversizedLineAmongDatabaseLines) {
    const std::string board = "ooooooooooooAAoooooooooooooooooooooo";
    const auto items = read_boards(board + "\n" + std::string(5000, 'o') + "\n" + board + "\n");
    ASSERT_EQ(items.size(), 3u) << describe(items);
    ASSERT_TRUE(as_puzzle(items[0]) && as_error(items[1]) && as_puzzle(items[2]))
        << describe(items);
    EXPECT_EQ(as_error(items[1])->line, 2);
    EXPECT_EQ(as_puzzle(items[2])->line, 3);
}

TEST(BadInput, EmptyFile) {
    for (std::string_view text :
         {"", "\n\n  \r\n", "# nothing here\n# exit: left\n", "\xEF\xBB\xBF"}) {
        const ReadError e = one_error(text);
        EXPECT_EQ(e.line, 0);
        EXPECT_EQ(e.message, "no puzzle in file");
    }
}

TEST(BadInput, UnknownFormatGivesOneErrorAndAHint) {
    const auto items =
        read_boards("Hello there, this is\na letter, not a board.\n\n....\nAA..\n....\n....\n");
    ASSERT_EQ(items.size(), 2u) << describe(items);
    ASSERT_TRUE(as_error(items[0]) && as_puzzle(items[1])) << describe(items);
    EXPECT_EQ(as_error(items[0])->line, 1);
    const std::string& m = as_error(items[0])->message;
    EXPECT_TRUE(m.starts_with("unknown format (lines 1-2): expected")) << m;
    EXPECT_TRUE(contains(m, "MOVES BOARD CLUSTER")) << m;
    EXPECT_TRUE(contains(m, "row col length h|v")) << m;
    EXPECT_EQ(as_puzzle(items[1])->line, 4);
}

// ---------------------------------------------------------------- reference files

TEST(ReferenceFiles, KbInput) {
    const BoardRead p = one_puzzle(file_text("kb_input.txt"));
    EXPECT_EQ(p.format, "blocks");
    EXPECT_EQ(p.board.grid(), kKbGrid);
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.board, board_from_grid({"...F..", "...FG.", "BAAFG.", "BD....", "CD....", "C.EE.."},
                                       Side::Right));
}

TEST(ReferenceFiles, FgReadmeExample) {
    const BoardRead p = one_puzzle(file_text("fg_README_example.txt"));
    EXPECT_EQ(p.format, "grid");
    EXPECT_EQ(p.board.grid(), kReadmeGrid);
    EXPECT_EQ(p.board.exit, Side::Right);
}

TEST(ReferenceFiles, YbExpert0001) {
    const BoardRead p = one_puzzle(file_text("yb_expert_0001.txt"));
    EXPECT_EQ(p.format, "framed");
    EXPECT_EQ(p.board.grid(), kYbGrid);
    EXPECT_EQ(p.board.exit, Side::Right);
    EXPECT_EQ(p.board.exit_row(), 2);
}

TEST(ReferenceFiles, RushSample) {
    const auto items = read_boards(file_text("rush_sample.txt"));
    ASSERT_EQ(items.size(), 302u);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const BoardRead* p = as_puzzle(items[i]);
        ASSERT_TRUE(p) << "line " << i + 1 << ": " << as_error(items[i])->message;
        EXPECT_EQ(p->line, static_cast<int>(i) + 1);
        EXPECT_EQ(p->format, "lines");
        EXPECT_TRUE(p->claimed_moves && p->claimed_cluster);
    }
    const BoardRead& first = std::get<BoardRead>(items[0]);
    EXPECT_EQ(first.claimed_moves, 1);
    EXPECT_EQ(first.claimed_cluster, 5u);
    EXPECT_EQ(first.board.grid(), "......\n......\nAA....\n......\n......\n......");
}

TEST(ReferenceFiles, Rush18k) {
    const std::string text = file_text("rush_18k.txt");
    const auto start = std::chrono::steady_clock::now();
    const auto items = read_boards(text);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    ASSERT_EQ(items.size(), 18068u);
    std::size_t puzzles = 0;
    for (const BoardItem& item : items) puzzles += as_puzzle(item) != nullptr;
    EXPECT_EQ(puzzles, 18068u);
    RecordProperty("parse_seconds", std::to_string(took.count()));
}

// ---------------------------------------------------------------- across formats

TEST(CrossFormat, SameBoardSameKey) {
    const std::string grid = one_puzzle(kKbReadme).board.key();
    EXPECT_EQ(grid, "unblock 6x6 right ...B../...BC./DAABC./DE..../FE..../F.GG..");
    EXPECT_EQ(one_puzzle(kKbLine).board.key(), grid);
    EXPECT_EQ(one_puzzle(kKbBlocks).board.key(), grid);
    EXPECT_EQ(one_puzzle(kKbFramed).board.key(), grid);
    EXPECT_EQ(
        one_puzzle(". . . F . .\n. . . F G .\nB A A F G .\nB D . . . .\nC D . . . .\nC . E E . .")
            .board.key(),
        grid);
}

}  // namespace
}  // namespace slidedb
