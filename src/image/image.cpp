#include "image/image.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "image/jpeg_decode.h"
#include "image/png_decode.h"
#include "image/stb_decode.h"

// The one translation unit that compiles stb_image_resize.
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#include <stb/stb_image_resize.h>
#pragma GCC diagnostic pop

namespace slidedb {

Image::Image(int w, int h, std::uint8_t r, std::uint8_t g, std::uint8_t b)
    : width(w), height(h), rgb(static_cast<size_t>(w) * static_cast<size_t>(h) * 3) {
    for (size_t i = 0; i < rgb.size(); i += 3) {
        rgb[i] = r;
        rgb[i + 1] = g;
        rgb[i + 2] = b;
    }
}

ImageFormat image_format(std::string_view bytes) {
    static constexpr unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (bytes.size() >= 8 && std::memcmp(bytes.data(), png, 8) == 0) return ImageFormat::Png;
    if (bytes.size() >= 3 && static_cast<unsigned char>(bytes[0]) == 0xff &&
        static_cast<unsigned char>(bytes[1]) == 0xd8 && static_cast<unsigned char>(bytes[2]) == 0xff)
        return ImageFormat::Jpeg;
    return ImageFormat::Unknown;
}

bool looks_like_image(std::string_view bytes) { return image_format(bytes) != ImageFormat::Unknown; }

std::string_view other_picture_kind(std::string_view bytes) {
    auto at = [&](std::size_t offset, std::string_view magic) {
        return bytes.size() >= offset + magic.size() && bytes.substr(offset, magic.size()) == magic;
    };
    if (at(0, "GIF87a") || at(0, "GIF89a")) return "GIF";
    if (at(0, "RIFF") && at(8, "WEBP")) return "WebP";
    if (at(0, std::string_view("II*\0", 4)) || at(0, std::string_view("MM\0*", 4))) return "TIFF";
    // ISO media files: a box of type ftyp, then the brand.
    if (at(4, "ftyp")) {
        for (std::string_view brand : {"heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"})
            if (at(8, brand)) return "HEIC";
        if (at(8, "avif") || at(8, "avis")) return "AVIF";
    }
    // "BM", then the file's size, then four reserved bytes that are zero.
    if (at(0, "BM") && bytes.size() >= 14 && at(6, std::string_view("\0\0\0\0", 4))) return "BMP";
    return {};
}

std::string picture_of_kind(std::string_view kind) {
    return fmt::format("{} {} picture", kind.starts_with('A') ? "an" : "a", kind);
}

std::string other_picture_refusal(std::string_view bytes) {
    const std::string_view kind = other_picture_kind(bytes);
    return kind.empty() ? std::string()
                        : picture_of_kind(kind) + "; screenshots are read as PNG or JPEG only";
}

namespace {

// A complete PNG ends with an IEND chunk; a complete JPEG with an EOI marker
// (some writers append a few bytes after it, so look near the end).
bool looks_complete(std::string_view bytes, ImageFormat f) {
    const size_t tail = std::min<size_t>(bytes.size(), 4096);
    const std::string_view end = bytes.substr(bytes.size() - tail);
    if (f == ImageFormat::Png) return end.find("IEND") != std::string_view::npos;
    return end.find("\xff\xd9") != std::string_view::npos;
}

// A JPEG's DHT segments must declare Huffman tables a decoder can hold: each
// table's code lengths within the prefix-code limit (Kraft) and at most 256
// codes, a byte's worth of symbols, of class DC or AC and number 0 to 3. A
// scan may use only tables declared before it (stb_image reads a table it
// was never given from memory it never set, and past its arrays). Checked
// before the decoder sees the file, so such a file is refused in the same
// words whatever decodes it. Returns an error message, or empty when sound.
std::string check_jpeg_tables(std::string_view b) {
    auto byte = [&](size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(b[i])); };
    bool declared[2][4] = {};  // [DC, AC][table]
    bool arithmetic = false;   // no Huffman tables at all
    size_t p = 2;  // after SOI
    while (p + 1 < b.size()) {
        if (byte(p) != 0xff) {  // entropy-coded data between markers
            const void* ff = std::memchr(b.data() + p, 0xff, b.size() - p);
            if (!ff) break;
            p = static_cast<size_t>(static_cast<const char*>(ff) - b.data());
            continue;
        }
        const unsigned m = byte(p + 1);
        if (m == 0xff) {  // fill byte
            ++p;
            continue;
        }
        if (m == 0x00 || m == 0x01 || (m >= 0xd0 && m <= 0xd9)) {  // stuffing, TEM, RSTn, SOI, EOI
            p += 2;
            continue;
        }
        if (p + 3 >= b.size()) break;
        const size_t len = byte(p + 2) << 8 | byte(p + 3);
        // A Huffman segment cut short by the file's end is refused too.
        if (m == 0xc4 && (len < 2 || p + 2 + len > b.size())) return "corrupt JPEG (truncated Huffman table)";
        if (len < 2 || p + 2 + len > b.size()) break;  // truncated: the decoder reports it
        if (m == 0xc4) {
            size_t q = p + 4;
            const size_t end = p + 2 + len;
            while (q < end) {
                if (q + 17 > end) return "corrupt JPEG (short Huffman table)";
                const unsigned kind = byte(q) >> 4, table = byte(q) & 15;
                if (kind > 1 || table > 3)
                    return fmt::format("corrupt JPEG (Huffman table of class {} number {})", kind, table);
                declared[kind][table] = true;
                unsigned code = 0, total = 0;
                for (int i = 1; i <= 16; ++i) {
                    const unsigned n = byte(q + static_cast<size_t>(i));
                    code += n;
                    total += n;
                    if (code > (1u << i)) return "corrupt JPEG (impossible Huffman table)";
                    code <<= 1;
                }
                // Kraft alone allows 65536 codes of 16 bits; a byte's worth of symbols is 256.
                if (total > 256) return fmt::format("corrupt JPEG (Huffman table of {} codes; at most 256)", total);
                q += 17 + total;
                if (q > end) return "corrupt JPEG (short Huffman table)";
            }
        }
        if (m >= 0xc9 && m <= 0xcf && m != 0xcc) arithmetic = true;  // SOF9-11, SOF13-15
        if (m == 0xda && !arithmetic) {
            // Start of scan: its components' tables, then the spectral
            // range and the successive approximation. A first DC scan reads
            // the DC tables (Ss 0, Ah 0); any scan past Ss..Se's first
            // coefficient reads the AC tables.
            const size_t components = len >= 3 ? byte(p + 4) : 0;
            if (len < 6 + 2 * components) return "corrupt JPEG (short scan header)";
            const size_t after = p + 5 + 2 * components;
            const unsigned ss = byte(after), se = byte(after + 1), ah = byte(after + 2) >> 4;
            for (size_t i = 0; i < components; ++i) {
                const unsigned dc = byte(p + 6 + 2 * i) >> 4, ac = byte(p + 6 + 2 * i) & 15;
                if (ss == 0 && ah == 0 && (dc > 3 || !declared[0][dc]))
                    return fmt::format("corrupt JPEG (a scan reads DC Huffman table {}, never declared)", dc);
                if (se > 0 && (ac > 3 || !declared[1][ac]))
                    return fmt::format("corrupt JPEG (a scan reads AC Huffman table {}, never declared)", ac);
            }
        }
        p += 2 + len;
    }
    return {};
}

// Width and height as the header states them (PNG's IHDR, JPEG's first
// start-of-frame), read here so that a refusal names the size the same way
// for both formats. False when not found.
bool header_size(std::string_view bytes, ImageFormat f, long& w, long& h) {
    const auto u8 = [&](std::size_t i) { return static_cast<long>(static_cast<unsigned char>(bytes[i])); };
    if (f == ImageFormat::Png) {
        if (bytes.size() < 24 || bytes.substr(12, 4) != "IHDR") return false;
        w = (u8(16) << 24) | (u8(17) << 16) | (u8(18) << 8) | u8(19);
        h = (u8(20) << 24) | (u8(21) << 16) | (u8(22) << 8) | u8(23);
        return true;
    }
    for (std::size_t p = 2; p + 9 < bytes.size() && u8(p) == 0xff;) {
        const long m = u8(p + 1);
        if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
            h = (u8(p + 5) << 8) | u8(p + 6);
            w = (u8(p + 7) << 8) | u8(p + 8);
            return true;
        }
        p += 2 + static_cast<std::size_t>((u8(p + 2) << 8) | u8(p + 3));
    }
    return false;
}

}  // namespace

namespace {

// The checks every picture passes before a decoder allocates: kind, size of
// the file, the header's size, Huffman tables, end marker. Empty when sound.
std::optional<DecodeError> check_picture(std::string_view bytes, ImageFormat f) {
    if (bytes.empty()) return DecodeError{"empty file (0 bytes)"};
    if (f == ImageFormat::Unknown) {
        std::string other = other_picture_refusal(bytes);
        return DecodeError{other.empty() ? std::string("not a PNG or JPEG image") : std::move(other)};
    }
    const char* kind = f == ImageFormat::Png ? "PNG" : "JPEG";
    if (bytes.size() > static_cast<size_t>(INT32_MAX))
        return DecodeError{fmt::format("{} file too large ({} bytes)", kind, bytes.size())};
    if (f == ImageFormat::Jpeg) {
        if (std::string why = check_jpeg_tables(bytes); !why.empty()) return DecodeError{why};
    }
    // Not found here (an odd segment order): the decoder reads the header
    // and checks the same bounds before it allocates.
    if (long hw = 0, hh = 0; header_size(bytes, f, hw, hh)) {
        if (hw <= 0 || hh <= 0) return DecodeError{fmt::format("{} has no pixels ({}x{})", kind, hw, hh)};
        if (hw > kMaxImageSide || hh > kMaxImageSide || hw * hh > kMaxImagePixels)
            return DecodeError{fmt::format("image is {}x{}; at most {} pixels a side and {} megapixels "
                                           "are accepted",
                                           hw, hh, kMaxImageSide, kMaxImagePixels / 1'000'000)};
    }
    if (!looks_complete(bytes, f)) return DecodeError{fmt::format("truncated {} (no end marker)", kind)};
    return std::nullopt;
}

}  // namespace

std::variant<Image, DecodeError> decode_image(std::string_view bytes) {
    const ImageFormat f = image_format(bytes);
    if (auto refused = check_picture(bytes, f)) return std::move(*refused);
    return f == ImageFormat::Png ? decode_png(bytes) : decode_jpeg_whole(bytes);
}

std::variant<Image, DecodeError> decode_image(std::string_view bytes, int least_side, Reduction& reduction) {
    reduction = Reduction{};
    const ImageFormat f = image_format(bytes);
    if (auto refused = check_picture(bytes, f)) return std::move(*refused);
    int w = 0, h = 0, by = 1;
    if (f == ImageFormat::Jpeg && least_side > 0 && jpeg_size(bytes, w, h)) {
        const int shorter = std::min(w, h);
        for (int k : {8, 4, 2})
            if ((shorter + k - 1) / k >= least_side) {
                by = k;
                break;
            }
    }
    if (by > 1) {
        auto reduced = decode_jpeg(bytes, by);
        if (std::holds_alternative<Image>(reduced)) {
            reduction = Reduction{by, w, h};
            return reduced;
        }
        // What libjpeg-turbo refuses (CMYK, ...) the whole decode judges.
    }
    return f == ImageFormat::Png ? decode_png(bytes) : decode_jpeg_whole(bytes);
}

Image resize_image(const Image& src, int width, int height) {
    Image out(width, height);
    stbir_resize_uint8(src.rgb.data(), src.width, src.height, 0, out.rgb.data(), width, height, 0, 3);
    return out;
}

}  // namespace slidedb
