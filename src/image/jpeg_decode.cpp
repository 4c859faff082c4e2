#include "image/jpeg_decode.h"

#include <turbojpeg.h>

#include <fmt/format.h>

namespace slidedb {

namespace {

// One decompressor a thread, kept: making one allocates its tables.
class Decompressor {
public:
    Decompressor() : handle_(tjInitDecompress()) {}
    ~Decompressor() {
        if (handle_) tjDestroy(handle_);
    }
    Decompressor(const Decompressor&) = delete;
    Decompressor& operator=(const Decompressor&) = delete;
    tjhandle get() const { return handle_; }

private:
    tjhandle handle_;
};

tjhandle decompressor() {
    thread_local Decompressor d;
    return d.get();
}

std::string reason(tjhandle h) {
    const char* why = tjGetErrorStr2(h);
    return why && *why ? why : "unknown";
}

}  // namespace

bool jpeg_size(std::string_view bytes, int& width, int& height) {
    tjhandle h = decompressor();
    int subsamp = 0, colorspace = 0;
    return h && tjDecompressHeader3(h, reinterpret_cast<const unsigned char*>(bytes.data()),
                                    static_cast<unsigned long>(bytes.size()), &width, &height, &subsamp,
                                    &colorspace) == 0;
}

std::variant<Image, DecodeError> decode_jpeg(std::string_view bytes, int reduce) {
    tjhandle h = decompressor();
    if (!h) return DecodeError{"cannot decode JPEG: out of memory"};
    if (reduce != 1 && reduce != 2 && reduce != 4 && reduce != 8) reduce = 1;
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto size = static_cast<unsigned long>(bytes.size());
    int w = 0, hgt = 0, subsamp = 0, colorspace = 0;
    if (tjDecompressHeader3(h, data, size, &w, &hgt, &subsamp, &colorspace) != 0)
        return DecodeError{fmt::format("cannot read JPEG header: {}", reason(h))};
    if (w <= 0 || hgt <= 0) return DecodeError{fmt::format("JPEG has no pixels ({}x{})", w, hgt)};
    if (w > kMaxImageSide || hgt > kMaxImageSide || static_cast<long long>(w) * hgt > kMaxImagePixels)
        return DecodeError{fmt::format("image is {}x{}; at most {} pixels a side and {} megapixels are accepted", w,
                                       hgt, kMaxImageSide, kMaxImagePixels / 1'000'000)};
    // CMYK is not a screenshot's colour space; libjpeg converts it to nothing else.
    if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK)
        return DecodeError{"cannot decode JPEG: CMYK pictures are not read"};
    const tjscalingfactor factor{1, reduce};
    Image img;
    img.width = TJSCALED(w, factor);
    img.height = TJSCALED(hgt, factor);
    img.rgb.resize(static_cast<size_t>(img.width) * static_cast<size_t>(img.height) * 3);
    // LIMITSCANS: a progressive file of thousands of scans is refused, not
    // decoded for minutes. A warning (a few stray bytes) still gives pixels.
    if (tjDecompress2(h, data, size, img.rgb.data(), img.width, 0, img.height, TJPF_RGB, TJFLAG_LIMITSCANS) != 0 &&
        tjGetErrorCode(h) != TJERR_WARNING)
        return DecodeError{fmt::format("cannot decode JPEG: {}", reason(h))};
    return img;
}

}  // namespace slidedb
