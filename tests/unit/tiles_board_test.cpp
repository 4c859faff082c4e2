#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "families/tiles/board.h"
#include "families/tiles/format.h"
#include "families/tiles/moves.h"

using namespace slidedb::tiles;

namespace {

TilePuzzle puzzle(const TileItem& item) {
    if (const auto* e = std::get_if<TileReadError>(&item)) ADD_FAILURE() << e->line << ": " << e->message;
    return std::get<TilePuzzle>(item);
}

std::string error(const TileItem& item) {
    const auto* e = std::get_if<TileReadError>(&item);
    if (!e) return "(no error)";
    return std::to_string(e->line) + ": " + e->message;
}

}  // namespace

TEST(TilesBoard, TextAndGoals) {
    EXPECT_EQ(board_text(blank_last_goal(3, 3)), "1 2 3 / 4 5 6 / 7 8 0");
    EXPECT_EQ(board_text(blank_first_goal(2, 3)), "0 1 / 2 3 / 4 5");
    EXPECT_EQ(board_picture(parse_board("1 2 3 / 4 0 6 / 7 5 8")), "1 2 3\n4 . 6\n7 5 8\n");
}

TEST(TilesBoard, ParityDecidesReachability) {
    const TileBoard goal = parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0");
    EXPECT_FALSE(reachable(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0"), goal));
    EXPECT_TRUE(reachable(parse_board("0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1"), goal));
    EXPECT_TRUE(reachable(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15"), goal));
    // A tile and the blank swapped across a row: two moves' worth of parity short.
    EXPECT_FALSE(reachable(parse_board("1 2 3 4 / 5 6 7 8 / 9 10 11 0 / 13 14 12 15"), goal));
    const TileBoard korf_goal = blank_first_goal(4, 4);
    EXPECT_TRUE(reachable(parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"), korf_goal));
    EXPECT_EQ(std::string(kParityReason),
              "the goal is out of reach: the arrangement and the goal have opposite parity, and moves keep it");
}

TEST(TilesBoard, ClusterSizeByFormula) {
    EXPECT_EQ(cluster_size(3, 3), 181440u);
    EXPECT_EQ(cluster_size(4, 4), 10461394944000u);
    EXPECT_EQ(cluster_size_text(5, 5), "7755605021665492992000000");
}

TEST(TilesFormat, ReadsGridsWithEveryBlankMark) {
    const auto items = read_tiles_text("1 2 3\n4 . 6\n7 5 8\n\n1 2 3\n4 _ 6\n7 5 8\n\n1 2 3\n4 0 6\n7 5 8\n");
    ASSERT_EQ(items.size(), 3u);
    for (const auto& item : items) {
        const TilePuzzle p = puzzle(item);
        EXPECT_EQ(board_text(p.board), "1 2 3 / 4 0 6 / 7 5 8");
        EXPECT_EQ(board_text(p.goal), "1 2 3 / 4 5 6 / 7 8 0");
        EXPECT_EQ(p.format, "grid");
    }
    EXPECT_EQ(puzzle(items[1]).line, 5);
}

TEST(TilesFormat, ReadsKorfLinesWithTheGoalSentence) {
    std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/tiles/korf100.txt");
    std::stringstream text;
    text << in.rdbuf();
    const auto items = read_tiles_text(text.str());
    ASSERT_EQ(items.size(), 100u);
    int sum = 0;
    for (const auto& item : items) {
        const TilePuzzle p = puzzle(item);
        EXPECT_EQ(board_text(p.goal), "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15");
        EXPECT_TRUE(reachable(p.board, p.goal));
        sum += *p.claimed_moves;
    }
    EXPECT_EQ(sum, 5305);
    const TilePuzzle first = puzzle(items[0]);
    EXPECT_EQ(first.id, "1");
    EXPECT_EQ(first.line, 5);
    EXPECT_EQ(first.format, "lines");
    EXPECT_EQ(board_text(first.board), "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3");
}

TEST(TilesFormat, GoalDirectives) {
    const auto items = read_tiles_text(
        "# goal: blank first\n3 1\n2 0\n\n# goal: blank last\n1 2 / 3 0\n# goal: 1 2 3 / 8 0 4 / 7 6 5\n"
        "1 2 3 / 8 4 0 / 7 6 5\n");
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(board_text(puzzle(items[0]).goal), "0 1 / 2 3");
    EXPECT_EQ(board_text(puzzle(items[1]).goal), "1 2 / 3 0");
    EXPECT_EQ(board_text(puzzle(items[2]).goal), "1 2 3 / 8 0 4 / 7 6 5");
}

TEST(TilesFormat, NamesEachProblemWithItsLine) {
    EXPECT_EQ(error(read_tiles_text("1 2 3\n4 5 3\n7 8 0\n")[0]), "2: tile 3 appears twice and tile 6 is missing");
    EXPECT_EQ(error(read_tiles_text("1 2 3\n4 0 6\n7 8 0\n")[0]), "3: two blanks");
    EXPECT_EQ(error(read_tiles_text("\n1 2 3\n4 5\n7 8 0 6\n")[0]), "3: ragged rows: row 2 has 2 tiles, row 1 has 3");
    EXPECT_EQ(error(read_tiles_text("1 2 3\n4 9 6\n7 8 0\n")[0]), "2: tile 9 does not fit a 3x3 board (tiles 1 to 8)");
    EXPECT_EQ(error(read_tiles_text("# goal: 1 2 / 3 0\n1 2 3 / 4 5 6 / 7 8 0\n")[0]),
              "2: the goal on line 1 is 2x2, this board is 3x3");
    EXPECT_EQ(error(read_tiles_text("1 2 3\n4 x 6\n7 8 0\n")[0]), "2: 'x' is not a tile number");
    EXPECT_EQ(error(read_tiles_text("# goal: 1 1 / 3 0\n")[0]), "1: goal: tile 1 appears twice and tile 2 is missing");
    EXPECT_EQ(error(read_tiles_text("7 57 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n")[0]),
              "1: 17 cells make no square board; say its shape with '# size: WxH'");
    // A row of a grid wider than 5x5 is said to be one, not read as a named 2x2.
    EXPECT_EQ(error(read_tiles_text("1 2 3 4 5 6\n7 8 9 10 11 12\n")[1]),
              "2: 6 tiles on a line: a row of a 6x6 board? Boards are read up to 5x5 (a whole board on one line has "
              "4, 9, 16 or 25 tiles, after an optional name and move count)");
    EXPECT_EQ(error(read_tiles_text("1 2 3 4 5 6 7 0\n")[0]).substr(0, 27), "1: 8 tiles on a line: a row");
    // One bad puzzle does not hide the next.
    const auto items = read_tiles_text("1 2 3 / 4 4 6 / 7 8 0\n1 2 3 / 4 5 6 / 7 0 8\n");
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(board_text(puzzle(items[1]).board), "1 2 3 / 4 5 6 / 7 0 8");
}

TEST(TilesFormat, SizeDirectiveShapesFlatLines) {
    const auto items = read_tiles_text("# size: 3x2\nA 3 1 2 3 4 0 5\n");
    const TilePuzzle p = puzzle(items.at(0));
    EXPECT_EQ(board_text(p.board), "1 2 3 / 4 0 5");
    EXPECT_EQ(*p.claimed_moves, 3);
    EXPECT_EQ(p.id, "A");
}

TEST(TilesFormat, RowsGiveTheShapeOfALine) {
    // What `generate` writes for boards that are not square, named or not.
    const auto items = read_tiles_text("t0c077457 12 2 3 4 0 / 1 7 10 8 / 5 9 6 11\n1 2 3 / 4 0 5\n1 2 / 3 4 / 0 5\n");
    ASSERT_EQ(items.size(), 3u);
    const TilePuzzle named = puzzle(items[0]);
    EXPECT_EQ(board_text(named.board), "2 3 4 0 / 1 7 10 8 / 5 9 6 11");
    EXPECT_EQ(named.id, "t0c077457");
    EXPECT_EQ(*named.claimed_moves, 12);
    EXPECT_EQ(board_text(puzzle(items[1]).board), "1 2 3 / 4 0 5");
    EXPECT_FALSE(puzzle(items[1]).claimed_moves);
    EXPECT_EQ(board_text(puzzle(items[2]).board), "1 2 / 3 4 / 0 5");
}

TEST(TilesFormat, BadDirectivesLeaveThePuzzlesBelowUnread) {
    // Read under the default, they would be other puzzles; a valid directive
    // of the same kind lifts it. Blanks may stand around the colon.
    const auto items = read_tiles_text(
        "# goal: blank frist\n1 2 3\n4 5 6\n7 8 0\n\n# goal : blank first\n1 2 3 / 4 5 6 / 7 8 0\n"
        "# size: 9x9\n1 2 3 4 5 6 7 0 8\n# Size : 3x3\n1 2 3 4 5 6 7 0 8\n");
    ASSERT_EQ(items.size(), 6u);
    EXPECT_EQ(error(items[0]), "1: goal 'blank frist' is neither a board nor 'blank first' / 'blank last'");
    EXPECT_EQ(error(items[1]), "2: not read: the goal directive on line 1 is invalid");
    EXPECT_EQ(board_text(puzzle(items[2]).goal), "0 1 2 / 3 4 5 / 6 7 8");
    EXPECT_EQ(error(items[3]), "8: size '9x9' is not WxH with sides from 2 to 5");
    EXPECT_EQ(error(items[4]), "9: not read: the size directive on line 8 is invalid");
    EXPECT_EQ(board_text(puzzle(items[5]).board), "1 2 3 / 4 5 6 / 7 0 8");
}

TEST(TilesFormat, RecognisesTilesText) {
    EXPECT_TRUE(looks_like_tiles("# c\n1 2 3\n4 . 6\n7 5 8\n"));
    EXPECT_TRUE(looks_like_tiles("1 2 3\n4 5 6\n7 0 8\n\n1 2 3\n4 5 6\n7 0 B\n"));  // most lines: one mistyped
    EXPECT_FALSE(looks_like_tiles("1 2 3\nAA....\n"));
    EXPECT_FALSE(looks_like_tiles("AA.B..\n......\n"));
    EXPECT_TRUE(looks_like_tiles("# size: 4x2\nfirst 1 1 0 2 3 4 5 6 7\n"));
    EXPECT_FALSE(looks_like_tiles("# only a comment\n"));
}

TEST(TilesMoves, TextRoundTripAndReplay) {
    const TileBoard start = parse_board("1 2 3 / 4 0 6 / 7 5 8");
    const std::vector<TileMove> moves{move_toward(start, Direction::Down),
                                      move_toward(apply_move(start, move_toward(start, Direction::Down)),
                                                  Direction::Right)};
    EXPECT_EQ(moves_text(moves), "5D 8R");
    EXPECT_EQ(blank_path(moves), "DR");
    EXPECT_EQ(parse_moves("5D 8R"), moves);
    EXPECT_EQ(replay(start, moves), blank_last_goal(3, 3));
    EXPECT_THROW(apply_move(start, TileMove{3, Direction::Up}), TileError);
    EXPECT_THROW(parse_moves("5X"), TileError);
}
