// Fuzz target: decoding a PNG, slidedb's own path (libdeflate) beside
// stb_image under its allocation budget. Any bytes either decode to a
// picture of the size they claim or are refused with a reason; nothing else
// (a crash, an overflow, a wrong size, an allocation past what the picture
// can need). Both decoders agree: on whether the picture decodes and, but
// for palette indices past the palette (undefined in stb_image), on every
// pixel.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "image/image.h"
#include "image/png_decode.h"
#include "image/stb_decode.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    if (slidedb::image_format(bytes) != slidedb::ImageFormat::Png) return 0;
    const auto r = slidedb::decode_image(bytes);
    if (const auto* im = std::get_if<slidedb::Image>(&r)) {
        if (im->width <= 0 || im->height <= 0 ||
            im->rgb.size() != static_cast<std::size_t>(im->width) * static_cast<std::size_t>(im->height) * 3)
            std::abort();
    } else if (std::get<slidedb::DecodeError>(r).message.empty()) {
        std::abort();
    }
    const auto ours = slidedb::decode_png(bytes);
    const auto theirs = slidedb::decode_png_stb(bytes);
    if (ours.index() != theirs.index()) std::abort();
    const bool palette = size > 25 && data[25] == 3;  // IHDR's colour type
    if (const auto* a = std::get_if<slidedb::Image>(&ours)) {
        const auto& b = std::get<slidedb::Image>(theirs);
        if (a->width != b.width || a->height != b.height || (!palette && a->rgb != b.rgb)) std::abort();
    }
    return 0;
}
