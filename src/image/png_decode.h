// PNG decoded to 8-bit RGB: the chunks walked here, the rows inflated by
// libdeflate straight into a buffer of exactly their size, then unfiltered
// and converted a row at a time while the row is in cache.
#pragma once

#include <string_view>
#include <variant>

#include "image/image.h"

namespace slidedb {

// Decodes a PNG of any colour type and depth to 8-bit RGB, pixel for pixel
// as stb_image does: 16-bit samples keep their high byte, grey is repeated
// (scaled up from 1, 2 or 4 bits), a palette looked up, alpha dropped.
// Chunk CRCs are not checked, as stb_image does not.
//
// What is rare or broken (interlaced, Apple's CgBI, a stream that inflates
// short or long or fails its Adler-32, chunks out of order) goes to
// stb_image as it is, which decodes it or says why not. Never throws.
//
// libdeflate inflates two to three times as fast as stb_image and zlib on
// the phone screenshots of scripts/bench.sh; tests/bench/scan_bench.cpp
// sets this beside stb_image, libspng and libpng.
std::variant<Image, DecodeError> decode_png(std::string_view bytes);

}  // namespace slidedb
