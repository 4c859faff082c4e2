// `render` for every family: the PNG in the family's look (size and exact
// colours where the layout puts walls, floor, goal marks, pieces, tiles
// and the blank) and the SVG of the report as a file of its own.
#include <algorithm>

#include "e2e.h"
#include "image/image.h"

namespace slidedb::e2e {
namespace {

struct Px {
    int r, g, b;
    bool operator==(const Px&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Px& p) { return os << p.r << "," << p.g << "," << p.b; }

Image decoded(const fs::path& png) {
    auto d = decode_image(slurp(png));
    if (auto* e = std::get_if<DecodeError>(&d)) ADD_FAILURE() << png << ": " << e->message;
    return std::holds_alternative<Image>(d) ? std::get<Image>(d) : Image{};
}

Px at(const Image& im, int x, int y) {
    const std::uint8_t* p = im.px(x, y);
    return {p[0], p[1], p[2]};
}

// The looks' colours (families/blocks/picture.cpp, families/tiles/picture.cpp).
constexpr Px kBackground{38, 42, 48}, kWall{110, 84, 60}, kFloor{52, 40, 31}, kGoalMark{150, 46, 42},
    kWood{214, 164, 98}, kGoalPiece{200, 56, 46}, kTile{236, 222, 190}, kInk{64, 42, 28};

void expect_standalone_svg(const std::string& svg, std::size_t pieces) {
    EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "))
        << svg.substr(0, 120);
    EXPECT_EQ(occurrences(svg, "<svg"), 1u);
    EXPECT_EQ(occurrences(svg, "</svg>"), 1u);
    EXPECT_EQ(occurrences(svg, "<style>"), 1u);
    EXPECT_EQ(occurrences(svg, "<g class=\"block"), pieces);
}

TEST(Render, KlotskiInWoodWithItsGoalMarked) {
    TempDir dir;
    const Outcome r = slidedb(dir, "render '" + test_data("blocks/klotski.txt") +
                                       "' --png k.png --svg k.svg --width 400 --height 500");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "k.png: 4x5 wood on the floor 400x500 px\nk.svg: 4x5 SVG, 40 units a cell\n");
    const Image im = decoded(dir / "k.png");
    ASSERT_EQ(im.width, 400);
    ASSERT_EQ(im.height, 500);
    // 57 px cells (4+3 across 400), the grid at 86,107, a ring of wall round it.
    EXPECT_EQ(at(im, 5, 5), kBackground);
    EXPECT_EQ(at(im, 57, 78), kWall);        // the ring, above the top-left corner
    EXPECT_EQ(at(im, 146, 338), kFloor);     // row 4, col 1: free floor
    EXPECT_EQ(at(im, 171, 363), kGoalMark);  // the same cell's goal mark
    EXPECT_EQ(at(im, 200, 164), kGoalPiece); // the 2x2 block, rows 0-1, cols 1-2
    EXPECT_EQ(at(im, 114, 164), kWood);      // the upright block of col 0
    const std::string svg = slurp(dir / "k.svg");
    expect_standalone_svg(svg, 10);
    EXPECT_EQ(occurrences(svg, "class=\"block prisoner\""), 1u);
    EXPECT_EQ(occurrences(svg, "<path class=\"goal\""), 1u);
    EXPECT_EQ(occurrences(svg, "<path class=\"floor\""), 1u);
}

TEST(Render, WellsWithWallsInsideTheGrid) {
    TempDir dir;
    const Outcome r = slidedb(dir, "render '" + test_data("blocks/seed_wells.txt") +
                                       "' --png w.png --svg w.svg --width 600 --height 500");
    ASSERT_EQ(r.status, 0) << r.err;
    const Image im = decoded(dir / "w.png");
    ASSERT_EQ(im.width, 600);
    ASSERT_EQ(im.height, 500);
    // 45 px cells, the 10x8 grid at 75,70.
    EXPECT_EQ(at(im, 97, 92), kBackground);  // row 0, col 0: a wall away from all floor
    EXPECT_EQ(at(im, 187, 92), kWall);       // row 0, col 2
    EXPECT_EQ(at(im, 348, 298), kFloor);     // row 5, col 6: the right well
    EXPECT_EQ(at(im, 367, 317), kGoalMark);  // its goal mark
    EXPECT_EQ(at(im, 187, 317), kGoalPiece); // A in the left well
    EXPECT_EQ(at(im, 187, 137), kWood);      // a square at row 1, col 2
    const std::string svg = slurp(dir / "w.svg");
    expect_standalone_svg(svg, 7);
    EXPECT_EQ(occurrences(svg, "class=\"block prisoner\""), 1u);
}

TEST(Render, EightPuzzleAsNumberedTiles) {
    TempDir dir;
    write_file(dir / "eight.txt", "1 2 3\n4 0 5\n7 8 6\n");
    const Outcome r = slidedb(dir, "render eight.txt --png e.png --svg e.svg --width 300 --height 300");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "e.png: 3x3 numbered tiles 300x300 px\ne.svg: 3x3 SVG, 40 units a cell\n");
    const Image im = decoded(dir / "e.png");
    ASSERT_EQ(im.width, 300);
    ASSERT_EQ(im.height, 300);
    // 75 px cells at 37,37, the tray's frame 18 px round them.
    EXPECT_EQ(at(im, 5, 5), kBackground);
    EXPECT_EQ(at(im, 25, 150), kWall);       // the frame
    EXPECT_EQ(at(im, 149, 149), kFloor);     // the blank, in the middle
    EXPECT_EQ(at(im, 50, 50), kTile);        // tile 1
    int ink = 0;
    for (int y = 37; y < 112; ++y)
        for (int x = 37; x < 112; ++x) ink += at(im, x, y) == kInk;
    EXPECT_GT(ink, 100);  // its number
    const std::string svg = slurp(dir / "e.svg");
    expect_standalone_svg(svg, 8);
    EXPECT_EQ(occurrences(svg, "class=\"block tile\""), 8u);
}

TEST(Render, FifteenPuzzleAsNumberedTiles) {
    TempDir dir;
    write_file(dir / "fifteen.txt", "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n");
    const Outcome r = slidedb(dir, "render fifteen.txt --png f.png --svg f.svg --width 400 --height 400");
    ASSERT_EQ(r.status, 0) << r.err;
    const Image im = decoded(dir / "f.png");
    ASSERT_EQ(im.width, 400);
    ASSERT_EQ(im.height, 400);
    // 80 px cells at 40,40, the frame 20 px round them.
    EXPECT_EQ(at(im, 30, 200), kWall);
    EXPECT_EQ(at(im, 240, 320), kFloor);  // the blank, row 3, col 2
    EXPECT_EQ(at(im, 292, 292), kTile);   // tile 15
    const std::string svg = slurp(dir / "f.svg");
    expect_standalone_svg(svg, 15);
    EXPECT_EQ(occurrences(svg, "data-label=\"15\""), 1u);
}

TEST(Render, UnblockOnlySettingsAreAUsageErrorForOtherFamilies) {
    TempDir dir;
    write_file(dir / "eight.txt", "1 2 3\n4 0 5\n7 8 6\n");
    const Outcome theme = slidedb(dir, "render eight.txt --png e.png --theme pale");
    EXPECT_EQ(theme.status, 2);
    EXPECT_EQ(theme.err, "slidedb: --theme does not apply to a board of family tiles (its look takes: no settings)\n");
    const Outcome bar = slidedb(dir, "render '" + test_data("blocks/klotski.txt") + "' --svg k.svg --bar status");
    EXPECT_EQ(bar.status, 2);
    EXPECT_EQ(bar.err, "slidedb: --bar does not apply to a board of family blocks (its look takes: no settings)\n");
    EXPECT_FALSE(fs::exists(dir / "e.png"));
    EXPECT_FALSE(fs::exists(dir / "k.svg"));
    const Outcome neither = slidedb(dir, "render eight.txt");
    EXPECT_EQ(neither.status, 2);
    EXPECT_EQ(neither.err, "slidedb: render needs --png FILE, --svg FILE or both\n");
}

// A mark only the current look draws, given for the first, or a look given
// for the SVG alone, would be left out unsaid: refused, nothing written.
TEST(Render, UnblockSettingsALookDoesNotDrawAreAUsageError) {
    TempDir dir;
    const std::string board = "render '...F../...FG./BAAFG./BD..../CD..../C.EE..' ";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"--png u.png --bar status", "slidedb: --bar status is drawn in the current look only; give --theme current\n"},
        {"--png u.png --theme pale --overlay moves --svg u.svg",
         "slidedb: --overlay moves is drawn in the current look only; give --theme current\n"},
        {"--png u.png --annotate words --theme cherry",
         "slidedb: --annotate words is drawn in the current look only; give --theme current\n"},
        {"--svg u.svg --theme current",
         "slidedb: --theme is a setting of the picture (--png); the SVG is drawn as the report draws it\n"},
    };
    for (const auto& [args, said] : cases) {
        const Outcome r = slidedb(dir, board + args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(r.err, said) << args;
        EXPECT_FALSE(fs::exists(dir / "u.png")) << args;
        EXPECT_FALSE(fs::exists(dir / "u.svg")) << args;
    }
    const Outcome current = slidedb(dir, board + "--png u.png --theme current --bar status --annotate words");
    EXPECT_EQ(current.status, 0) << current.err;
    EXPECT_EQ(current.out, "u.png: 6x6 current 640x960 px\n");
}

TEST(Render, UnblockKeepsItsGameLookAndDrawsItsSvg) {
    TempDir dir;
    const Outcome r = slidedb(dir, "render '...F../...FG./BAAFG./BD..../CD..../C.EE..' --theme cherry --overlay grid "
                                   "--width 320 --height 480 --png u.png --svg u.svg");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "u.png: 6x6 cherry 320x480 px\nu.svg: 6x6 SVG, 40 units a cell\n");
    const Image im = decoded(dir / "u.png");
    EXPECT_EQ(im.width, 320);
    EXPECT_EQ(im.height, 480);
    expect_standalone_svg(slurp(dir / "u.svg"), 7);
}

}  // namespace
}  // namespace slidedb::e2e
