// Huffman tables stb_image cannot hold are refused before it reads them
// (found by fuzzing: its header reader wrote past a 257-byte table).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "image/image.h"

namespace slidedb {
namespace {

std::string dht_jpeg(const unsigned char counts[16], int symbols) {
    const int len = 2 + 1 + 16 + symbols;
    std::string b = "\xff\xd8\xff\xc4";
    b += static_cast<char>(len >> 8);
    b += static_cast<char>(len & 0xff);
    b += '\0';  // DC table 0
    for (int i = 0; i < 16; ++i) b += static_cast<char>(counts[i]);
    b += std::string(static_cast<std::size_t>(symbols), '\x01');
    return b + "\xff\xd9";
}

// Why decode_image refuses a file of the saved fuzz corpus ("decoded" when
// it does not), after checking the file is the one the test names by size.
std::string refusal(const std::string& path, size_t size) {
    std::ifstream in(std::string(SLIDEDB_SOURCE_DIR) + "/tests/fuzz/corpus/" + path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    EXPECT_EQ(bytes.size(), size) << path;
    const auto r = decode_image(bytes);
    return std::holds_alternative<DecodeError>(r) ? std::get<DecodeError>(r).message : "decoded";
}

TEST(JpegTables, MoreThan256CodesAreRefused) {
    unsigned char counts[16] = {};
    counts[14] = 255;  // 255 codes of 15 bits and 255 of 16: a valid prefix code, 510 symbols
    counts[15] = 255;
    const auto r = decode_image(dht_jpeg(counts, 510));
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message, "corrupt JPEG (Huffman table of 510 codes; at most 256)");
}

TEST(JpegTables, TheFuzzFindingIsRefusedBeforeTheHeaderIsRead) {
    EXPECT_EQ(refusal("screenshot/crash_huffman_over_256_codes.jpg", 31210), "corrupt JPEG (impossible Huffman table)");
}

TEST(JpegTables, AHuffmanSegmentCutShortByTheFileIsRefused) {
    // A second fuzz finding: the segment claims 14,312 bytes in an 11,139-byte
    // file, and stb_image built the table from zeros past the end.
    EXPECT_EQ(refusal("screenshot/crash_truncated_huffman_segment.jpg", 11139), "corrupt JPEG (truncated Huffman table)");
}

TEST(JpegTables, AScanReadingATableNeverDeclaredIsRefused) {
    // A fuzz finding: a progressive picture's AC scan reads AC table 1,
    // declared only by a later segment; stb_image read it from memory it had
    // never set and indexed past its symbols.
    EXPECT_EQ(refusal("jpeg_decode/crash_undeclared_huffman_table.jpg", 54913), "corrupt JPEG (a scan reads AC Huffman table 1, never declared)");
}

TEST(JpegTables, ATableOfAClassOrNumberNoDecoderHasIsRefused) {
    unsigned char counts[16] = {};
    counts[0] = 2;
    std::string bytes = dht_jpeg(counts, 2);
    bytes[6] = '\x14';  // class 1 (AC), number 4
    const auto r = decode_image(bytes);
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message, "corrupt JPEG (Huffman table of class 1 number 4)");
}

}  // namespace
}  // namespace slidedb
