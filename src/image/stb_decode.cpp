#include "image/stb_decode.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

// The one translation unit that compiles stb_image, for PNG and JPEG. Its own
// dimension limit stays at its default so that stbi_info_from_memory
// reports the size and a refusal can say it.
//
// A checked header does not bound what stb_image allocates: a PNG chunk may
// claim a gigabyte it does not hold (the IDAT buffer is grown to the claim
// before it is read), and a compressed stream may inflate far past the rows
// the header declares. So every allocation it makes goes through a budget
// set for the one picture being decoded, from its file size and its pixels;
// past the budget an allocation fails and stb_image refuses the picture.
namespace slidedb::stb_budget {
void* allocate(size_t size);
void* reallocate(void* p, size_t size);
void release(void* p);
}  // namespace slidedb::stb_budget
#define STBI_MALLOC(sz) slidedb::stb_budget::allocate(sz)
#define STBI_REALLOC(p, newsz) slidedb::stb_budget::reallocate(p, newsz)
#define STBI_FREE(p) slidedb::stb_budget::release(p)
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

namespace stb_budget {

// The largest one allocation may be while this thread decodes; 0 outside a
// decode (stb_image is only called from decode_with_stb).
thread_local size_t largest = 0;

// Small blocks (the decoder's own state, its tables) come zeroed: a part a
// broken file never sets then reads as zeros, not as what the heap held.
void* allocate(size_t size) {
    if (size > largest) return nullptr;
    return size <= (size_t{1} << 16) ? std::calloc(1, size) : std::malloc(size);
}
void* reallocate(void* p, size_t size) { return size > largest ? nullptr : std::realloc(p, size); }
void release(void* p) { std::free(p); }

// Sets the budget for one decode and clears it after.
struct Scope {
    explicit Scope(size_t bytes) { largest = bytes; }
    void set(size_t bytes) { largest = bytes; }
    ~Scope() { largest = 0; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
};

}  // namespace stb_budget

namespace {

std::variant<Image, DecodeError> decode_with_stb(std::string_view bytes, const char* kind) {
    if (bytes.size() > static_cast<size_t>(INT_MAX))
        return DecodeError{fmt::format("{} file too large ({} bytes)", kind, bytes.size())};
    const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
    const int len = static_cast<int>(bytes.size());
    // Reading the header needs only the decoder's own state.
    stb_budget::Scope budget(size_t{1} << 20);
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(data, len, &w, &h, &comp)) {
        const char* why = stbi_failure_reason();
        return DecodeError{fmt::format("cannot read {} header: {}", kind, why ? why : "unknown")};
    }
    if (w <= 0 || h <= 0) return DecodeError{fmt::format("{} has no pixels ({}x{})", kind, w, h)};
    if (w > kMaxImageSide || h > kMaxImageSide || static_cast<long long>(w) * h > kMaxImagePixels)
        return DecodeError{fmt::format("image is {}x{}; at most {} pixels a side and {} megapixels are accepted", w, h,
                                       kMaxImageSide, kMaxImagePixels / 1'000'000)};
    // The largest buffers a sound picture needs: the compressed data gathered
    // (at most the file, doubled as it grows) and the inflated rows at up to
    // 16 bits and 4 channels, a filter byte each, plus the interlaced passes'
    // extra filter bytes; with slack for the growth by doubling.
    const size_t raw = static_cast<size_t>(h) * (static_cast<size_t>(w) * 8 + 8);
    budget.set(std::max(2 * bytes.size(), 2 * raw) + (size_t{1} << 16));
    int dw = 0, dh = 0, dc = 0;
    stbi_uc* pixels = stbi_load_from_memory(data, len, &dw, &dh, &dc, 3);
    if (!pixels) {
        const char* why = stbi_failure_reason();
        if (why && std::string_view(why) == "outofmem")
            return DecodeError{fmt::format("cannot decode {}: it claims more data than a {}x{} picture of {} bytes holds",
                                           kind, w, h, bytes.size())};
        return DecodeError{fmt::format("cannot decode {}: {}", kind, why ? why : "unknown")};
    }
    Image img;
    img.width = dw;
    img.height = dh;
    img.rgb.assign(pixels, pixels + static_cast<size_t>(dw) * static_cast<size_t>(dh) * 3);
    stbi_image_free(pixels);
    return img;
}

// The PNG without its empty IDAT chunks, or nothing when it has none. An
// empty IDAT is legal and adds no data, but stb_image copies its zero bytes
// to a buffer it has not yet allocated (memcpy from null, undefined).
std::optional<std::string> without_empty_idat(std::string_view png) {
    constexpr size_t kSignature = 8, kFrame = 12;  // length, type, CRC
    auto length_at = [&](size_t at) {
        const auto* b = reinterpret_cast<const unsigned char*>(png.data() + at);
        return std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
    };
    std::vector<size_t> empty;
    for (size_t at = kSignature; at + kFrame <= png.size();) {
        const std::uint32_t length = length_at(at);
        if (length == 0 && png.substr(at + 4, 4) == "IDAT") empty.push_back(at);
        if (length > png.size() - at - kFrame) break;  // cut short: stb_image says so
        at += kFrame + length;
    }
    if (empty.empty()) return std::nullopt;
    std::string kept;
    kept.reserve(png.size());
    size_t from = 0;
    for (size_t at : empty) {
        kept.append(png.substr(from, at - from));
        from = at + kFrame;
    }
    kept.append(png.substr(from));
    return kept;
}

}  // namespace

std::variant<Image, DecodeError> decode_png_stb(std::string_view bytes) {
    if (const auto kept = without_empty_idat(bytes)) return decode_with_stb(*kept, "PNG");
    return decode_with_stb(bytes, "PNG");
}

std::variant<Image, DecodeError> decode_jpeg_whole(std::string_view bytes) { return decode_with_stb(bytes, "JPEG"); }

}  // namespace slidedb
