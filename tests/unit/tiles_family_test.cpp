// The family `tiles` behind the Family interface: what the pipeline, the
// store and the reports see.
#include <gtest/gtest.h>

#include "families/families.h"
#include "families/tiles/tiles_family.h"

using namespace slidedb;

namespace {

const ReadPuzzle& first_puzzle(const std::vector<ReadItem>& items) {
    for (const auto& item : items)
        if (const auto* p = std::get_if<ReadPuzzle>(&item)) return *p;
    throw std::runtime_error("no puzzle");
}

}  // namespace

TEST(TilesFamily, RegisteredAndFoundByItsText) {
    ASSERT_NE(find_family("tiles"), nullptr);
    const auto items = read_board_text("1 2 3\n4 . 6\n7 5 8\n");
    const ReadPuzzle& p = first_puzzle(items);
    EXPECT_EQ(p.puzzle.family, "tiles");
    EXPECT_EQ(p.puzzle.key, "tiles 3x3 1 2 3 / 4 0 6 / 7 5 8");
    EXPECT_EQ(p.puzzle.board, "1 2 3\n4 0 6\n7 5 8");
    EXPECT_EQ(*p.puzzle.blocks, 8);
    EXPECT_FALSE(p.puzzle.exit_side.has_value());
    // An Unblock grid still goes to Unblock.
    EXPECT_EQ(first_puzzle(read_board_text("..B...\n..B...\nAAB...\n......\n......\n......\n")).puzzle.family,
              "unblock");
}

TEST(TilesFamily, TheGoalIsPartOfTheKeyAndTheBoardText) {
    const auto items = read_board_text("# goal: blank first\n1 0\n2 3\n");
    const Puzzle& p = first_puzzle(items).puzzle;
    EXPECT_EQ(p.key, "tiles 2x2 1 0 / 2 3 goal 0 1 / 2 3");
    EXPECT_EQ(p.board, "1 0\n2 3\ngoal: 0 1 / 2 3");
    const Family& f = family_of(p);
    EXPECT_EQ(f.validate(p), "");
    EXPECT_EQ(f.summary(p), "2x2, 3 tiles, goal with the blank first (0 1 2 ...)");
    const SolveResult r = f.solve(p, SolveOptions{});
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 1);
    EXPECT_EQ(r.solution, "1L");
    EXPECT_EQ(r.cluster_size, 12u);
    EXPECT_EQ(r.extra("search"), "bfs");
    EXPECT_EQ(r.extra("cluster_by"), "search");
}

TEST(TilesFamily, ReplayShowsEveryBoard) {
    const Puzzle p = first_puzzle(read_board_text("1 2 3\n4 0 6\n7 5 8\n")).puzzle;
    const Family& f = family_of(p);
    const auto steps = f.replay(p, "5D 8R");
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_EQ(steps[0].text, "1 2 3\n4 . 6\n7 5 8\n");
    EXPECT_EQ(steps[2].move, "8R");
    EXPECT_EQ(steps[2].text, "1 2 3\n4 5 6\n7 8 .\n");
    EXPECT_THROW(f.replay(p, "3U"), PuzzleError);
    EXPECT_EQ(f.board_text(p, 2), "  1 2 3\n  4 . 6\n  7 5 8\n");
    EXPECT_NE(f.validate(Puzzle{"tiles", 3, 3, "1 2 3\n4 4 6\n7 5 8", "", {}, {}, {}, {}}), "");
}

TEST(TilesFamily, UnsolvableCarriesTheReason) {
    const Puzzle p = first_puzzle(read_board_text("1 2\n3 0\n\n2 1\n3 0\n")).puzzle;
    const auto items = read_board_text("2 1\n3 0\n");
    const Puzzle& q = first_puzzle(items).puzzle;
    const SolveResult r = family_of(q).solve(q, SolveOptions{});
    EXPECT_EQ(r.status, Status::Unsolvable);
    EXPECT_EQ(r.extra("search"), "parity");
    EXPECT_EQ(r.extra("reason"),
              "the goal is out of reach: the arrangement and the goal have opposite parity, and moves keep it");
    EXPECT_EQ(r.examined, 0u);
    EXPECT_EQ(family_of(p).solve(p, SolveOptions{}).moves, 0);
}

// The family's reader takes a file in pieces cut anywhere and gives what
// read() gives for the whole, line numbers included.
TEST(TilesFamily, StreamingReaderAgreesWithTheWholeRead) {
    const Family& tiles = *find_family("tiles");
    const std::string text =
        "# goal: blank first\n1 0\n2 3\n\n# size: 3x2\nA 3 1 2 3 4 0 5\n1 2 3\n4 x 6\n7 8 0\r\n\n"
        "1 2 3 / 4 5 6 / 7 0 8";
    auto describe = [](const std::vector<ReadItem>& items) {
        std::string out;
        for (const auto& item : items) {
            if (const auto* e = std::get_if<ReadError>(&item)) out += std::to_string(e->line) + " error " + e->message + "\n";
            else out += std::to_string(std::get<ReadPuzzle>(item).line) + " " + std::get<ReadPuzzle>(item).puzzle.key + "\n";
        }
        return out;
    };
    const std::string whole = describe(tiles.read(text));
    EXPECT_EQ(whole,
              "2 tiles 2x2 1 0 / 2 3 goal 0 1 / 2 3\n"
              "6 tiles 3x2 1 2 3 / 4 0 5 goal 0 1 2 / 3 4 5\n"
              "8 error 'x' is not a tile number\n"
              "11 tiles 3x3 1 2 3 / 4 5 6 / 7 0 8 goal 0 1 2 / 3 4 5 / 6 7 8\n");
    for (std::size_t piece : {1u, 2u, 7u, 64u}) {
        auto reader = tiles.reader();
        std::vector<ReadItem> items;
        for (std::size_t at = 0; at < text.size(); at += piece) reader->feed(std::string_view(text).substr(at, piece), items);
        reader->finish(items);
        EXPECT_EQ(describe(items), whole) << piece;
    }
    // An overlong line is refused with its line, the rest read.
    auto reader = tiles.reader();
    std::vector<ReadItem> items;
    reader->feed("1 2 3 / 4 5 6 / 7 0 8\n" + std::string(5000, '1') + "\n1 2 3 / 4 5 6 / 0 7 8\n", items);
    reader->finish(items);
    EXPECT_EQ(describe(items), "1 tiles 3x3 1 2 3 / 4 5 6 / 7 0 8\n2 error line is 5000 bytes; lines over 4096 bytes are not read\n"
                               "3 tiles 3x3 1 2 3 / 4 5 6 / 0 7 8\n");
}

namespace slidedb {
namespace {

// The bands of a size: halves, three quarters and nine tenths of its
// greatest distance; either way round.
std::string bands_of(int width, int height) {
    std::string out;
    for (const DifficultyBand& b : tiles_family().difficulty().bands)
        if (b.width == width && b.height == height)
            out += b.band + " " + std::to_string(b.lo) + "-" + (b.hi ? std::to_string(*b.hi) : "") + "\n";
    return out;
}

TEST(TilesFamily, GradesMovesAgainstTheSizesGreatestDistance) {
    EXPECT_EQ(bands_of(3, 3), "Easy 0-15\nMedium 16-23\nHard 24-27\nHardest 28-31\n");
    EXPECT_EQ(bands_of(4, 4), "Easy 0-40\nMedium 41-60\nHard 61-72\nHardest 73-80\n");
    EXPECT_EQ(bands_of(2, 3), "Easy 0-10\nMedium 11-15\nHard 16-18\nHardest 19-21\n");
    EXPECT_EQ(bands_of(3, 2), bands_of(2, 3));
    EXPECT_EQ(bands_of(4, 3), "Easy 0-26\nMedium 27-39\nHard 40-47\nHardest 48-53\n");
    EXPECT_EQ(bands_of(5, 5), "");
    EXPECT_EQ(bands_of(0, 0), "Unrated 0-\n");
    EXPECT_EQ(tiles_family().difficulty().bands.size(), 11u * 4 + 1);  // 7 sizes, 4 not square: both ways round
}

}  // namespace
}  // namespace slidedb
