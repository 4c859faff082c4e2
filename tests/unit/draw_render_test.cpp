// The renderer: sizes, themes, encoders, and pictures the scanner reads back.
#include <gtest/gtest.h>

#include <stdexcept>

#include "families/unblock/scan/annotate.h"
#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/image.h"
#include "families/unblock/scan/screenshot.h"

namespace slidedb {
namespace {

// Fixed cells, a left exit, a three-cell prisoner.
Board left_exit_board() {
    return board_from_grid({"x..B..", "...BC.", ".AAAC.", "DD..Cx", "..EE..", "FF...."}, Side::Left);
}

TEST(DrawRender, MakesThePictureSizeAskedFor) {
    const Image im = render_board(left_exit_board(), Theme::Orange, 333, 517);
    EXPECT_EQ(im.width, 333);
    EXPECT_EQ(im.height, 517);
    EXPECT_EQ(im.rgb.size(), 333u * 517u * 3u);
}

TEST(DrawRender, RefusesSizesOutOfRange) {
    EXPECT_THROW(render_board(left_exit_board(), Theme::Pale, 10, 500), std::invalid_argument);
    EXPECT_THROW(render_board(left_exit_board(), Theme::Pale, 500, 20000), std::invalid_argument);
}

TEST(DrawRender, ThemeNamesRoundTrip) {
    for (Theme t : {Theme::Pale, Theme::Orange, Theme::Cherry}) EXPECT_EQ(theme_from_name(theme_name(t)), t);
    EXPECT_FALSE(theme_from_name("walnut"));
}

TEST(DrawRender, PngRoundTripIsLossless) {
    const Image im = render_board(left_exit_board(), Theme::Cherry, 200, 300);
    const std::string png = encode_png(im);
    ASSERT_TRUE(looks_like_image(png));
    auto d = decode_image(png);
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    EXPECT_EQ(std::get<Image>(d).rgb, im.rgb);
}

TEST(DrawRender, JpegDecodesToTheSameSize) {
    const Image im = render_board(left_exit_board(), Theme::Pale, 240, 360);
    auto d = decode_image(encode_jpeg(im, 60));
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    EXPECT_EQ(std::get<Image>(d).width, 240);
    EXPECT_EQ(std::get<Image>(d).height, 360);
}

TEST(DrawRender, EveryThemeIsReadBackExactly) {
    for (Theme t : {Theme::Pale, Theme::Orange, Theme::Cherry}) {
        for (auto [w, h] : {std::pair{320, 480}, {1080, 1920}, {500, 500}}) {
            const Board b = left_exit_board();
            auto r = scan_image(render_board(b, t, w, h));
            ASSERT_TRUE(std::holds_alternative<ScanResult>(r))
                << theme_name(t) << " " << w << "x" << h << ": " << std::get<ScanError>(r).message;
            const ScanResult& s = std::get<ScanResult>(r);
            EXPECT_EQ(s.board, b) << theme_name(t) << " " << w << "x" << h << "\n" << s.board.grid();
            EXPECT_TRUE(s.exit_seen);
        }
    }
}

TEST(DrawRender, LayoutReportsWhereTheBoardIs) {
    BoardBox lay;
    RenderOptions o;
    const Image im = render_board(left_exit_board(), o, 400, 640, &lay);
    auto r = scan_image(im);
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r));
    const ScanResult& s = std::get<ScanResult>(r);
    EXPECT_NEAR(s.box.x, lay.x, 3);
    EXPECT_NEAR(s.box.y, lay.y, 3);
    EXPECT_NEAR(s.box.w, lay.w, 4);
    EXPECT_NEAR(s.box.cell_px, lay.cell_px, 1);
}

TEST(DrawRender, BareCropIsReadWithTheExitAssumedRight) {
    RenderOptions o;
    o.frame = false;
    o.theme = Theme::Pale;
    auto r = scan_image(render_board(left_exit_board(), o, 360, 360));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << std::get<ScanError>(r).message;
    const ScanResult& s = std::get<ScanResult>(r);
    EXPECT_FALSE(s.exit_seen);
    EXPECT_EQ(s.board.exit, Side::Right);
    Board want = left_exit_board();
    want.exit = Side::Right;
    EXPECT_EQ(s.board, want);
}

TEST(DrawAnnotate, DrawsOnACopyOfThePicture) {
    const Image im = render_board(left_exit_board(), Theme::Orange, 320, 480);
    ScanTrace trace;
    auto r = scan_image(im, &trace);
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r));
    EXPECT_TRUE(trace.have_grid);
    EXPECT_EQ(trace.grid, left_exit_board().grid());
    const Image a = annotate_scan(im, trace, "6x6 exit left row 3");
    EXPECT_EQ(a.width, im.width);
    EXPECT_EQ(a.height, im.height);
    EXPECT_NE(a.rgb, im.rgb);
}

}  // namespace
}  // namespace slidedb
