// Pictures decoded whole through stb_image, PNG and JPEG. Called by
// decode_image (and decode_png, for what it leaves to stb_image) once the
// header's size is checked; checks it again itself before it allocates
// anything, and allocates under a budget from the picture's size.
#pragma once

#include <string_view>
#include <variant>

#include "image/image.h"

namespace slidedb {

// Decodes a PNG of any colour type and depth (interlaced too) to 8-bit RGB:
// 16-bit samples keep their high byte, grey is repeated, a palette looked
// up, alpha dropped. Chunk CRCs are not checked. Never throws.
std::variant<Image, DecodeError> decode_png_stb(std::string_view bytes);

// A JPEG (baseline or progressive) decoded whole to 8-bit RGB. The scanner's
// thresholds were set on these pixels: a whole picture is decoded as it
// always was, and libjpeg-turbo (jpeg_decode.h) decodes only reduced ones,
// whose reads tests/unit/import_picture_test.cpp holds to the whole's.
std::variant<Image, DecodeError> decode_jpeg_whole(std::string_view bytes);

}  // namespace slidedb
