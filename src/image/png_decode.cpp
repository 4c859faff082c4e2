#include "image/png_decode.h"

#include <memory>

#include <spng.h>

#include <fmt/format.h>

namespace slidedb {

namespace {

struct FreeContext {
    void operator()(spng_ctx* c) const { spng_ctx_free(c); }
};

// Metadata chunks (text, ICC profiles) are read into memory by libspng:
// bound each and their sum, far above what a screenshot carries.
constexpr size_t kMaxChunkBytes = 16u << 20;
constexpr size_t kMaxChunkCache = 32u << 20;

}  // namespace

std::variant<Image, DecodeError> decode_png(std::string_view bytes) {
    std::unique_ptr<spng_ctx, FreeContext> ctx(spng_ctx_new(0));
    if (!ctx) return DecodeError{"cannot decode PNG: out of memory"};
    spng_ctx* c = ctx.get();
    auto failed = [](const char* what, int code) {
        return DecodeError{fmt::format("cannot {} PNG: {}", what, spng_strerror(code))};
    };
    int e = spng_set_image_limits(c, kMaxImageSide, kMaxImageSide);
    if (!e) e = spng_set_chunk_limits(c, kMaxChunkBytes, kMaxChunkCache);
    if (!e) e = spng_set_crc_action(c, SPNG_CRC_USE, SPNG_CRC_USE);
    if (!e) e = spng_set_png_buffer(c, bytes.data(), bytes.size());
    if (e) return failed("read", e);
    spng_ihdr ihdr{};
    if ((e = spng_get_ihdr(c, &ihdr))) return failed("read header of", e);
    if (ihdr.width == 0 || ihdr.height == 0)
        return DecodeError{fmt::format("PNG has no pixels ({}x{})", ihdr.width, ihdr.height)};
    if (ihdr.width > static_cast<unsigned>(kMaxImageSide) || ihdr.height > static_cast<unsigned>(kMaxImageSide) ||
        static_cast<long long>(ihdr.width) * ihdr.height > kMaxImagePixels)
        return DecodeError{fmt::format("image is {}x{}; at most {} pixels a side and {} megapixels are accepted",
                                       ihdr.width, ihdr.height, kMaxImageSide, kMaxImagePixels / 1'000'000)};
    size_t size = 0;
    if ((e = spng_decoded_image_size(c, SPNG_FMT_RGB8, &size))) return failed("decode", e);
    Image img;
    img.width = static_cast<int>(ihdr.width);
    img.height = static_cast<int>(ihdr.height);
    if (size != static_cast<size_t>(img.width) * static_cast<size_t>(img.height) * 3)
        return DecodeError{"cannot decode PNG: unexpected decoded size"};
    img.rgb.resize(size);
    if ((e = spng_decode_image(c, img.rgb.data(), size, SPNG_FMT_RGB8, 0))) return failed("decode", e);
    return img;
}

}  // namespace slidedb
