// Decoding pictures: every PNG colour type comes out as 8-bit RGB, and a
// large JPEG is decoded reduced by 2, 4, 8 for reading (libjpeg-turbo).
#include <gtest/gtest.h>

#include <turbojpeg.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include "image/encode.h"
#include "image/image.h"
#include "image/png_decode.h"
#include "image/stb_decode.h"

namespace slidedb {
namespace {

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::uint32_t crc32(const std::string& s) {
    std::uint32_t c = 0xffffffffu;
    for (unsigned char b : s) {
        c ^= b;
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
}

std::string chunk(const std::string& type, const std::string& data) {
    return be32(static_cast<std::uint32_t>(data.size())) + type + data + be32(crc32(type + data));
}

// A PNG of the given IHDR: each row's bytes after a filter byte of 0, in one
// zlib stream of stored (uncompressed) blocks.
std::string png_of_rows(int w, int h, std::uint8_t color_type, std::uint8_t depth, const std::string& raw,
                        const std::string& palette = {});

std::string png_of(int w, int h, std::uint8_t color_type, std::uint8_t depth, const std::vector<std::uint8_t>& pixels,
                   const std::string& palette = {}) {
    const size_t row = pixels.size() / static_cast<size_t>(h);
    std::string raw;
    for (int y = 0; y < h; ++y) {
        raw += '\0';
        raw.append(reinterpret_cast<const char*>(pixels.data()) + static_cast<size_t>(y) * row, row);
    }
    return png_of_rows(w, h, color_type, depth, raw, palette);
}

// The same from the rows as stored: each its filter byte, then its bytes.
std::string png_of_rows(int w, int h, std::uint8_t color_type, std::uint8_t depth, const std::string& raw,
                        const std::string& palette) {
    std::string z("\x78\x01", 2);
    z += '\x01';  // the last block, stored
    const auto n = static_cast<std::uint16_t>(raw.size());
    z += static_cast<char>(n & 0xff);
    z += static_cast<char>(n >> 8);
    z += static_cast<char>(~n & 0xff);
    z += static_cast<char>((~n >> 8) & 0xff);
    z += raw;
    std::uint32_t a = 1, b = 0;
    for (unsigned char c : raw) {
        a = (a + c) % 65521;
        b = (b + a) % 65521;
    }
    z += be32(b << 16 | a);
    std::string ihdr = be32(static_cast<std::uint32_t>(w)) + be32(static_cast<std::uint32_t>(h));
    ihdr += static_cast<char>(depth);
    ihdr += static_cast<char>(color_type);
    ihdr += std::string(3, '\0');
    std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr);
    if (!palette.empty()) png += chunk("PLTE", palette);
    return png + chunk("IDAT", z) + chunk("IEND", "");
}

Image decoded(const std::string& bytes) {
    auto r = decode_image(bytes);
    if (auto* e = std::get_if<DecodeError>(&r)) ADD_FAILURE() << e->message;
    return std::holds_alternative<Image>(r) ? std::get<Image>(r) : Image{};
}

std::vector<std::uint8_t> rgb_of(const Image& im) { return im.rgb; }

TEST(PictureDecode, GreyPngIsRepeatedOnEachChannel) {
    const Image im = decoded(png_of(3, 1, 0, 8, {0, 128, 255}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{0, 0, 0, 128, 128, 128, 255, 255, 255}));
}

TEST(PictureDecode, SixteenBitPngKeepsTheHighByte) {
    // One RGB pixel of samples 0x1234, 0xabcd, 0xff00, big-endian as PNG has them.
    const Image im = decoded(png_of(1, 1, 2, 16, {0x12, 0x34, 0xab, 0xcd, 0xff, 0x00}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{0x12, 0xab, 0xff}));
}

TEST(PictureDecode, PalettePngIsLookedUp) {
    const Image im = decoded(png_of(2, 1, 3, 8, {1, 0}, std::string("\x0a\x14\x1e\xc8\x64\x32", 6)));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{200, 100, 50, 10, 20, 30}));
}

TEST(PictureDecode, AlphaIsDropped) {
    const Image im = decoded(png_of(2, 1, 6, 8, {1, 2, 3, 0, 4, 5, 6, 255}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6}));
    const Image ga = decoded(png_of(1, 1, 4, 8, {77, 9}));
    EXPECT_EQ(rgb_of(ga), (std::vector<std::uint8_t>{77, 77, 77}));
}

TEST(PictureDecode, OneBitGreyPngIsBlackAndWhite) {
    // 0b10100000: pixels 1, 0, 1 of a 3-pixel row.
    const Image im = decoded(png_of(3, 1, 0, 1, {0xa0}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{255, 255, 255, 0, 0, 0, 255, 255, 255}));
}

TEST(PictureDecode, ACorruptPngIsRefusedWithAReason) {
    std::string bytes = encode_png(Image(64, 64, 10, 20, 30));
    const size_t idat = bytes.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    for (size_t i = idat + 4; i < idat + 20; ++i) bytes[i] = '\x55';  // zlib stream garbled
    auto r = decode_image(bytes);
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message.rfind("cannot decode PNG: ", 0), 0u) << std::get<DecodeError>(r).message;
}

// slidedb's own PNG path (libdeflate) gives stb_image's pixels exactly, on
// every PNG the tests hold and on every colour type and depth.
void expect_as_stb(const std::string& bytes, const std::string& name) {
    auto ours = decode_png(bytes);
    auto theirs = decode_png_stb(bytes);
    ASSERT_EQ(ours.index(), theirs.index()) << name;
    if (const auto* a = std::get_if<Image>(&ours)) {
        const auto& b = std::get<Image>(theirs);
        EXPECT_EQ(a->width, b.width) << name;
        EXPECT_EQ(a->height, b.height) << name;
        EXPECT_TRUE(a->rgb == b.rgb) << name;
    } else {
        EXPECT_EQ(std::get<DecodeError>(ours).message, std::get<DecodeError>(theirs).message) << name;
    }
}

TEST(PictureDecode, EveryPngOfTheTestDataDecodesAsStbImageDoes) {
    int pictures = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(SLIDEDB_TEST_DATA)) {
        std::string ext = e.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        if (!e.is_regular_file() || ext != ".png") continue;
        std::ifstream in(e.path(), std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        expect_as_stb(bytes, e.path().string());
        ++pictures;
    }
    EXPECT_GE(pictures, 12);
}

TEST(PictureDecode, EveryColourTypeAndDepthDecodesAsStbImageDoes) {
    std::vector<std::uint8_t> noise(64 * 8 * 8);
    std::uint32_t x = 12345;
    for (auto& b : noise) b = static_cast<std::uint8_t>((x = x * 1103515245u + 12345u) >> 24);
    std::string palette;
    for (int i = 0; i < 200; ++i) palette += std::string{char(i), char(255 - i), char(i * 7)};
    struct Kind {
        std::uint8_t color, depth;
        int channels;
    };
    for (const Kind k : {Kind{0, 1, 1}, Kind{0, 2, 1}, Kind{0, 4, 1}, Kind{0, 8, 1}, Kind{0, 16, 1}, Kind{2, 8, 3},
                         Kind{2, 16, 3}, Kind{3, 1, 1}, Kind{3, 2, 1}, Kind{3, 4, 1}, Kind{3, 8, 1}, Kind{4, 8, 2},
                         Kind{4, 16, 2}, Kind{6, 8, 4}, Kind{6, 16, 4}}) {
        const int w = 13, h = 7;
        const size_t row = (static_cast<size_t>(w) * k.channels * k.depth + 7) / 8;
        std::vector<std::uint8_t> pixels(noise.begin(), noise.begin() + static_cast<long>(row * h));
        // Indices past the palette read as nothing defined in stb_image: keep them inside.
        if (k.color == 3 && k.depth == 8)
            for (auto& p : pixels) p = static_cast<std::uint8_t>(p % 200);
        expect_as_stb(png_of(w, h, k.color, k.depth, pixels, k.color == 3 ? palette : std::string{}),
                      "colour " + std::to_string(k.color) + " depth " + std::to_string(k.depth));
    }
}

// Rows filtered every way: each row's filter byte set in turn, over noise.
TEST(PictureDecode, EveryFilterDecodesAsStbImageDoes) {
    for (int channels : {1, 3, 4}) {
        const std::uint8_t color = channels == 1 ? 0 : channels == 3 ? 2 : 6;
        const int w = 17, h = 10;
        std::vector<std::uint8_t> pixels(static_cast<size_t>(w) * h * channels);
        std::uint32_t x = 99;
        for (auto& b : pixels) b = static_cast<std::uint8_t>((x = x * 1103515245u + 12345u) >> 24);
        std::string raw;
        const size_t row = static_cast<size_t>(w) * channels;
        for (int y = 0; y < h; ++y) {
            raw += static_cast<char>(y % 5);
            raw.append(reinterpret_cast<const char*>(pixels.data()) + y * row, row);
        }
        expect_as_stb(png_of_rows(w, h, color, 8, raw), "channels " + std::to_string(channels));
    }
}

// A chunk may claim more bytes than the file holds; the decoder must not
// allocate the claim (here 1 GiB) before it finds the bytes missing.
TEST(PictureDecode, AChunkClaimingAGigabyteIsRefusedWithoutAllocatingIt) {
    std::string bytes = png_of(4, 4, 0, 8, std::vector<std::uint8_t>(16, 7));
    const size_t idat = bytes.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    bytes.replace(idat - 4, 4, be32(1u << 30));
    auto r = decode_image(bytes);
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message,
              "cannot decode PNG: it claims more data than a 4x4 picture of 88 bytes holds");
}

// An empty IDAT adds nothing to the picture's data: the picture reads the
// same with one before its data.
TEST(PictureDecode, AnEmptyIdatChunkIsSkipped) {
    const std::string plain = png_of(2, 1, 0, 8, {40, 200});
    const size_t idat = plain.find("IDAT") - 4;
    const std::string with_empty = plain.substr(0, idat) + chunk("IDAT", "") + plain.substr(idat);
    EXPECT_EQ(rgb_of(decoded(with_empty)), (std::vector<std::uint8_t>{40, 40, 40, 200, 200, 200}));
}

// Deflate's fixed codes, written least significant bit first; a Huffman
// code goes in most significant bit first.
struct Bits {
    std::string out;
    std::uint32_t acc = 0;
    int n = 0;
    void put(std::uint32_t v, int count) {
        for (int i = 0; i < count; ++i) push((v >> i) & 1u);
    }
    void code(std::uint32_t v, int count) {
        for (int i = count - 1; i >= 0; --i) push((v >> i) & 1u);
    }
    void push(std::uint32_t bit) {
        acc |= bit << n;
        if (++n == 8) {
            out += static_cast<char>(acc);
            acc = 0;
            n = 0;
        }
    }
    std::string done() {
        if (n) out += static_cast<char>(acc);
        return out;
    }
};

// A 1x1 PNG whose one row inflates to 10 MB: 13 bits of compressed data give
// 258 bytes, so 66 KB of file would ask for 10 MB of memory, unbounded by
// the picture's own size.
TEST(PictureDecode, RowsInflatingFarPastThePictureAreRefused) {
    Bits z;
    z.put(1, 1);                 // the last block
    z.put(1, 2);                 // fixed codes
    z.code(0x30, 8);             // literal 0
    for (int i = 0; i < 40'000; ++i) {
        z.code(0xc5, 8);         // length 258 (code 285)
        z.code(0, 5);            // distance 1
    }
    z.code(0, 7);                // end of block
    std::string ihdr = be32(1) + be32(1) + std::string("\x08\x00\x00\x00\x00", 5);
    const std::string bytes = std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) +
                              chunk("IDAT", std::string("\x78\x01", 2) + z.done() + be32(0)) + chunk("IEND", "");
    auto r = decode_image(bytes);
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message.rfind("cannot decode PNG: it claims more data than a 1x1 picture", 0), 0u)
        << std::get<DecodeError>(r).message;
}

// A picture with a left half dark and a right half light, as JPEG.
std::string halves_jpeg(int w, int h, int quality) {
    Image im(w, h, 30, 30, 30);
    for (int y = 0; y < h; ++y)
        for (int x = w / 2; x < w; ++x) {
            auto* p = im.px(x, y);
            p[0] = 220;
            p[1] = 200;
            p[2] = 180;
        }
    return encode_jpeg(im, quality);
}

TEST(PictureDecode, JpegDecodesWholeCloseToWhatWasEncoded) {
    const Image im = decoded(halves_jpeg(64, 48, 95));
    ASSERT_EQ(im.width, 64);
    ASSERT_EQ(im.height, 48);
    EXPECT_NEAR(im.px(5, 5)[0], 30, 3);
    EXPECT_NEAR(im.px(60, 40)[0], 220, 3);
    EXPECT_NEAR(im.px(60, 40)[2], 180, 3);
}

TEST(PictureDecode, AJpegLargerThanNeededIsReducedInTheDct) {
    const std::string bytes = halves_jpeg(1080, 1920, 90);
    Reduction r;
    auto d = decode_image(bytes, 480, r);
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    EXPECT_EQ(r.factor, 2);
    EXPECT_EQ(r.full_width, 1080);
    EXPECT_EQ(r.full_height, 1920);
    const Image& half = std::get<Image>(d);
    EXPECT_EQ(half.width, 540);
    EXPECT_EQ(half.height, 960);
    EXPECT_NEAR(half.px(10, 10)[0], 30, 3);
    EXPECT_NEAR(half.px(530, 950)[0], 220, 3);
    // A smaller need reduces further, a side rounding up: 1080/8 = 135, 1920/8 = 240.
    auto eighth = decode_image(bytes, 100, r);
    ASSERT_TRUE(std::holds_alternative<Image>(eighth));
    EXPECT_EQ(r.factor, 8);
    EXPECT_EQ(std::get<Image>(eighth).width, 135);
    EXPECT_EQ(std::get<Image>(eighth).height, 240);
    auto odd = decode_image(halves_jpeg(1001, 999, 90), 120, r);
    ASSERT_TRUE(std::holds_alternative<Image>(odd));
    EXPECT_EQ(r.factor, 8);
    EXPECT_EQ(std::get<Image>(odd).width, 126);
    EXPECT_EQ(std::get<Image>(odd).height, 125);
}

TEST(PictureDecode, APictureNoLargerThanNeededIsDecodedWhole) {
    Reduction r;
    auto d = decode_image(halves_jpeg(540, 960, 90), 480, r);
    ASSERT_TRUE(std::holds_alternative<Image>(d));
    EXPECT_EQ(r.factor, 1);
    EXPECT_EQ(std::get<Image>(d).width, 540);
    // A PNG is never reduced.
    auto p = decode_image(encode_png(Image(1080, 1920, 1, 2, 3)), 480, r);
    ASSERT_TRUE(std::holds_alternative<Image>(p));
    EXPECT_EQ(r.factor, 1);
    EXPECT_EQ(std::get<Image>(p).width, 1080);
}

// libjpeg-turbo gives no RGB for CMYK: such a picture is judged whole, as
// any picture is without a reduction.
TEST(PictureDecode, ACmykJpegIsDecodedWholeNotReduced) {
    std::vector<unsigned char> cmyk(64 * 64 * 4, 100);
    tjhandle tj = tjInitCompress();
    unsigned char* out = nullptr;
    unsigned long size = 0;
    ASSERT_EQ(tjCompress2(tj, cmyk.data(), 64, 0, 64, TJPF_CMYK, &out, &size, TJSAMP_444, 90, 0), 0);
    const std::string bytes(reinterpret_cast<const char*>(out), size);
    tjFree(out);
    tjDestroy(tj);
    Reduction r;
    auto reduced = decode_image(bytes, 16, r);
    EXPECT_EQ(r.factor, 1);
    auto whole = decode_image(bytes);
    ASSERT_EQ(reduced.index(), whole.index());
    if (auto* im = std::get_if<Image>(&reduced)) {
        EXPECT_EQ(im->width, 64);
        EXPECT_EQ(im->rgb, std::get<Image>(whole).rgb);
    } else {
        EXPECT_EQ(std::get<DecodeError>(reduced).message, std::get<DecodeError>(whole).message);
    }
}

}  // namespace
}  // namespace slidedb
