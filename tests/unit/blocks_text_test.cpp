// Moves of the `blocks` family as text, replays, and the board drawn for
// people and for the HTML report.
#include <gtest/gtest.h>

#include <string>

#include "families/blocks/format.h"
#include "families/blocks/svg.h"
#include "families/blocks/text.h"

namespace slidedb::blocks {
namespace {

Board read_ok(const std::string& text) {
    auto r = read_start_goal(text);
    EXPECT_TRUE(std::holds_alternative<ReadBoard>(r));
    return std::get<ReadBoard>(r).board;
}

// A in the top-left corner must go round the wall to the bottom-left.
const char* kCorner = "start\n#####\n#A..#\n###.#\n#...#\n#####\ngoal\n#####\n#...#\n###.#\n#A..#\n#####\n";

TEST(BlocksText, WritesAMoveAsRunsOfItsWay) {
    const Board b = read_ok(kCorner);
    EXPECT_EQ(way_to(b, 0, Cell{3, 1}), "RRDDLL");
    EXPECT_EQ(move_text(b, Move{{1, 1}, {3, 1}, 6}), "AR2D2L2");
    EXPECT_THROW(move_text(b, Move{{2, 2}, {3, 1}, 1}), MoveError);
}

TEST(BlocksText, ReplaysToTheGoal) {
    const Board b = read_ok(kCorner);
    const std::vector<Board> boards = replay(b, "AR2D2 AL2");
    ASSERT_EQ(boards.size(), 3u);
    EXPECT_FALSE(boards[1].at_goal());
    EXPECT_TRUE(boards[2].at_goal());
    EXPECT_EQ(board_text(boards[1]), "  #####\n  #...#\n  ###.#\n  #+.A#\n  #####\n");
}

TEST(BlocksText, RefusesMovesThatDoNotFit) {
    const Board b = read_ok(kCorner);
    EXPECT_THROW(play(b, "AD1"), MoveError);   // into the wall
    EXPECT_THROW(play(b, "BR1"), MoveError);   // no piece B
    EXPECT_THROW(play(b, "AX1"), MoveError);   // no direction X
    EXPECT_THROW(play(b, "AR"), MoveError);    // no count
    EXPECT_THROW(play(b, "A"), MoveError);     // no way at all
    EXPECT_THROW(play(b, "AR0"), MoveError);
    const Board two = read_ok("start\nAB.\ngoal\n.A.\n");
    EXPECT_THROW(play(two, "AR1"), MoveError);  // into another piece
    EXPECT_EQ(play(two, "BR1").start_grid(), "A.B");
}

TEST(BlocksText, DrawsPiecesAsGroupsThePlayerCanMove) {
    const Board b = read_ok("start\nAA.\nA.B\ngoal\n.AA\n.A.\n");
    const std::string svg = board_svg(b, 7, 20);
    EXPECT_NE(svg.find("aria-label=\"board of puzzle 7\""), std::string::npos);
    EXPECT_NE(svg.find("<g class=\"block prisoner\" data-label=\"A\" data-row=\"0\" data-col=\"0\""), std::string::npos);
    EXPECT_NE(svg.find("<g class=\"block\" data-label=\"B\" data-row=\"1\" data-col=\"2\""), std::string::npos);
    EXPECT_NE(svg.find("class=\"goal\""), std::string::npos);
}

}  // namespace
}  // namespace slidedb::blocks
