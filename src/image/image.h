// Pictures in memory, and the only door through which file bytes become
// pixels: PNG through slidedb's own reader (libdeflate), JPEG through
// stb_image, a large JPEG read reduced through libjpeg-turbo, with every
// size bounded before a single pixel is allocated (public input is
// hostile).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace slidedb {

// 8-bit RGB, rows top to bottom, no padding: rgb.size() == width * height * 3.
struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;

    Image() = default;
    Image(int w, int h, std::uint8_t r = 0, std::uint8_t g = 0, std::uint8_t b = 0);

    const std::uint8_t* px(int x, int y) const {
        return rgb.data() + (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3;
    }
    std::uint8_t* px(int x, int y) {
        return rgb.data() + (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3;
    }
};

constexpr long long kMaxImagePixels = 40'000'000;  // 40 megapixels
constexpr int kMaxImageSide = 16384;

enum class ImageFormat { Unknown, Png, Jpeg };

// By magic bytes only; says nothing about whether the rest is sound.
ImageFormat image_format(std::string_view bytes);
bool looks_like_image(std::string_view bytes);
// A picture slidedb does not read, named by its magic bytes ("GIF", "WebP",
// "HEIC", ...) so a refusal can say what the file is; empty when unknown.
std::string_view other_picture_kind(std::string_view bytes);
// "a GIF picture", "an AVIF picture": a kind other_picture_kind names.
std::string picture_of_kind(std::string_view kind);
// The refusal of such a picture ("a GIF picture; screenshots are read as PNG
// or JPEG only"), or empty for bytes of no kind known.
std::string other_picture_refusal(std::string_view bytes);

struct DecodeError {
    std::string message;
};

// Decodes a PNG (RGB, RGBA, grey, palette, 8 or 16 bit) or a JPEG (baseline or
// progressive) into 8-bit RGB; alpha is dropped. Checks the header's size
// before decoding, and rejects truncated files (no IEND chunk / no EOI
// marker) that a decoder would otherwise pad with grey. Never throws.
std::variant<Image, DecodeError> decode_image(std::string_view bytes);

// How much smaller than the file a picture was decoded: 1 (full size), or 2,
// 4, 8 with the file's own size.
struct Reduction {
    int factor = 1;
    int full_width = 0, full_height = 0;  // set when factor > 1
};

// The same, for a reader that needs no more than `least_side` pixels on the
// picture's shorter side: a JPEG is decoded at the largest reduction by 2,
// 4 or 8 (inside libjpeg-turbo's inverse DCT, so at a fraction of the work)
// that keeps its shorter side at least that long. A PNG is always decoded
// whole (its pixels come out of one stream, a reduction saves nothing), as
// is a JPEG no reduction fits or libjpeg-turbo refuses.
std::variant<Image, DecodeError> decode_image(std::string_view bytes, int least_side, Reduction& reduction);

// Bilinear-ish resampling through stb_image_resize (used to make test
// screenshots at other scales and by the debug pictures).
Image resize_image(const Image& src, int width, int height);

}  // namespace slidedb
