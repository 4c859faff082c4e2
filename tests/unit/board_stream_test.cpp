// Reading a board file a piece at a time gives what reading it whole gives,
// and holds no more than the puzzle being read.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "families/families.h"

namespace slidedb {
namespace {

constexpr std::string_view kKbReadme = "...F..\n...FG.\nBAAFG.\nBD....\nCD....\nC.EE..";
constexpr std::string_view kKbBlocks =
    "3 2 2 h\r\n4 1 2 v\r\n6 1 2 v\r\n5 2 2 v\r\n6 3 2 h\r\n3 4 3 v\r\n3 5 2 v";
constexpr std::string_view kKbLine = "...F.....FG.BAAFG.BD....CD....C.EE..";
constexpr std::string_view kKbFramed =
    "+------+\n|   F  |\n|   FG |\n|BAAFG\n|BD    |\n|CD    |\n|C EE  |\n+------+\n";

const ReadPuzzle* as_puzzle(const ReadItem& item) { return std::get_if<ReadPuzzle>(&item); }
const ReadError* as_error(const ReadItem& item) { return std::get_if<ReadError>(&item); }

// What a text gives when fed `piece` bytes at a time.
std::vector<ReadItem> read_in_pieces(std::string_view text, std::size_t piece) {
    std::vector<ReadItem> out;
    BoardTextStream reader;
    for (std::size_t at = 0; at < text.size(); at += piece) reader.feed(text.substr(at, piece), out);
    reader.finish(out);
    return out;
}

std::string item_text(const std::vector<ReadItem>& items) {
    std::string s;
    for (const ReadItem& item : items) {
        if (const auto* e = as_error(item)) s += std::to_string(e->line) + " " + e->message + "\n";
        else s += std::to_string(as_puzzle(item)->line) + " " + as_puzzle(item)->puzzle.key + "\n";
    }
    return s;
}

TEST(InPieces, EveryCutGivesWhatTheWholeTextGives) {
    // Every format, directives, a long line and an unterminated frame at the end.
    const std::string line(kKbLine), blocks(kKbBlocks), framed(kKbFramed), grid(kKbReadme);
    const std::string text = "\xEF\xBB\xBF# size: 6x6\n" + line + "\n" + blocks + "\n\n" + framed + "\n" +
                             grid + "\n\n# exit: left\n" + line + "\n" + line + "\r\n" +
                             std::string(5000, 'o') + "\n" + line + "\n....\nAA..\n....\n....\n" +
                             "+------+\n|      |";
    const std::string whole = item_text(read_board_text(text));
    EXPECT_EQ(std::count(whole.begin(), whole.end(), '\n'), 10) << whole;
    for (std::size_t piece = 1; piece <= 80; ++piece)
        ASSERT_EQ(item_text(read_in_pieces(text, piece)), whole) << "pieces of " << piece;
    ASSERT_EQ(item_text(read_in_pieces(text, 4099)), whole);
}

TEST(InPieces, MemoryHoldsOnePuzzleNotTheFile) {
    // 100,000 database lines in one chunk: past the first MiB (gathered to
    // tell text from binary and pick the family), each comes out before the
    // next piece is read.
    const std::string line = std::string(kKbLine) + "\n";
    BoardTextStream reader;
    std::vector<ReadItem> out;
    std::size_t most_waiting = 0;
    for (int i = 0; i < 100000; ++i) {
        reader.feed(line.substr(0, 10), out);
        reader.feed(line.substr(10), out);
        most_waiting = std::max(most_waiting, static_cast<std::size_t>(i + 1) - out.size());
    }
    reader.finish(out);
    EXPECT_EQ(out.size(), 100000u);
    EXPECT_EQ(most_waiting, (1u << 20) / line.size());
}

TEST(InPieces, TheFamilyIsJudgedOnTheSameHeadWholeOrInPieces) {
    // A long preamble of comments before a blocks puzzle, and a tiles file
    // whose last line is mistyped, both past a 64 KiB piece: read whole (as
    // `solve` reads) and in import's pieces, each reads as its own family.
    std::string preamble;
    for (int i = 0; i < 1100; ++i) preamble += fmt::format("# preamble comment {:05} {:.<44}\n", i, "");
    const std::string blocks = preamble + "start\nAA.\n...\ngoal\n.AA\n...\n";
    std::string tiles;
    for (int i = 0; i < 3182; ++i) tiles += "1 2 3 / 4 5 6 / 7 0 8\n";
    tiles += "1 2 3 / 4 5 6 / 7 0 x8\n";
    for (const std::string& text : {blocks, tiles}) ASSERT_GT(text.size(), 64u << 10);
    const std::string whole = item_text(read_board_text(blocks));
    EXPECT_EQ(whole, "1101 blocks 3x2 AA./...|.AA/...\n");
    EXPECT_EQ(item_text(read_in_pieces(blocks, 64 << 10)), whole);
    const auto read = read_board_text(tiles);
    ASSERT_EQ(read.size(), 3183u);
    EXPECT_EQ(item_text({read[0]}), "1 tiles 3x3 1 2 3 / 4 5 6 / 7 0 8\n");
    EXPECT_EQ(item_text({read[3182]}), "3183 'x8' is not a tile number\n");
    EXPECT_EQ(item_text(read_in_pieces(tiles, 64 << 10)), item_text(read));
}

TEST(InPieces, NulBytesLaterStopTheReading) {
    // Past the first MiB, which tells text from binary.
    std::vector<ReadItem> out;
    BoardTextStream reader;
    std::string lines;
    for (int i = 0; i < 30000; ++i) lines += std::string(kKbLine) + "\n";
    reader.feed(lines, out);
    reader.feed(std::string("\0\0\0\n", 4), out);
    reader.feed(std::string(kKbLine) + "\n", out);
    reader.finish(out);
    ASSERT_EQ(out.size(), 30001u);
    ASSERT_TRUE(as_error(out[30000]));
    EXPECT_EQ(as_error(out[30000])->line, 30001);
    EXPECT_EQ(as_error(out[30000])->message, "binary data from line 30001 on; the rest of the file is not read");
    EXPECT_TRUE(reader.stopped());
}

TEST(InPieces, TilesFilesAreReadWholeByTheDefaultReader) {
    // Tiles keep the default reader: pieces are gathered, then read as one text.
    const std::string text = "1 2 3\n4 . 6\n7 5 8\n\n8 1 2\n. 4 3\n7 6 5\n";
    const std::string whole = item_text(read_board_text(text));
    EXPECT_EQ(whole, "1 tiles 3x3 1 2 3 / 4 0 6 / 7 5 8\n5 tiles 3x3 8 1 2 / 0 4 3 / 7 6 5\n");
    for (std::size_t piece = 1; piece <= 20; ++piece)
        ASSERT_EQ(item_text(read_in_pieces(text, piece)), whole) << "pieces of " << piece;
}

TEST(InPieces, ATilesFileOverTheWholeReadLimitStreamsEveryPuzzle) {
    // Tiles files stream: one past kMaxBoardFileBytes is read to its end,
    // a puzzle every 4 lines, with nothing gathered but the grid at hand.
    const std::string row = "1 2 3\n4 . 6\n7 5 8\n\n";
    std::string piece;
    while (piece.size() < (1u << 20)) piece += row;
    const std::uint64_t per_piece = piece.size() / row.size();
    std::vector<ReadItem> out;
    BoardTextStream reader;
    std::uint64_t pieces = 0, puzzles = 0;
    std::string last;
    for (std::size_t fed = 0; fed <= kMaxBoardFileBytes; fed += piece.size(), ++pieces) {
        reader.feed(piece, out);
        puzzles += out.size();
        if (!out.empty()) last = item_text({out.back()});
        out.clear();
    }
    reader.finish(out);
    puzzles += out.size();
    if (!out.empty()) last = item_text({out.back()});
    EXPECT_GT(pieces * piece.size(), kMaxBoardFileBytes);
    EXPECT_EQ(puzzles, pieces * per_piece);
    EXPECT_EQ(last, std::to_string(4 * pieces * per_piece - 3) + " tiles 3x3 1 2 3 / 4 0 6 / 7 5 8\n");
}

}  // namespace
}  // namespace slidedb
