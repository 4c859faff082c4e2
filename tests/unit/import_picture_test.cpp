// The import decodes a large JPEG reduced (by 2 for a phone's 1080x1920)
// before reading the board; what it reads must be what the whole picture
// reads: the same board, the picture's own size, the box in its pixels.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <variant>

#include "families/families.h"
#include "families/unblock/draw/render.h"
#include "image/encode.h"
#include "image/image.h"
#include "pipeline/read_input.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

// The whole picture read as `slidedb scan` reads it.
std::variant<PictureRead, PictureError> whole_read(const std::string& bytes) {
    auto d = decode_image(bytes);
    if (auto* e = std::get_if<DecodeError>(&d)) return PictureError{e->message};
    return read_picture(std::get<Image>(d));
}

// The import's read equals the whole picture's: the same board or the same
// refusal; the box within the reduction's rounding.
void expect_same_read(const std::string& name, const std::string& bytes, int& reduced) {
    SCOPED_TRACE(name);
    const auto whole = whole_read(bytes);
    const FoundFile file = read_bytes(name, bytes);
    Reduction r;
    (void)decode_image(bytes, 480, r);
    reduced += r.factor > 1;
    if (auto* e = std::get_if<PictureError>(&whole)) {
        ASSERT_EQ(file.puzzles.size(), 0u);
        ASSERT_EQ(file.errors.size(), 1u);
        EXPECT_EQ(file.errors[0].message, e->message);
        return;
    }
    const PictureRead& w = std::get<PictureRead>(whole);
    ASSERT_EQ(file.errors.size(), 0u) << file.errors[0].message;
    ASSERT_EQ(file.puzzles.size(), 1u);
    const FoundPuzzle& p = file.puzzles[0];
    EXPECT_EQ(p.puzzle.key, w.puzzle.key);
    ASSERT_TRUE(p.screenshot.has_value());
    EXPECT_EQ(p.screenshot->image_width, w.image_width);
    EXPECT_EQ(p.screenshot->image_height, w.image_height);
    const int slack = 2 * r.factor;  // a reduced pixel is factor pixels, and either read may round
    EXPECT_NEAR(p.screenshot->box.x, w.box.x, slack);
    EXPECT_NEAR(p.screenshot->box.y, w.box.y, slack);
    EXPECT_NEAR(p.screenshot->box.w, w.box.w, 2 * slack);
    EXPECT_NEAR(p.screenshot->box.h, w.box.h, 2 * slack);
    EXPECT_NEAR(p.screenshot->box.cell_px, w.box.cell_px, slack);
}

TEST(ImportPicture, EveryRealPictureReadsAsTheWholePictureDoes) {
    int pictures = 0, reduced = 0;
    for (const char* dir : {"/screenshots", "/screenshots-current", "/screenshots-marked"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(SLIDEDB_TEST_DATA) + dir)) {
            const std::string bytes = corpus::read_bytes(e.path().string());
            if (!looks_like_image(bytes)) continue;
            expect_same_read(e.path().filename().string(), bytes, reduced);
            ++pictures;
        }
    EXPECT_EQ(pictures, 20);
    std::cout << pictures << " real pictures, " << reduced << " of them reduced by the import\n";
}

// Phone screenshots (1080x1920, and one in ten 1440x2560; both reduced by
// 2) in both looks, with and without bars, JPEG of quality 60 to
// 95, some with noise: all read, and read as the whole picture reads them.
TEST(ImportPicture, PhoneSizeJpegsReadReducedAsTheyReadWhole) {
    std::mt19937 rng(30);
    int reduced = 0;
    const int samples = 40;
    for (int i = 0; i < samples; ++i) {
        const Board board = corpus::random_board(rng, 6 + (i % 5 == 0));
        RenderOptions o;
        o.seed = static_cast<std::uint32_t>(i + 1);
        o.theme = i % 2 ? Theme::Current : static_cast<Theme>(i / 2 % 3);
        o.status_bar = o.nav_bar = o.theme == Theme::Current && i / 4 % 2;
        const bool large = i % 10 == 9;
        Image shot = render_board(board, o, large ? 1440 : 1080, large ? 2560 : 1920);
        if (i % 3 == 0) corpus::add_noise(shot, corpus::pick(rng, 2, 8), rng);
        const int quality = corpus::pick(rng, 60, 95);
        const std::string bytes = encode_jpeg(shot, quality);
        expect_same_read("sample " + std::to_string(i) + " q" + std::to_string(quality), bytes, reduced);
        const FoundFile file = read_bytes("shot", bytes);
        EXPECT_EQ(file.puzzles.size(), 1u) << "sample " << i << " not read";
    }
    EXPECT_EQ(reduced, samples);
}

}  // namespace
}  // namespace slidedb
