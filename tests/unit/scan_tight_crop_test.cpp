// Small pictures cropped tight round the board (issue 20): the frame cut
// a few pixels beyond the tray, or kept only as a thin strip a mark runs
// along. Each is a picture of the small, cropped, marked corpus
// (scan_marked_corpus_test.cpp, seed 20261125) that the scanner once
// refused, kept in tests/data/screenshots-marked (see SOURCES.md), and is
// read exactly; a board not 6x6 cut across its odd side is refused since
// the game's boards are 6x6, and the refusal's count checks the lattice.
// Two pictures made here check that a row the picture cuts through is
// still refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "families/unblock/board.h"
#include "families/unblock/draw/render.h"
#include "families/unblock/scan/screenshot.h"
#include "image/encode.h"
#include "image/image.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

std::string stored(const std::string& name) {
    return corpus::read_bytes(std::string(SLIDEDB_TEST_DATA) + "/screenshots-marked/" + name);
}

// Reads `file` and checks its board is `rows` with the exit on the
// prisoner's row, on side `exit` when the scanner saw it (`seen`; else the
// exit is assumed).
void expect_board(const std::string& file, const std::vector<std::string>& rows, Side exit, bool seen) {
    auto r = scan_screenshot(stored(file));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << file << ": " << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    const Board expected = board_from_grid(rows, exit);
    EXPECT_EQ(res.board.grid(), expected.grid()) << file;
    EXPECT_EQ(res.board.exit_row(), expected.exit_row()) << file;
    EXPECT_EQ(res.exit_seen, seen) << file;
    if (seen) {
        EXPECT_EQ(res.board.exit, exit) << file;
    }
}

// A board not 6x6 whose frame the picture cuts off across its odd side:
// from the picture alone it may be a 6x6 board cut a row or column short,
// so it is refused, and the refusal counts the rows or columns the lattice
// found (`count`: "at the top and 4 rows show"), which checks the lattice.
void expect_size_refused(const std::string& file, const std::string& count) {
    auto r = scan_screenshot(stored(file));
    ASSERT_TRUE(std::holds_alternative<ScanError>(r)) << file;
    const std::string& message = std::get<ScanError>(r).message;
    EXPECT_NE(message.find("the picture cuts off the frame " + count + "; the game's boards are 6x6"),
              std::string::npos)
        << file << ": " << message;
}

// 4x4, the picture ending 0.02 cell beyond the tray on the left and 0.01
// on the right: the first fit's pitch (the prisoner's) put the right
// line two pixels past the border. The gaps between the blocks give the
// lattice to a fraction of a pixel.
TEST(ScanTightCrop, LatticeFromTheGapsPutsTheLastColumnInside) {
    expect_size_refused("tight_cut_left_right.jpg", "at the top and 4 rows show");
}

// 8x8 at 21 px a cell, cut 0.05 cell beyond the tray at the left and the
// bottom.
TEST(ScanTightCrop, LatticeFromTheGapsOnASmallBoardCutAtTwoSides) {
    expect_size_refused("tight_cut_bottom_left.jpg", "at the bottom and 8 rows show");
}

// 8x7 at 21 px a cell, cut 0.09 cell beyond the tray at the right, a red
// rectangle round the board: the first fits' pitches are 5 % and more
// off. Refined from the gaps near the prisoner, then again from those the
// better lattice reaches, the lattice fits the whole board.
TEST(ScanTightCrop, LatticeFromTheGapsTwiceWhenTheFirstFitIsFarOff) {
    expect_size_refused("pitch_off_cut_right.jpg", "on the right and 8 columns show");
}

// A red rectangle drawn round the board on the thin strip of frame the
// crop keeps at the left, and at the picture's border: what shows of the
// frame between the tray and the mark is light and not wood. The frame
// closed at the left puts the exit on the right, which the crop cuts off.
TEST(ScanTightCrop, RectangleOverAThinFrameHidesNoWood) {
    expect_board("rectangle_over_thin_frame.jpg", {"BB...C", "DDE.xC", "FGEAA.", "FGE.H.", "..IIH.", "JJKKKx"},
                 Side::Right, true);
}

// The current look's strip between the tray and the header panel, a
// tenth of a cell thin at 22 px a cell.
TEST(ScanTightCrop, ThinStripUnderTheHeaderIsTheTopEdge) {
    expect_board("thin_strip_under_header.png",
                 {"BBCCC.AA", ".D.EE..F", ".DxG.HHF", "IJKG..LM", "IJKNN.LM", "OPP..Q..", "OxRRRQST", "O.UUx.ST"},
                 Side::Left, true);
}

// Cherry wood at 23 px a cell, a block against the top of the tray: the
// frame's groove blurred into the block's rim is dark, though redder than
// the floor.
TEST(ScanTightCrop, CherryGrooveAgainstABlockIsTheEdge) {
    expect_board("cherry_groove_block_at_top.jpg",
                 {"BB.CDD.E", ".FFCGH.E", "...CGH..", "IIJ.G.KK", "LMJNNOO.", "LMAA..PP", "L..QQQ..", "L....RR."},
                 Side::Left, true);
}

// A dark red prisoner against the left side, which the picture cuts 0.11
// cell beyond the tray: its end shows in its red, not in its luma.
TEST(ScanTightCrop, DarkPrisonerShowsItsEndAtACutSide) {
    expect_size_refused("dark_prisoner_at_cut_side.jpg", "at the bottom and 7 rows show");
}

// Two columns of blocks at the left whose seams line up, the frame beyond
// them: the side is walked on past wood until the frame shows.
TEST(ScanTightCrop, ColumnsOfBlocksAreWalkedPast) {
    expect_size_refused("columns_of_blocks_left.jpg", "at the top and 7 rows show");
}

// The board drawn in its frame at about 40 px a cell, the picture then
// cut through its first column at `cut` of a cell (through the prisoner's
// row or not): never read as a board one column short.
std::string cut_through_first_column(const Board& board, double cut) {
    RenderOptions opt;
    opt.theme = Theme::Pale;
    opt.seed = 3;
    opt.gap = 0.07;
    BoardBox lay;
    const Image full = render_board(board, opt, 300, 300, &lay);
    const int x0 = lay.x + static_cast<int>(cut * lay.cell_px);
    Image shot(full.width - x0, full.height);
    for (int y = 0; y < full.height; ++y)
        std::copy(full.px(x0, y), full.px(x0, y) + 3 * shot.width, shot.px(0, y));
    return encode_png(shot);
}

TEST(ScanTightCrop, ColumnCutInPartIsNotReadAsABoard) {
    const Board prisoner_cut =
        board_from_grid({"B.....", "B.CC..", "AA..D.", "....D.", "EEE...", "......"}, Side::Right);
    const Board blocks_cut =
        board_from_grid({"B.....", "B.CC..", ".AA.D.", "....D.", "EEE...", "......"}, Side::Right);
    for (const Board& board : {prisoner_cut, blocks_cut})
        for (const double cut : {0.3, 0.5, 0.7}) {
            auto r = scan_screenshot(cut_through_first_column(board, cut));
            if (auto* res = std::get_if<ScanResult>(&r))
                ADD_FAILURE() << "cut " << cut << " of\n" << board.grid() << "read as\n" << res->board.grid();
        }
}

}  // namespace
}  // namespace slidedb
