// Writes a PNG again as a JPEG, for scripts/bench.sh's screenshots (slidedb
// render draws PNG only; a phone saves JPEG too).
// Usage: png_to_jpeg QUALITY IN.png OUT.jpg ...  (pairs of files)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "image/encode.h"
#include "image/image.h"

int main(int argc, char** argv) {
    if (argc < 4 || argc % 2 != 0) {
        std::fprintf(stderr, "usage: png_to_jpeg QUALITY IN.png OUT.jpg [IN.png OUT.jpg]...\n");
        return 2;
    }
    const int quality = std::atoi(argv[1]);
    for (int i = 2; i + 1 < argc; i += 2) {
        std::ifstream in(argv[i], std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        auto decoded = slidedb::decode_image(bytes.str());
        if (auto* e = std::get_if<slidedb::DecodeError>(&decoded)) {
            std::fprintf(stderr, "%s: %s\n", argv[i], e->message.c_str());
            return 1;
        }
        std::ofstream out(argv[i + 1], std::ios::binary);
        out << slidedb::encode_jpeg(std::get<slidedb::Image>(decoded), quality);
        if (!out) {
            std::fprintf(stderr, "%s: cannot write\n", argv[i + 1]);
            return 1;
        }
    }
    return 0;
}
