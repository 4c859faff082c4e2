// Three kinds of picture a person reads at a glance, made again with
// slidedb's renderer (tests/data/screenshots-kinds, see
// tests/data/SOURCES.md): a phone screenshot another solver drew its grid
// on, a guide's figure with a tag on every cell, and the tutorial's first
// screen in an emulator's window. Each is read exactly; the files are the
// ones these functions make. Then what the scanner must not be led by: grid
// lines off the cells, tags on a board with no prisoner, a lattice of lines
// alone.
//
// SLIDEDB_KINDS_WRITE=DIR writes the pictures made here to DIR.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/unblock/board.h"
#include "families/unblock/draw/render.h"
#include "families/unblock/scan/screenshot.h"
#include "image/canvas.h"
#include "image/encode.h"
#include "image/image.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

std::string stored(const std::string& name) {
    return corpus::read_bytes(std::string(SLIDEDB_TEST_DATA) + "/screenshots-kinds/" + name);
}

// 540x1110 JPEG q80: the current look, thin red lines (1 or 2 px) along
// every line of the 6x6 grid.
const std::vector<std::string> kGridRows = {"BBC..D", "..CEED", "AAC..D", "F.GHHH", "F.G..I", "JJJ..I"};

std::string debug_grid(BoardBox* lay = nullptr) {
    RenderOptions opt;
    opt.theme = Theme::Current;
    opt.seed = 5;
    opt.gap = 0.07;
    opt.grid_lines = true;
    opt.status_bar = true;
    return encode_jpeg(render_board(board_from_grid(kGridRows, Side::Right), opt, 540, 1110, lay), 80);
}

// 275x396 PNG: the first look in orange wood on a white page, a tag on
// every cell, "Prisoner" on the prisoner, "Board" and "Escape" with arrows
// beside the frame, a caption below.
const std::vector<std::string> kTagRows = {"B..CCC", "B.D..E", "AAD..E", "..FGG.", "HHF..I", "JJJ..I"};

std::string guide_tags(BoardBox* lay = nullptr) {
    RenderOptions opt;
    opt.theme = Theme::Orange;
    opt.seed = 2;
    opt.gap = 0.07;
    opt.cell_tags = true;
    return encode_png(render_board(board_from_grid(kTagRows, Side::Right), opt, 275, 396, lay));
}

// 453x735 JPEG q85: the tutorial's first screen (the prisoner alone, the
// "Goal" banner over the header) in an emulator's window.
const std::vector<std::string> kTutorialRows = {"......", "......", ".AA...", "......", "......", "......"};

std::string tutorial_window(BoardBox* lay = nullptr) {
    RenderOptions opt;
    opt.theme = Theme::Current;
    opt.seed = 1;
    opt.gap = 0.07;
    opt.emulator_window = true;
    opt.tutorial_banner = true;
    opt.status_bar = true;
    opt.nav_bar = true;
    return encode_jpeg(render_board(board_from_grid(kTutorialRows, Side::Right), opt, 453, 735, lay), 85);
}

struct Made {
    const char* file;
    std::string (*make)(BoardBox*);
    std::vector<std::string> rows;
    int width, height;
};

const Made kMade[] = {
    {"debug_grid.jpg", debug_grid, kGridRows, 540, 1110},
    {"guide_tags.png", guide_tags, kTagRows, 275, 396},
    {"tutorial_window.jpg", tutorial_window, kTutorialRows, 453, 735},
};

TEST(ScanKinds, StoredPicturesAreTheOnesMadeHere) {
    const char* dir = std::getenv("SLIDEDB_KINDS_WRITE");
    for (const Made& m : kMade) {
        const std::string bytes = m.make(nullptr);
        if (dir) std::ofstream(std::string(dir) + "/" + m.file, std::ios::binary) << bytes;
        EXPECT_EQ(bytes, stored(m.file)) << m.file;
    }
}

TEST(ScanKinds, EachIsReadExactlyWhereItWasDrawn) {
    for (const Made& m : kMade) {
        BoardBox lay;
        m.make(&lay);
        auto r = scan_screenshot(stored(m.file));
        ASSERT_TRUE(std::holds_alternative<ScanResult>(r)) << m.file << ": " << std::get<ScanError>(r).message;
        const ScanResult& res = std::get<ScanResult>(r);
        EXPECT_EQ(res.board, board_from_grid(m.rows, Side::Right)) << m.file << "\n" << res.board.grid();
        EXPECT_TRUE(res.exit_seen) << m.file;
        EXPECT_EQ(res.image_width, m.width) << m.file;
        EXPECT_EQ(res.image_height, m.height) << m.file;
        // The box the scanner gives is the tray the renderer drew, within
        // a tenth of a cell.
        EXPECT_NEAR(res.box.x, lay.x, 0.1 * lay.cell_px) << m.file;
        EXPECT_NEAR(res.box.y, lay.y, 0.1 * lay.cell_px) << m.file;
        EXPECT_NEAR(res.box.w, lay.w, 0.1 * lay.cell_px) << m.file;
        EXPECT_NEAR(res.box.cell_px, lay.cell_px, 0.03 * lay.cell_px) << m.file;
    }
}

// Each kind is read in the other look too, and as JPEG and PNG.
TEST(ScanKinds, GridLinesAndTagsInEitherLook) {
    const Board board = board_from_grid(kTagRows, Side::Left);
    for (const Theme theme : {Theme::Pale, Theme::Cherry, Theme::Current}) {
        for (const bool tags : {false, true}) {
            RenderOptions opt;
            opt.theme = theme;
            opt.seed = 31;
            opt.grid_lines = !tags;
            opt.cell_tags = tags;
            const Image im = render_board(board, opt, tags ? 330 : 480, tags ? 470 : 900);
            for (const bool jpeg : {false, true}) {
                auto r = scan_screenshot(jpeg ? encode_jpeg(im, 82) : encode_png(im));
                ASSERT_TRUE(std::holds_alternative<ScanResult>(r))
                    << theme_name(theme) << (tags ? " tags" : " grid") << (jpeg ? " jpeg" : " png") << ": "
                    << std::get<ScanError>(r).message;
                EXPECT_EQ(std::get<ScanResult>(r).board, board) << theme_name(theme) << (tags ? " tags" : " grid");
            }
        }
    }
}

// Red lines half a cell off the grid (through the cells' middles, over the
// prisoner's face) are a lattice too: painted over, they must not make a
// board other than the one drawn.
TEST(ScanKinds, GridLinesOffTheCellsNeverReadWrong) {
    const Board board = board_from_grid(kGridRows, Side::Right);
    RenderOptions opt;
    opt.theme = Theme::Current;
    opt.seed = 5;
    BoardBox lay;
    Image im = render_board(board, opt, 540, 1110, &lay);
    for (int k = 0; k < 6; ++k) {
        const int x = static_cast<int>(lay.x + (k + 0.5) * lay.cell_px), y = static_cast<int>(lay.y + (k + 0.5) * lay.cell_px);
        fill_rect(im, x, lay.y, x + 2, lay.y + lay.h, {255, 0, 0});
        fill_rect(im, lay.x, y, lay.x + lay.w, y + 2, {255, 0, 0});
    }
    auto r = scan_screenshot(encode_png(im));
    if (auto* res = std::get_if<ScanResult>(&r)) {
        EXPECT_EQ(res->board, board) << res->board.grid();
    }
}

// A lattice of red lines alone, white tags alone on the floor's colour: no
// prisoner to find, however regular.
TEST(ScanKinds, ALatticeWithNoBoardIsNotAPuzzle) {
    Image lines(400, 400, 106, 73, 30);
    for (int k = 0; k <= 6; ++k) {
        fill_rect(lines, 20 + 60 * k, 20, 22 + 60 * k, 382, {255, 0, 0});
        fill_rect(lines, 20, 20 + 60 * k, 382, 22 + 60 * k, {255, 0, 0});
    }
    Image tags(400, 400, 106, 73, 30);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c) fill_rect(tags, 40 + 60 * c, 40 + 60 * r, 60 + 60 * c, 60 + 60 * r, {255, 255, 255});
    for (const Image* im : {&lines, &tags}) {
        auto r = scan_screenshot(encode_png(*im));
        ASSERT_TRUE(std::holds_alternative<ScanError>(r));
        EXPECT_EQ(std::get<ScanError>(r).message.rfind("not a puzzle", 0), 0u) << std::get<ScanError>(r).message;
    }
}

// A thousand thin red lines (a hatched picture) are looked at and let go:
// no lattice of square cells among them, no prisoner.
TEST(ScanKinds, HatchingIsNoGrid) {
    Image im(600, 600, 230, 230, 230);
    for (int y = 0; y < 600; y += 3) fill_rect(im, 0, y, 600, y + 1, {250, 10, 10});
    auto r = scan_screenshot(encode_png(im));
    ASSERT_TRUE(std::holds_alternative<ScanError>(r));
}

// A figure or a window too small to hold the game is refused, not drawn
// off the picture.
TEST(ScanKinds, FigureAndWindowTooSmallAreRefused) {
    const Board board = board_from_grid(kTagRows, Side::Right);
    RenderOptions tags;
    tags.cell_tags = true;
    EXPECT_THROW(render_board(board, tags, 64, 64), std::invalid_argument);
    RenderOptions window;
    window.theme = Theme::Current;
    window.emulator_window = true;
    EXPECT_THROW(render_board(board, window, 64, 80), std::invalid_argument);
    EXPECT_NO_THROW(render_board(board, window, 200, 320));
}

}  // namespace
}  // namespace slidedb
