// What a user's own pictures may carry that the game never draws, each once
// read as a wrong board: a fingertip or a tap's dot over an empty cell
// (taken for a fixed cell, or for a block's end), a copy brightened until the
// floor took wood's colours, and a crop that takes off a whole row or column
// with the frame on that side (taken for a board a row short). Each must be
// refused, or read right; never read wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include "families/unblock/board.h"
#include "families/unblock/draw/render.h"
#include "families/unblock/scan/screenshot.h"
#include "image/encode.h"
#include "image/image.h"

namespace slidedb {
namespace {

const Board kBoard = board_from_grid({"..BCDD", "EEBCF.", "GAACF.", "GHIIJJ", ".HK..L", "..KMML"}, Side::Right);

Image drawn(Theme theme, BoardBox& lay) {
    RenderOptions opt;
    opt.theme = theme;
    opt.seed = 5;
    return render_board(kBoard, opt, 540, 960, &lay);
}

// Read right, or refused; a board read must be the one drawn.
void expect_never_wrong(const Image& picture, const std::string& what) {
    auto r = scan_screenshot(encode_png(picture));
    if (auto* res = std::get_if<ScanResult>(&r)) {
        EXPECT_EQ(res->board.grid(), kBoard.grid()) << what;
    }
}

// A flat skin-coloured ellipse with a soft edge, 0.9 by 1.2 cells, over the
// cell (r, c).
void fingertip(Image& im, const BoardBox& lay, int r, int c, double radius) {
    const double cx = lay.x + (c + 0.5) * lay.cell_px, cy = lay.y + (r + 0.5) * lay.cell_px;
    const double rx = radius * lay.cell_px, ry = 1.33 * radius * lay.cell_px;
    for (int y = static_cast<int>(cy - 1.5 * ry); y <= static_cast<int>(cy + 1.5 * ry); ++y)
        for (int x = static_cast<int>(cx - 1.5 * rx); x <= static_cast<int>(cx + 1.5 * rx); ++x) {
            if (x < 0 || y < 0 || x >= im.width || y >= im.height) continue;
            const double d = std::hypot((x - cx) / rx, (y - cy) / ry);
            const double a = std::clamp((1.1 - d) / 0.2, 0.0, 1.0);
            std::uint8_t* p = im.px(x, y);
            const int skin[3] = {224, 172, 140};
            for (int k = 0; k < 3; ++k) p[k] = static_cast<std::uint8_t>(std::lround(p[k] * (1 - a) + skin[k] * a));
        }
}

TEST(ScanHostile, AFingertipOverAnEmptyCellIsNoFixedCellNorABlocksEnd) {
    for (const Theme theme : {Theme::Orange, Theme::Pale, Theme::Cherry, Theme::Current}) {
        BoardBox lay;
        const Image clean = drawn(theme, lay);
        // Every empty cell: one a fixed cell would stand in, one beside a
        // block's end (row 5 col 1 under H, row 1 col 6 beside F).
        for (int r = 0; r < 6; ++r)
            for (int c = 0; c < 6; ++c) {
                if (kBoard.grid()[static_cast<size_t>(r * 7 + c)] != '.') continue;
                for (const double radius : {0.45, 0.55}) {
                    Image im = clean;
                    fingertip(im, lay, r, c, radius);
                    expect_never_wrong(im, "fingertip at row " + std::to_string(r + 1) + " col " +
                                               std::to_string(c + 1));
                }
            }
    }
}

TEST(ScanHostile, ABrightenedCopyNeverTurnsFloorIntoBlocks) {
    for (const Theme theme : {Theme::Orange, Theme::Pale, Theme::Cherry, Theme::Current}) {
        BoardBox lay;
        const Image clean = drawn(theme, lay);
        for (const double gain : {1.3, 1.45, 1.6, 1.8}) {
            Image im = clean;
            for (std::uint8_t& v : im.rgb) v = static_cast<std::uint8_t>(std::min(255.0, std::round(v * gain)));
            expect_never_wrong(im, "brightened " + std::to_string(gain));
        }
    }
}

// The picture cut on one side exactly one cell into the tray, the frame
// kept on the other three: a 6x6 board a row or column short is no board
// of the game, and the rows the frame closes say nothing of the one gone.
TEST(ScanHostile, ACropThatTakesOffARowIsRefused) {
    for (const Theme theme : {Theme::Orange, Theme::Current}) {
        BoardBox lay;
        const Image clean = drawn(theme, lay);
        const int cell = static_cast<int>(std::lround(lay.cell_px));
        for (int side = 0; side < 4; ++side) {
            const int x0 = side == 2 ? lay.x + cell : 0, y0 = side == 0 ? lay.y + cell : 0;
            const int x1 = side == 3 ? lay.x + lay.w - cell : clean.width;
            const int y1 = side == 1 ? lay.y + lay.h - cell : clean.height;
            Image im(x1 - x0, y1 - y0);
            for (int y = 0; y < im.height; ++y)
                std::copy(clean.px(x0, y0 + y), clean.px(x0, y0 + y) + 3 * im.width, im.px(0, y));
            auto r = scan_screenshot(encode_png(im));
            EXPECT_TRUE(std::holds_alternative<ScanError>(r)) << "side " << side << ":\n"
                                                              << std::get<ScanResult>(r).board.grid();
        }
    }
}

// The review's pictures (tests/data/SOURCES.md, screenshots-hostile/).
TEST(ScanHostile, TheReviewsPicturesAreReadRightOrRefused) {
    const std::vector<std::pair<const char*, std::vector<std::string>>> cases = {
        {"brightened_1.45_current.png", {"BCDEFG", "BCDEFG", "AAHIJK", "LMHIJK", "LMNOPQ", "..NOPQ"}},
        {"brightened_1.6_nt_puzzle2.png", {"B.CDDD", "B.CE.F", "BAAEGF", ".H.EGI", ".HJJGI", "KKK..."}},
        {"fingertip_under_a_block.png", {".BCCCD", "EB.FFD", "EGHAAI", "JGHKKI", "JLL.MM", ".NNNOO"}},
        {"sharpened_twice_tt_IMG_0356.png", {".BCCDD", ".B..E.", "AA..E.", "FFGGE.", "..HII.", "JJH..."}},
        {"top_row_cropped_off.png", {"......", ".B....", ".B.AA.", "......", "......", "......"}},
    };
    for (const auto& [file, rows] : cases) {
        std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/screenshots-hostile/" + file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_FALSE(bytes.empty()) << file;
        auto r = scan_screenshot(bytes);
        if (auto* res = std::get_if<ScanResult>(&r)) {
            EXPECT_EQ(res->board.grid(), board_from_grid(rows, Side::Right).grid()) << file;
        }
    }
}

}  // namespace
}  // namespace slidedb
