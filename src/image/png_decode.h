// PNG pixels through libspng. Called by decode_image once the header's size
// is checked; libspng is told the same limits before it reads a chunk.
#pragma once

#include <string_view>
#include <variant>

#include "image/image.h"

namespace slidedb {

// Decodes a PNG of any colour type and depth (interlaced too) to 8-bit RGB:
// 16-bit samples keep their high byte, grey is repeated, a palette looked
// up, alpha dropped, as stb_image did. Chunk CRCs are not checked (neither
// did stb_image: a picture that read before reads now). Never throws.
std::variant<Image, DecodeError> decode_png(std::string_view bytes);

}  // namespace slidedb
