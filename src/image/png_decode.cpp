#include "image/png_decode.h"

#include <climits>

#include <fmt/format.h>

// The one translation unit that compiles stb_image, for PNG and JPEG. Its own
// dimension limit stays at its default so that stbi_info_from_memory
// reports the size and a refusal can say it.
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_NO_STDIO
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

namespace slidedb {

namespace {

std::variant<Image, DecodeError> decode_with_stb(std::string_view bytes, const char* kind) {
    if (bytes.size() > static_cast<size_t>(INT_MAX))
        return DecodeError{fmt::format("{} file too large ({} bytes)", kind, bytes.size())};
    const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
    const int len = static_cast<int>(bytes.size());
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(data, len, &w, &h, &comp)) {
        const char* why = stbi_failure_reason();
        return DecodeError{fmt::format("cannot read {} header: {}", kind, why ? why : "unknown")};
    }
    if (w <= 0 || h <= 0) return DecodeError{fmt::format("{} has no pixels ({}x{})", kind, w, h)};
    if (w > kMaxImageSide || h > kMaxImageSide || static_cast<long long>(w) * h > kMaxImagePixels)
        return DecodeError{fmt::format("image is {}x{}; at most {} pixels a side and {} megapixels are accepted", w, h,
                                       kMaxImageSide, kMaxImagePixels / 1'000'000)};
    int dw = 0, dh = 0, dc = 0;
    stbi_uc* pixels = stbi_load_from_memory(data, len, &dw, &dh, &dc, 3);
    if (!pixels) {
        const char* why = stbi_failure_reason();
        return DecodeError{fmt::format("cannot decode {}: {}", kind, why ? why : "unknown")};
    }
    Image img;
    img.width = dw;
    img.height = dh;
    img.rgb.assign(pixels, pixels + static_cast<size_t>(dw) * static_cast<size_t>(dh) * 3);
    stbi_image_free(pixels);
    return img;
}

}  // namespace

std::variant<Image, DecodeError> decode_png(std::string_view bytes) { return decode_with_stb(bytes, "PNG"); }

std::variant<Image, DecodeError> decode_jpeg_whole(std::string_view bytes) { return decode_with_stb(bytes, "JPEG"); }

}  // namespace slidedb
