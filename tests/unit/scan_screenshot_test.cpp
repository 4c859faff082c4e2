// The scanner against the real screenshots of the game (answers in
// tests/data/SOURCES.md) and against every kind of picture it must refuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/image.h"
#include "families/unblock/scan/annotate.h"
#include "families/unblock/scan/screenshot.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

using corpus::read_bytes;

std::string shot(const std::string& name) {
    const std::string dir = name.find('/') == std::string::npos ? "/screenshots/" : "/";
    return read_bytes(std::string(SLIDEDB_TEST_DATA) + dir + name);
}

// README grids label blocks in its own order; board_from_grid makes them canonical.
std::string canonical(const std::vector<std::string>& rows) { return board_from_grid(rows, Side::Right, 2).grid(); }

struct RealShot {
    const char* file;
    std::vector<std::string> rows;
    bool frame;
};

const RealShot kShots[] = {
    {"ub_Puzzle-I-4.png", {"..CDDD", "B.CEFF", "BAAEG.", ".H..GJ", ".HIIGJ", ".KKLL."}, true},
    {"tt_IMG_0356.PNG", {".BCCDD", ".B..E.", "AA..E.", "FFGGE.", "..HII.", "JJH..."}, true},
    {"wy_Screenshot_20180726-203231.png", {"..BCDD", "EEBCF.", "GAACF.", "GHIIJJ", ".HK..L", "..KMML"}, true},
    {"ms_tab2.jpeg", {"BB.CD.", "EEECD.", "AA.CF.", "G.HHF.", "G.IJJ.", "KKI..."}, true},
    {"nt_puzzle2.png", {"B.CDDD", "B.CE.F", "BAAEGF", ".H.EGI", ".HJJGI", "KKK..."}, true},
    {"sy_sample.png", {".B....", ".B..C.", "AAD.C.", "..D...", "E..FFF", "E....."}, false},
    {"ub_no-solution-2.jpg", {".....B", ".....B", "...AAB", "......", "CDEFGH", "CDEFGH"}, true},
    // The game's current look: a tray under a header panel of the floor's
    // colour, no frame along the top, arrow heads for the exit.
    {"screenshots-current/ms_tab5.jpeg", {"BCCDDE", "BFF..E", "GHIAAE", "GHIJ..", ".HKJLL", "MMKNN."}, true},
    {"screenshots-current/ng_image_03.png", {"B.CDDD", "B.CE..", "BAAE.F", "GGHH.F", "IIJJ.F", "......"}, true},
};

class RealScreenshots : public ::testing::TestWithParam<RealShot> {};

TEST_P(RealScreenshots, ReadExactlyTheReadmeBoard) {
    const RealShot& s = GetParam();
    const std::string bytes = shot(s.file);
    ASSERT_FALSE(bytes.empty()) << s.file;
    auto r = scan_screenshot(bytes);
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << s.file << ": " << std::get<ScanError>(r).message;
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.board.grid(), canonical(s.rows)) << s.file;
    EXPECT_EQ(res.board.width, 6);
    EXPECT_EQ(res.board.height, 6);
    EXPECT_EQ(res.board.exit, Side::Right);
    EXPECT_EQ(res.board.exit_row(), 2);
    EXPECT_EQ(res.exit_seen, s.frame) << s.file;
    EXPECT_GT(res.confidence, 0.5);
    EXPECT_LE(res.confidence, 1.0);
    // The box lies inside the picture and holds six cells a side.
    EXPECT_GE(res.box.x, 0);
    EXPECT_GE(res.box.y, 0);
    EXPECT_LE(res.box.x + res.box.w, res.image_width + 1);
    EXPECT_LE(res.box.y + res.box.h, res.image_height + 1);
    EXPECT_NEAR(res.box.w / res.box.cell_px, 6.0, 0.1);
}

INSTANTIATE_TEST_SUITE_P(ScanScreenshot, RealScreenshots, ::testing::ValuesIn(kShots),
                         [](const auto& info) {
                             std::string n = info.param.file;
                             for (char& c : n)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

// Rescaled and re-encoded, a real screenshot gives the same board or an
// error, never another board.
TEST_P(RealScreenshots, RescaledAndReencodedGiveTheSameBoardOrNone) {
    const RealShot& s = GetParam();
    auto d = decode_image(shot(s.file));
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    const Image& im = std::get<Image>(d);
    int read = 0;
    for (double f : {0.8, 1.25}) {
        const Image scaled = resize_image(im, static_cast<int>(im.width * f), static_cast<int>(im.height * f));
        auto r = scan_screenshot(encode_jpeg(scaled, 70));
        if (auto* res = std::get_if<ScanResult>(&r)) {
            EXPECT_EQ(res->board.grid(), canonical(s.rows)) << s.file << " scaled " << f;
            ++read;
        }
    }
    EXPECT_GE(read, 1) << s.file;
}

TEST(ScanScreenshot, ReportsImageSizeAndBox) {
    auto r = scan_screenshot(shot("tt_IMG_0356.PNG"));
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r));
    const ScanResult& res = std::get<ScanResult>(r);
    EXPECT_EQ(res.image_width, 320);
    EXPECT_EQ(res.image_height, 480);
    EXPECT_NEAR(res.box.cell_px, 50, 2);
    EXPECT_NEAR(res.box.x, 10, 4);
    EXPECT_NEAR(res.box.y, 120, 4);
}

// ---- bad pictures ------------------------------------------------------------

std::string error_of(const std::string& bytes) {
    auto r = scan_screenshot(bytes);
    if (auto* e = std::get_if<ScanError>(&r)) return e->message;
    ADD_FAILURE() << "expected an error, got a board:\n" << std::get<ScanResult>(r).board.grid();
    return {};
}

// A PNG signature and IHDR claiming the given size; no pixel data at all.
std::string png_header(std::uint32_t w, std::uint32_t h) {
    std::string s("\x89PNG\r\n\x1a\n", 8);
    auto be32 = [&](std::uint32_t v) {
        for (int k = 3; k >= 0; --k) s.push_back(static_cast<char>((v >> (8 * k)) & 0xff));
    };
    be32(13);
    s += "IHDR";
    be32(w);
    be32(h);
    s += std::string("\x08\x02\x00\x00\x00", 5);
    be32(0);  // CRC (stb_image does not check it)
    s += std::string(64, '\0');
    return s;
}

TEST(ScanBadPicture, ZeroBytesIsAnError) { EXPECT_NE(error_of("").find("empty"), std::string::npos); }

TEST(ScanBadPicture, TextIsNotAnImage) {
    EXPECT_NE(error_of("...F..\n...FG.\n").find("not a PNG or JPEG"), std::string::npos);
    EXPECT_FALSE(looks_like_image("...F..\n"));
    EXPECT_TRUE(looks_like_image(shot("ms_tab2.jpeg")));
    EXPECT_TRUE(looks_like_image(shot("nt_puzzle2.png")));
}

TEST(ScanBadPicture, TruncatedPngIsAnError) {
    const std::string b = shot("tt_IMG_0356.PNG");
    EXPECT_NE(error_of(b.substr(0, b.size() / 2)).find("truncated"), std::string::npos);
    EXPECT_FALSE(error_of(b.substr(0, 40)).empty());
}

TEST(ScanBadPicture, TruncatedJpegIsAnError) {
    const std::string b = shot("ms_tab2.jpeg");
    EXPECT_NE(error_of(b.substr(0, b.size() * 2 / 3)).find("truncated"), std::string::npos);
    EXPECT_FALSE(error_of(b.substr(0, 200)).empty());
}

// stb_image 2.27 would write past its tables on such a file.
TEST(ScanBadPicture, ImpossibleJpegHuffmanTableIsRefused) {
    std::string b = shot("ub_no-solution-2.jpg");
    const size_t dht = b.find("\xff\xc4");
    ASSERT_NE(dht, std::string::npos);
    for (size_t i = 0; i < 16; ++i) b[dht + 5 + i] = static_cast<char>(0xff);
    EXPECT_NE(error_of(b).find("Huffman"), std::string::npos);
}

TEST(ScanBadPicture, HugeDimensionsAreRefusedBeforeDecoding) {
    EXPECT_NE(error_of(png_header(20000, 100)).find("at most"), std::string::npos);
    EXPECT_NE(error_of(png_header(9000, 9000)).find("megapixels"), std::string::npos);
    auto d = decode_image(png_header(16000, 16000));
    ASSERT_TRUE(std::holds_alternative<DecodeError>(d));
}

TEST(ScanBadPicture, BlankImageIsNotAPuzzle) {
    EXPECT_NE(error_of(encode_png(Image(320, 480, 255, 255, 255))).find("not a puzzle"), std::string::npos);
    EXPECT_NE(error_of(encode_png(Image(320, 480, 106, 72, 31))).find("not a puzzle"), std::string::npos);
    EXPECT_NE(error_of(encode_jpeg(Image(640, 480, 0, 0, 0), 80)).find("not a puzzle"), std::string::npos);
}

TEST(ScanBadPicture, IconIsAnError) {
    Image icon(48, 48, 240, 240, 240);
    for (int y = 16; y < 32; ++y)
        for (int x = 8; x < 40; ++x) {
            auto* p = icon.px(x, y);
            p[0] = 230;
            p[1] = 30;
            p[2] = 20;
        }
    EXPECT_FALSE(error_of(encode_png(icon)).empty());
}

// A synthetic "photo": smooth colour fields, a warm brown wall and a red
// object, with noise. Brown and red are what the scanner looks for.
TEST(ScanBadPicture, PhotoIsAnError) {
    Image photo(800, 600);
    std::uint32_t seed = 12345;
    auto rnd = [&] {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<int>((seed >> 24) % 21) - 10;
    };
    for (int y = 0; y < 600; ++y)
        for (int x = 0; x < 800; ++x) {
            auto* p = photo.px(x, y);
            const bool wall = y > 250;
            const bool red = x > 300 && x < 420 && y > 300 && y < 360 + (x - 300) / 3;
            int r = wall ? 110 + x / 40 : 90 + y / 6, g = wall ? 76 + y / 60 : 140 + y / 8, b = wall ? 34 : 200;
            if (red) r = 210, g = 40, b = 30;
            p[0] = static_cast<std::uint8_t>(std::clamp(r + rnd(), 0, 255));
            p[1] = static_cast<std::uint8_t>(std::clamp(g + rnd(), 0, 255));
            p[2] = static_cast<std::uint8_t>(std::clamp(b + rnd(), 0, 255));
        }
    EXPECT_FALSE(error_of(encode_jpeg(photo, 85)).empty());
}

TEST(ScanBadPicture, BoardCutByThePictureIsAnError) {
    // The top 1150 rows of the 1920-row screenshot: the board's lower rows are gone.
    auto d = decode_image(shot("wy_Screenshot_20180726-203231.png"));
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    Image full = std::get<Image>(d);
    Image top(full.width, 1150);
    std::copy(full.rgb.begin(), full.rgb.begin() + static_cast<long>(top.rgb.size()), top.rgb.begin());
    const std::string msg = error_of(encode_png(top));
    EXPECT_NE(msg.find("board"), std::string::npos) << msg;
}

// The debug picture of a refused current-look picture shows where the scan
// looked: the grid lines walked over towards each edge of the tray, and
// which of them it took for edges before it stopped.
TEST(ScanBadPicture, RefusedCurrentLookTraceShowsTheWalk) {
    auto d = decode_image(shot("screenshots-current/ms_tab5.jpeg"));
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    const Image& full = std::get<Image>(d);
    // Keep the top 700 rows: the picture now cuts the tray through row 5.
    Image cut(full.width, 700);
    std::copy(full.rgb.begin(), full.rgb.begin() + static_cast<long>(cut.rgb.size()), cut.rgb.begin());
    ScanTrace trace;
    auto r = scan_image(cut, &trace);
    ASSERT_TRUE(std::holds_alternative<ScanError>(r));
    // The border falls near a grid line: the lattice takes it for the
    // tray's edge, and the rows counted (the game's boards are 6x6) give
    // it away before the blocks running off the picture would.
    EXPECT_NE(std::get<ScanError>(r).message.find("the picture cuts off the frame at the bottom and 4 rows show; the "
                                                  "game's boards are 6x6"),
              std::string::npos)
        << std::get<ScanError>(r).message;
    EXPECT_TRUE(trace.have_prisoner);
    int taken = 0, walked = 0;
    double bottom_last = 0;  // the last line looked at towards the bottom
    for (const auto& e : trace.edges) {
        walked += !e.edge;
        taken += e.edge;
        if (e.side == 1) bottom_last = std::max(bottom_last, e.at);
    }
    EXPECT_GE(taken, 2);
    EXPECT_GE(walked, 3);
    // The walk down went on to the picture's border (cells are 84 px): no
    // line inside the picture was taken for the bottom edge.
    EXPECT_GT(bottom_last, 700 - 84);
    EXPECT_LE(bottom_last, 700);
    const Image pic = annotate_scan(cut, trace, std::get<ScanError>(r).message);
    EXPECT_NE(pic.rgb, cut.rgb);
}

TEST(ScanBadPicture, ErrorsNameThePlaceOfAnAmbiguousSeam) {
    // Paint over the seam between the two vertical blocks of columns 4 and 5
    // (rows 5-6) of ub_no-solution-2 with half-dark wood: neither seam nor wood.
    auto d = decode_image(shot("ub_no-solution-2.jpg"));
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    Image im = std::get<Image>(d);
    auto r0 = scan_image(im);
    ASSERT_TRUE(std::holds_alternative<ScanResult>(r0));
    const ScanResult& res = std::get<ScanResult>(r0);
    const int x = static_cast<int>(res.box.x + 5 * res.box.cell_px);
    for (int y = static_cast<int>(res.box.y + 4.2 * res.box.cell_px); y < res.box.y + 4.8 * res.box.cell_px; ++y)
        for (int dx = -3; dx <= 3; ++dx) {
            auto* p = im.px(x + dx, y);
            p[0] = 190;
            p[1] = 142;
            p[2] = 88;
        }
    auto r = scan_image(im);
    ASSERT_TRUE(std::holds_alternative<ScanError>(r)) << std::get<ScanResult>(r).board.grid();
    EXPECT_NE(std::get<ScanError>(r).message.find("row 5 col 5"), std::string::npos) << std::get<ScanError>(r).message;
}

}  // namespace
}  // namespace slidedb
