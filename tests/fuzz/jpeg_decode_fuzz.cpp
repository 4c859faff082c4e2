// Fuzz target: decoding a JPEG through libjpeg-turbo, whole and reduced.
// Any bytes either decode to a picture of the size they claim or are
// refused with a reason; nothing else (a crash, an overflow, a wrong size).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "image/image.h"

namespace {

void check(const std::variant<slidedb::Image, slidedb::DecodeError>& r) {
    if (const auto* im = std::get_if<slidedb::Image>(&r)) {
        if (im->width <= 0 || im->height <= 0 ||
            im->rgb.size() != static_cast<std::size_t>(im->width) * static_cast<std::size_t>(im->height) * 3)
            std::abort();
    } else if (std::get<slidedb::DecodeError>(r).message.empty()) {
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    if (slidedb::image_format(bytes) != slidedb::ImageFormat::Jpeg) return 0;
    const auto whole = slidedb::decode_image(bytes);
    check(whole);
    // A least side of 16 px reduces even the small pictures a fuzzer makes.
    slidedb::Reduction reduction;
    const auto reduced = slidedb::decode_image(bytes, 16, reduction);
    check(reduced);
    if (const auto* im = std::get_if<slidedb::Image>(&reduced); im && reduction.factor > 1) {
        // A side rounds up: the full size divided by the factor.
        if (im->width != (reduction.full_width + reduction.factor - 1) / reduction.factor ||
            im->height != (reduction.full_height + reduction.factor - 1) / reduction.factor)
            std::abort();
    }
    return 0;
}
