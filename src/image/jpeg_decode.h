// JPEG pixels through libjpeg-turbo (SIMD, and reduced sizes inside the DCT),
// for reading a large picture reduced. Called by decode_image once the
// header's size is checked; checks it again itself before it allocates.
#pragma once

#include <string_view>
#include <variant>

#include "image/image.h"

namespace slidedb {

// Decodes a JPEG to 8-bit RGB at 1/`reduce` of its size (1, 2, 4 or 8; a
// side rounds up), the reduction done in the inverse DCT, so a picture
// half the size costs about half the work. Never throws.
std::variant<Image, DecodeError> decode_jpeg(std::string_view bytes, int reduce = 1);

// Width and height as the JPEG's header states them; false when unreadable.
bool jpeg_size(std::string_view bytes, int& width, int& height);

}  // namespace slidedb
