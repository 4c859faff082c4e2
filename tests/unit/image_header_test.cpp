// A picture refused for its size says so, with the size its header states.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "image/image.h"

namespace slidedb {
namespace {

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

// A PNG signature and an IHDR chunk (8-bit RGB), then IEND: no pixel data.
std::string png_header(std::uint32_t w, std::uint32_t h) {
    return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + "IHDR" + be32(w) + be32(h) +
           std::string("\x08\x02\x00\x00\x00", 5) + be32(0) + be32(0) + "IEND" + be32(0xae426082);
}

// SOI, one baseline start-of-frame, EOI.
std::string jpeg_header(std::uint16_t w, std::uint16_t h) {
    std::string s("\xff\xd8\xff\xc0\x00\x11\x08", 7);
    s += static_cast<char>(h >> 8);
    s += static_cast<char>(h);
    s += static_cast<char>(w >> 8);
    s += static_cast<char>(w);
    s += std::string("\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9", 12);
    return s;
}

std::string refusal(const std::string& bytes) {
    const auto r = decode_image(bytes);
    const auto* e = std::get_if<DecodeError>(&r);
    return e ? e->message : "decoded";
}

TEST(ImageHeader, AHugePictureIsRefusedByItsSize) {
    EXPECT_EQ(refusal(png_header(30000, 30000)),
              "image is 30000x30000; at most 16384 pixels a side and 40 megapixels are accepted");
    EXPECT_EQ(refusal(jpeg_header(30000, 30000)),
              "image is 30000x30000; at most 16384 pixels a side and 40 megapixels are accepted");
    EXPECT_EQ(refusal(png_header(9000, 9000)),
              "image is 9000x9000; at most 16384 pixels a side and 40 megapixels are accepted");
}

TEST(ImageHeader, APictureOfNoPixelsSaysSo) {
    EXPECT_EQ(refusal(png_header(0, 0)), "PNG has no pixels (0x0)");
    EXPECT_EQ(refusal(png_header(640, 0)), "PNG has no pixels (640x0)");
    EXPECT_EQ(refusal(jpeg_header(0, 0)), "JPEG has no pixels (0x0)");
}

}  // namespace
}  // namespace slidedb
