#include "image/png_decode.h"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "image/stb_decode.h"

namespace slidedb {

namespace {

std::uint32_t be32(const unsigned char* p) {
    return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

// What the chunks say, when they say it plainly enough for the fast path.
struct Layout {
    std::uint32_t width = 0, height = 0;
    int depth = 0, color = 0;
    int palette_size = 0;
    std::array<unsigned char, 256 * 3> palette{};
    std::vector<std::string_view> data;  // the IDAT chunks' contents, in order
};

int channels_of(int color) {
    switch (color) {
        case 0: return 1;
        case 2: return 3;
        case 3: return 1;
        case 4: return 2;
        case 6: return 4;
        default: return 0;
    }
}

bool depth_allowed(int color, int depth) {
    switch (color) {
        case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
        case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
        case 2: case 4: case 6: return depth == 8 || depth == 16;
        default: return false;
    }
}

// Walks the chunks. False for anything left to stb_image: an interlaced or
// Apple picture, a chunk cut short, out of order or unknown and critical, a
// tRNS stb_image would refuse, no data.
bool read_layout(std::string_view png, Layout& out) {
    constexpr size_t kSignature = 8, kFrame = 12;  // a chunk's length, type, CRC
    const auto* b = reinterpret_cast<const unsigned char*>(png.data());
    if (png.size() < kSignature + kFrame + 13 || std::memcmp(b, "\x89PNG\r\n\x1a\n", 8) != 0) return false;
    if (be32(b + 8) != 13 || std::memcmp(b + 12, "IHDR", 4) != 0) return false;
    const unsigned char* ihdr = b + 16;
    out.width = be32(ihdr);
    out.height = be32(ihdr + 4);
    out.depth = ihdr[8];
    out.color = ihdr[9];
    if (out.width == 0 || out.height == 0 || out.width > static_cast<std::uint32_t>(kMaxImageSide) ||
        out.height > static_cast<std::uint32_t>(kMaxImageSide) ||
        static_cast<long long>(out.width) * out.height > kMaxImagePixels)
        return false;
    if (!depth_allowed(out.color, out.depth) || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] != 0) return false;
    bool seen_data = false;
    for (size_t at = kSignature + kFrame + 13; at + kFrame <= png.size();) {
        const std::uint32_t length = be32(b + at);
        if (length > png.size() - at - kFrame) return false;
        const std::string_view type = png.substr(at + 4, 4);
        const std::string_view body = png.substr(at + 8, length);
        if (type == "IDAT") {
            if (out.color == 3 && out.palette_size == 0) return false;
            if (length) out.data.push_back(body);
            seen_data = true;
        } else if (type == "IEND") {
            return !out.data.empty();
        } else if (type == "PLTE") {
            if (length == 0 || length > 768 || length % 3 || seen_data) return false;
            out.palette_size = static_cast<int>(length / 3);
            std::memcpy(out.palette.data(), body.data(), length);
        } else if (type == "tRNS") {
            // Alpha is dropped; only whether stb_image would accept it matters.
            if (seen_data) return false;
            if (out.color == 3 ? (out.palette_size == 0 || static_cast<int>(length) > out.palette_size)
                               : (out.color == 4 || out.color == 6 || length != 2u * channels_of(out.color)))
                return false;
        } else if (!(type[0] & 0x20) || type == "CgBI") {
            return false;  // critical and unknown here (IHDR again too), or Apple's
        }
        at += kFrame + length;
    }
    return false;  // no IEND
}

struct DecompressorFree {
    void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

libdeflate_decompressor* decompressor() {
    thread_local std::unique_ptr<libdeflate_decompressor, DecompressorFree> d(libdeflate_alloc_decompressor());
    return d.get();
}

// Buffers kept by each thread across pictures, so a folder's worth of
// decodes does not fault the same pages in again and again; returned when
// a picture needed more than a phone screenshot does.
// The rows' buffer is never cleared: libdeflate writes every byte of it
// before a byte is read, and a header that claims 40 megapixels over a few
// bytes of data then costs address space, not memory.
struct Scratch {
    std::unique_ptr<unsigned char[]> rows;
    size_t rows_size = 0;
    std::vector<unsigned char> joined, zero_row;

    unsigned char* rows_for(size_t bytes) {
        if (bytes > rows_size) {
            rows.reset();
            rows.reset(new (std::nothrow) unsigned char[bytes]);  // left uninitialised
            rows_size = rows ? bytes : 0;
        }
        return rows.get();
    }
    void trim() {
        constexpr size_t kKeep = size_t{32} << 20;
        if (rows_size > kKeep) {
            rows.reset();
            rows_size = 0;
        }
        for (auto* v : {&joined, &zero_row})
            if (v->capacity() > kKeep) std::vector<unsigned char>().swap(*v);
    }
};

// In-place unfiltering of one row (n bytes, BPP bytes a pixel), prior the
// row above unfiltered (zeros above the first).
inline int paeth(int a, int b, int c) {
    const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

template <int BPP>
void unfilter(int filter, unsigned char* cur, const unsigned char* prior, size_t n) {
    switch (filter) {
        case 1:
            for (size_t k = BPP; k < n; ++k) cur[k] = static_cast<unsigned char>(cur[k] + cur[k - BPP]);
            break;
        case 2:
            for (size_t k = 0; k < n; ++k) cur[k] = static_cast<unsigned char>(cur[k] + prior[k]);
            break;
        case 3:
            for (size_t k = 0; k < BPP && k < n; ++k) cur[k] = static_cast<unsigned char>(cur[k] + (prior[k] >> 1));
            for (size_t k = BPP; k < n; ++k)
                cur[k] = static_cast<unsigned char>(cur[k] + ((prior[k] + cur[k - BPP]) >> 1));
            break;
        case 4: {
            // The pixel's bytes are independent chains: a whole pixel a step
            // lets them overlap (n is whole pixels but for sub-byte depths,
            // where BPP is 1).
            for (size_t k = 0; k < BPP && k < n; ++k) cur[k] = static_cast<unsigned char>(cur[k] + prior[k]);
            for (size_t k = BPP; k < n; k += BPP)
                for (int c = 0; c < BPP; ++c)
                    cur[k + c] = static_cast<unsigned char>(
                        cur[k + c] + paeth(cur[k + c - BPP], prior[k + c], prior[k + c - BPP]));
            break;
        }
        default: break;
    }
}

using Unfilter = void (*)(int, unsigned char*, const unsigned char*, size_t);

Unfilter unfilter_for(int bpp) {
    switch (bpp) {
        case 1: return unfilter<1>;
        case 2: return unfilter<2>;
        case 3: return unfilter<3>;
        case 4: return unfilter<4>;
        case 6: return unfilter<6>;
        default: return unfilter<8>;
    }
}

// One unfiltered row to RGB.
void to_rgb(const Layout& l, const unsigned char* row, unsigned char* rgb) {
    const std::uint32_t w = l.width;
    const int step = l.depth == 16 ? 2 : 1;  // 16-bit samples keep their high byte
    switch (l.color) {
        case 2:
            if (step == 1) {
                std::memcpy(rgb, row, size_t{w} * 3);
            } else {
                for (std::uint32_t x = 0; x < w; ++x, row += 6, rgb += 3) {
                    rgb[0] = row[0];
                    rgb[1] = row[2];
                    rgb[2] = row[4];
                }
            }
            return;
        case 6:
            for (std::uint32_t x = 0; x < w; ++x, row += 4 * step, rgb += 3) {
                rgb[0] = row[0];
                rgb[1] = row[step];
                rgb[2] = row[2 * step];
            }
            return;
        case 4:
            for (std::uint32_t x = 0; x < w; ++x, row += 2 * step, rgb += 3) rgb[0] = rgb[1] = rgb[2] = row[0];
            return;
        case 0:
            if (l.depth >= 8) {
                for (std::uint32_t x = 0; x < w; ++x, row += step, rgb += 3) rgb[0] = rgb[1] = rgb[2] = row[0];
                return;
            }
            [[fallthrough]];
        case 3: {
            // Packed samples, most significant bits first; grey scaled to 0..255.
            const int depth = l.depth, mask = (1 << depth) - 1;
            const int scale = l.color == 0 ? 255 / mask : 1;
            for (std::uint32_t x = 0; x < w; ++x, rgb += 3) {
                const size_t bit = size_t{x} * static_cast<size_t>(depth);
                const int v = (row[bit >> 3] >> (8 - depth - static_cast<int>(bit & 7))) & mask;
                if (l.color == 0) {
                    rgb[0] = rgb[1] = rgb[2] = static_cast<unsigned char>(v * scale);
                } else if (v < l.palette_size) {
                    std::memcpy(rgb, l.palette.data() + 3 * v, 3);
                } else {
                    rgb[0] = rgb[1] = rgb[2] = 0;  // an index past the palette: black
                }
            }
            return;
        }
        default: return;
    }
}

}  // namespace

std::variant<Image, DecodeError> decode_png(std::string_view bytes) {
    Layout l;
    if (!read_layout(bytes, l)) return decode_png_stb(bytes);
    thread_local Scratch scratch;
    struct Trim {
        Scratch& s;
        ~Trim() { s.trim(); }
    } trim{scratch};

    std::string_view stream = l.data.front();
    if (l.data.size() > 1) {
        size_t total = 0;
        for (auto d : l.data) total += d.size();
        scratch.joined.resize(total);
        size_t at = 0;
        for (auto d : l.data) {
            std::memcpy(scratch.joined.data() + at, d.data(), d.size());
            at += d.size();
        }
        stream = {reinterpret_cast<const char*>(scratch.joined.data()), total};
    }

    const int bits = channels_of(l.color) * l.depth;
    const size_t row_bytes = (size_t{l.width} * static_cast<size_t>(bits) + 7) / 8;
    const size_t stride = row_bytes + 1;  // a filter byte first
    const size_t total = stride * l.height;
    unsigned char* const rows = scratch.rows_for(total);
    if (!rows) return decode_png_stb(bytes);  // which says it is out of memory
    // The rows inflate to exactly their size, their Adler-32 right: short,
    // long or broken goes to stb_image, which accepts trailing data and a
    // wrong checksum, and names what is wrong. (libdeflate accepts some
    // streams zlib and stb_image refuse; the checksum keeps those out.)
    if (libdeflate_zlib_decompress(decompressor(), stream.data(), stream.size(), rows, total,
                                   nullptr) != LIBDEFLATE_SUCCESS)
        return decode_png_stb(bytes);

    const int bpp = std::max(1, bits / 8);
    const Unfilter unfilter_row = unfilter_for(bpp);
    scratch.zero_row.assign(row_bytes, 0);
    Image img;
    img.width = static_cast<int>(l.width);
    img.height = static_cast<int>(l.height);
    img.rgb.resize(size_t{l.width} * l.height * 3);
    const unsigned char* prior = scratch.zero_row.data();
    for (std::uint32_t y = 0; y < l.height; ++y) {
        unsigned char* row = rows + stride * y;
        const int filter = row[0];
        if (filter > 4) return decode_png_stb(bytes);
        unfilter_row(filter, row + 1, prior, row_bytes);
        to_rgb(l, row + 1, img.rgb.data() + size_t{y} * l.width * 3);
        prior = row + 1;
    }
    return img;
}

}  // namespace slidedb
