// The one translation unit that compiles stb_image_write.
#include <string>

#include "image/encode.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <stb/stb_image_write.h>
#pragma GCC diagnostic pop

namespace slidedb {

namespace {
void append(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
}
}  // namespace

std::string encode_png(const Image& image) {
    std::string out;
    stbi_write_png_to_func(append, &out, image.width, image.height, 3, image.rgb.data(), image.width * 3);
    return out;
}

std::string encode_jpeg(const Image& image, int quality) {
    std::string out;
    stbi_write_jpg_to_func(append, &out, image.width, image.height, 3, image.rgb.data(),
                           quality < 1 ? 1 : quality > 100 ? 100 : quality);
    return out;
}

}  // namespace slidedb
