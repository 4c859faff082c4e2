// Decoding pictures: libspng gives every PNG colour type as 8-bit RGB, and
// libjpeg-turbo decodes a JPEG whole or reduced by 2, 4, 8 for reading.
#include <gtest/gtest.h>

#include <spng.h>
#include <turbojpeg.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "image/encode.h"
#include "image/image.h"

namespace slidedb {
namespace {

// A PNG of the given IHDR, its rows as given (filter bytes are added).
std::string png_of(int w, int h, std::uint8_t color_type, std::uint8_t depth, const std::vector<std::uint8_t>& pixels,
                   const std::vector<spng_plte_entry>& palette = {}) {
    spng_ctx* c = spng_ctx_new(SPNG_CTX_ENCODER);
    spng_set_option(c, SPNG_ENCODE_TO_BUFFER, 1);
    spng_ihdr ihdr{};
    ihdr.width = static_cast<std::uint32_t>(w);
    ihdr.height = static_cast<std::uint32_t>(h);
    ihdr.color_type = color_type;
    ihdr.bit_depth = depth;
    spng_set_ihdr(c, &ihdr);
    if (!palette.empty()) {
        spng_plte plte{};
        plte.n_entries = static_cast<std::uint32_t>(palette.size());
        for (size_t i = 0; i < palette.size(); ++i) plte.entries[i] = palette[i];
        spng_set_plte(c, &plte);
    }
    EXPECT_EQ(spng_encode_image(c, pixels.data(), pixels.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE), 0);
    size_t size = 0;
    int error = 0;
    void* out = spng_get_png_buffer(c, &size, &error);
    std::string bytes(static_cast<const char*>(out), size);
    std::free(out);
    spng_ctx_free(c);
    return bytes;
}

Image decoded(const std::string& bytes) {
    auto r = decode_image(bytes);
    if (auto* e = std::get_if<DecodeError>(&r)) ADD_FAILURE() << e->message;
    return std::holds_alternative<Image>(r) ? std::get<Image>(r) : Image{};
}

std::vector<std::uint8_t> rgb_of(const Image& im) { return im.rgb; }

TEST(PictureDecode, GreyPngIsRepeatedOnEachChannel) {
    const Image im = decoded(png_of(3, 1, SPNG_COLOR_TYPE_GRAYSCALE, 8, {0, 128, 255}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{0, 0, 0, 128, 128, 128, 255, 255, 255}));
}

TEST(PictureDecode, SixteenBitPngKeepsTheHighByte) {
    // One RGB pixel of samples 0x1234, 0xabcd, 0xff00 (libspng encodes from host order).
    const std::uint16_t samples[3] = {0x1234, 0xabcd, 0xff00};
    std::vector<std::uint8_t> bytes(sizeof samples);
    std::memcpy(bytes.data(), samples, sizeof samples);
    const Image im = decoded(png_of(1, 1, SPNG_COLOR_TYPE_TRUECOLOR, 16, bytes));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{0x12, 0xab, 0xff}));
}

TEST(PictureDecode, PalettePngIsLookedUp) {
    const Image im = decoded(png_of(2, 1, SPNG_COLOR_TYPE_INDEXED, 8, {1, 0},
                                    {{10, 20, 30, 255}, {200, 100, 50, 255}}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{200, 100, 50, 10, 20, 30}));
}

TEST(PictureDecode, AlphaIsDropped) {
    const Image im = decoded(png_of(2, 1, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 8, {1, 2, 3, 0, 4, 5, 6, 255}));
    EXPECT_EQ(rgb_of(im), (std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6}));
    const Image ga = decoded(png_of(1, 1, SPNG_COLOR_TYPE_GRAYSCALE_ALPHA, 8, {77, 9}));
    EXPECT_EQ(rgb_of(ga), (std::vector<std::uint8_t>{77, 77, 77}));
}

TEST(PictureDecode, OneBitGreyPngIsBlackAndWhite) {
    // 0b10100000: pixels 1, 0, 1 of a 3-pixel row.
    const Image im = decoded(png_of(3, 1, SPNG_COLOR_TYPE_GRAYSCALE, 1, {0xa0}));
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

TEST(PictureDecode, ACmykJpegIsRefusedWithAReason) {
    std::vector<unsigned char> cmyk(16 * 16 * 4, 100);
    tjhandle tj = tjInitCompress();
    unsigned char* out = nullptr;
    unsigned long size = 0;
    ASSERT_EQ(tjCompress2(tj, cmyk.data(), 16, 0, 16, TJPF_CMYK, &out, &size, TJSAMP_444, 90, 0), 0);
    const std::string bytes(reinterpret_cast<const char*>(out), size);
    tjFree(out);
    tjDestroy(tj);
    auto r = decode_image(bytes);
    ASSERT_TRUE(std::holds_alternative<DecodeError>(r));
    EXPECT_EQ(std::get<DecodeError>(r).message, "cannot decode JPEG: CMYK pictures are not read");
}

}  // namespace
}  // namespace slidedb
