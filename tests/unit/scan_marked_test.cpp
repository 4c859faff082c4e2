// Three kinds of picture found in the wild, made again with slidedb's
// renderer (tests/data/screenshots-marked, see tests/data/SOURCES.md): a
// small phone screenshot whose frame the picture cuts at the left and
// right, a guide's figure with a rectangle, words and a caption drawn over
// it, and a crop of the board alone with red pen strokes over the blocks.
// Each is read exactly; the files are the ones these functions make.
//
// SLIDEDB_MARKED_WRITE=DIR writes the pictures made here to DIR.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/canvas.h"
#include "image/encode.h"
#include "image/image.h"
#include "families/unblock/scan/screenshot.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

std::string marked(const std::string& name) {
    return corpus::read_bytes(std::string(SLIDEDB_TEST_DATA) + "/screenshots-marked/" + name);
}

// The board of `rows` drawn in `theme` (exit right), `w` x `h` pixels.
Image drawn(const std::vector<std::string>& rows, Theme theme, std::uint32_t seed, int w, int h, BoardBox* lay,
            bool frame = true) {
    RenderOptions opt;
    opt.theme = theme;
    opt.seed = seed;
    opt.gap = 0.07;
    opt.frame = frame;
    return render_board(board_from_grid(rows, Side::Right), opt, w, h, lay);
}

Image crop(const Image& im, int x0, int y0, int x1, int y1) {
    Image out(x1 - x0, y1 - y0);
    for (int y = y0; y < y1; ++y) std::copy(im.px(x0, y), im.px(x0, y) + 3 * out.width, out.px(0, y - y0));
    return out;
}

// 200x356 JPEG: the game's first look in light wood with its header and
// buttons, the board filling the width: two pixels of frame at the left,
// none at the right (the exit's side).
const std::vector<std::string> kPhoneRows = {"..CDDD", "B.CEFF", "BAAEG.", ".H..GJ", ".HIIGJ", ".KKLL."};

std::string phone_cut_sides() {
    BoardBox lay;
    const Image full = drawn(kPhoneRows, Theme::Pale, 4, 400, 712, &lay);
    // Keep 0.06 cell beyond the tray on the left, nothing on the right.
    const int x0 = lay.x - static_cast<int>(0.06 * lay.cell_px), x1 = lay.x + lay.w;
    const int h = (x1 - x0) * 356 / 200;
    const int y0 = std::max(0, lay.y + lay.h / 2 - h * 55 / 100);
    const Image shot = resize_image(crop(full, x0, y0, x1, std::min(full.height, y0 + h)), 200, 356);
    return encode_jpeg(shot, 72);
}

// 275x396 PNG: the current look with a green rectangle drawn round the
// board, "Board" and "Escape" written in the margins, "prisoner" on the
// prisoner, and a caption over the buttons.
const std::vector<std::string> kGuideRows = {"B.CDDD", "B.CE..", "BAAE.F", "GGHH.F", "IIJJ.F", "......"};

std::string guide_annotated() {
    BoardBox lay;
    Image shot = drawn(kGuideRows, Theme::Current, 11, 275, 396, &lay);
    const double p = lay.cell_px;
    const Rgb green{40, 170, 70}, blue{40, 90, 220}, white{250, 250, 245};
    const int d = static_cast<int>(0.2 * p);
    stroke_rect(shot, lay.x - d, lay.y - d, lay.x + lay.w + d, lay.y + lay.h + d, green, 3);
    draw_text(shot, lay.x + 0.1 * p, lay.y - d - 12, "Board", 1.3, blue);
    draw_text(shot, lay.x + lay.w - text_width("Escape", 1.2), lay.y + 1.45 * p, "Escape", 1.2, blue);
    draw_text(shot, lay.x + 1.15 * p, lay.y + 2.35 * p, "prisoner", 1.1, white);
    draw_text(shot, lay.x, lay.y + lay.h + 0.45 * p, "Slide the red block out", 1.2, blue);
    return encode_png(shot);
}

// 393x392 PNG: the board alone, cropped edge to edge, with strokes of a
// red pen over three blocks.
const std::vector<std::string> kPenRows = {".B....", ".B..C.", "AAD.C.", "..D...", "E..FFF", "E....."};

std::string crop_red_pen() {
    Image shot = drawn(kPenRows, Theme::Orange, 7, 393, 392, nullptr, false);
    const Rgb pen{215, 25, 30};
    const double p = 393.0 / 6;
    auto stroke = [&](std::vector<std::pair<double, double>> pts) {
        for (size_t k = 1; k < pts.size(); ++k)
            draw_line(shot, pts[k - 1].first * p, pts[k - 1].second * p, pts[k].first * p, pts[k].second * p, 3.5, pen);
    };
    stroke({{1.2, 0.3}, {1.5, 0.8}, {1.3, 1.3}, {1.7, 1.7}});          // down block B
    stroke({{4.3, 1.4}, {4.7, 1.9}, {4.4, 2.5}});                      // over block C
    stroke({{3.3, 4.5}, {4.2, 4.35}, {5.1, 4.6}, {5.7, 4.4}});         // along block F
    stroke({{2.25, 2.2}, {2.8, 2.25}, {2.75, 3.8}, {2.2, 3.75}, {2.25, 2.2}});  // a loop round D
    return encode_png(shot);
}

struct Made {
    const char* file;
    std::string (*make)();
    std::vector<std::string> rows;
    Side exit;
};

const Made kMade[] = {
    {"phone_cut_sides.jpg", phone_cut_sides, kPhoneRows, Side::Right},
    {"guide_annotated.png", guide_annotated, kGuideRows, Side::Right},
    {"crop_red_pen.png", crop_red_pen, kPenRows, Side::Right},
};

TEST(ScanMarked, StoredPicturesAreTheOnesMadeHere) {
    const char* dir = std::getenv("SLIDEDB_MARKED_WRITE");
    for (const Made& m : kMade) {
        const std::string bytes = m.make();
        if (dir) std::ofstream(std::string(dir) + "/" + m.file, std::ios::binary) << bytes;
        EXPECT_EQ(bytes, marked(m.file)) << m.file;
    }
}

TEST(ScanMarked, PhoneScreenshotWithTheFrameCutAtLeftAndRight) {
    auto r = scan_screenshot(marked("phone_cut_sides.jpg"));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.board.grid(), board_from_grid(kPhoneRows, Side::Right).grid());
    EXPECT_EQ(res.board.exit, Side::Right);
    EXPECT_EQ(res.board.exit_row(), 2);
    // Two pixels of frame at the left, none at the right: no opening can
    // show, and the exit is assumed on the right.
    EXPECT_FALSE(res.exit_seen);
    EXPECT_EQ(res.image_width, 200);
    EXPECT_EQ(res.image_height, 356);
    EXPECT_NEAR(res.box.w / res.box.cell_px, 6.0, 0.05);
}

TEST(ScanMarked, GuideFigureWithRectangleWordsAndCaption) {
    auto r = scan_screenshot(marked("guide_annotated.png"));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.board.grid(), board_from_grid(kGuideRows, Side::Right).grid());
    EXPECT_EQ(res.board.exit_row(), 2);
    EXPECT_TRUE(res.exit_seen);
}

TEST(ScanMarked, CropWithRedPenStrokes) {
    auto r = scan_screenshot(marked("crop_red_pen.png"));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.board.grid(), board_from_grid(kPenRows, Side::Right).grid());
    EXPECT_FALSE(res.exit_seen);
}

// The board, unframed at 60 pixels a cell, with blue ink along the whole
// line between columns 4 and 5 of row 3 (x = 240).
std::string pen_down_row_three(const Board& board) {
    RenderOptions opt;
    opt.theme = Theme::Orange;
    opt.frame = false;
    Image shot = render_board(board, opt, 360, 360);
    draw_line(shot, 240, 2 * 60.0 + 4, 240, 3 * 60.0 - 4, 8, {30, 80, 220});
    return encode_png(shot);
}

// Ink along the whole line where B's two cells join: the join is hidden,
// but a seam there would leave two single cells without rivets, which no
// board has. The blocks decide it.
TEST(ScanMarked, PenAlongAJoinIsDecidedByTheBlocksItMakes) {
    const Board board = board_from_grid({"......", "......", "AA.BB.", "......", "..CC..", "......"}, Side::Right);
    auto r = scan_screenshot(pen_down_row_three(board));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    EXPECT_EQ(std::get<ScanResult>(r).board.grid(), board.grid());
}

// Ink along the seam between two blocks end to end: a join there would
// make one block four cells long, as possible as two blocks of two. The
// picture is refused, naming the place.
TEST(ScanMarked, PenAlongASeamBetweenTwoBlocksIsRefused) {
    const Board board = board_from_grid({"......", "......", "AABBCC", "......", "..DD..", "......"}, Side::Right);
    auto r = scan_screenshot(pen_down_row_three(board));  // the seam between B and C
    ASSERT_TRUE(std::holds_alternative<ScanError>(r)) << std::get<ScanResult>(r).board.grid();
    EXPECT_NE(std::get<ScanError>(r).message.find("row 3 col 4"), std::string::npos) << std::get<ScanError>(r).message;
}

// The board, unframed at 60 pixels a cell, with a block of blue ink over
// most of the cell at row r, col c (0-based): from 0.08 to 0.92 of it
// across and from 0.08 to `bottom` down.
std::string ink_over_cell(const Board& board, int r, int c, double bottom) {
    RenderOptions opt;
    opt.theme = Theme::Orange;
    opt.frame = false;
    Image shot = render_board(board, opt, 360, 360);
    fill_rect(shot, c * 60 + 5, r * 60 + 5, c * 60 + 55, r * 60 + static_cast<int>(bottom * 60), {30, 80, 220});
    return encode_png(shot);
}

// Ink over all of B's top cell but the line where it joins the cell below:
// nothing of the cell shows, but floor there would leave B's other cell
// single and without rivets, which no board has. The blocks round it
// read it as B's.
TEST(ScanMarked, CellUnderInkIsReadFromTheBlocksRoundIt) {
    const Board board = board_from_grid({"......", "...B..", "...B..", "AA....", "......", "..CC.."}, Side::Right);
    auto r = scan_screenshot(ink_over_cell(board, 1, 3, 0.82));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    EXPECT_EQ(std::get<ScanResult>(r).board.grid(), board.grid());
}

// Ink over the whole cell after B's end, the line between them too: floor
// there and B two long, or wood and B three long, are both boards. The
// picture is refused, naming the cell.
TEST(ScanMarked, CellUnderInkWithTwoPossibleBoardsIsRefused) {
    const Board board = board_from_grid({"......", "BB....", "......", "AA....", "......", "..CC.."}, Side::Right);
    auto r = scan_screenshot(ink_over_cell(board, 1, 2, 0.92));
    ASSERT_TRUE(std::holds_alternative<ScanError>(r)) << std::get<ScanResult>(r).board.grid();
    EXPECT_EQ(std::get<ScanError>(r).message, "unclear cell at row 2 col 3: a mark hides it");
}

// Blue ink along the seam between B and C, just below its dark line: a
// join there would make one block four cells long, as possible as two of
// two, so the seam must be seen. Its dark line shows, the lines beside it
// under the ink's rim; no rim of a mark is that dark, and it is read as
// the seam.
TEST(ScanMarked, PenBesideASeamLeavesItsDarkLineToRead) {
    const Board board = board_from_grid({"...B..", "...B..", "AA.C..", "...C..", "......", "......"}, Side::Right);
    RenderOptions opt;
    opt.theme = Theme::Orange;
    opt.frame = false;
    Image shot = render_board(board, opt, 360, 360);
    draw_line(shot, 3 * 60.0 + 4, 2 * 60.0 + 4, 4 * 60.0 - 4, 2 * 60.0 + 4, 4, {30, 80, 220});
    auto r = scan_screenshot(encode_png(shot));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    EXPECT_EQ(std::get<ScanResult>(r).board.grid(), board.grid());
}

// Blue ink over the frame beside the prisoner's row on the right, where
// the opening is; the frame on the left is closed. The board has one exit,
// on the prisoner's row: it is on the right, seen.
TEST(ScanMarked, ExitUnderInkIsOppositeAClosedFrame) {
    const Board board = board_from_grid({"......", "..B...", "AAB...", "......", "..CC..", "......"}, Side::Right);
    BoardBox lay;
    RenderOptions opt;
    opt.theme = Theme::Orange;
    opt.chrome = false;
    Image shot = render_board(board, opt, 420, 420, &lay);
    const int x = lay.x + lay.w, y = static_cast<int>(lay.y + 2 * lay.cell_px);
    fill_rect(shot, x, y - 4, x + static_cast<int>(0.5 * lay.cell_px), y + static_cast<int>(lay.cell_px) + 4,
              {30, 80, 220});
    auto r = scan_screenshot(encode_png(shot));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.board.grid(), board.grid());
    EXPECT_EQ(res.board.exit, Side::Right);
    EXPECT_TRUE(res.exit_seen);
}

}  // namespace
}  // namespace slidedb
