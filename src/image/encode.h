// Pictures out: PNG and JPEG through stb_image_write (the renderer's
// pictures, the scanner's debug pictures, the tests' screenshots), a PNG's
// rows deflated by libdeflate.
#pragma once

#include <string>

#include "image/image.h"

namespace slidedb {

std::string encode_png(const Image& image);
// `quality` is clamped to 1..100.
std::string encode_jpeg(const Image& image, int quality);

}  // namespace slidedb
