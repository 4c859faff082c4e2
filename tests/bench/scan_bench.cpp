// Screenshots per second on one core, split into decoding and recognition
// (scan_image on decoded pixels), at a small phone size (320x480) and a
// full-HD one (1080x1920). The pictures are rendered by draw/render
// (deterministic); when SLIDEDB_TEST_DATA is defined the real screenshots
// of those sizes are measured too. Aim: recognition costs under a fifth of
// decoding.
//
// The decoders side by side on the same bytes: stb_image (slidedb's whole
// JPEG decoder, and its PNG decoder before), libjpeg-turbo whole and reduced
// by 2, 4, 8 in the DCT, libspng and libpng; then decode_image as slidedb
// calls it (BM_Decode: PNG by slidedb's own reader) and as the import calls
// it for reading a board (BM_DecodeForReading).
#include <benchmark/benchmark.h>

#include <png.h>
#include <spng.h>
#include <turbojpeg.h>

#include <fstream>
#include <sstream>
#include <string>

#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/encode.h"
#include "image/image.h"
#include "image/stb_decode.h"
#include "families/unblock/scan/screenshot.h"

namespace {

using namespace slidedb;

const Board& sample_board() {
    static const Board b = board_from_grid({"...F..", "...FG.", "BAAFG.", "BD....", "CD....", "C.EE.."}, Side::Right);
    return b;
}

// Encoded screenshot: index 0 = 320x480, 1 = 1080x1920; PNG or JPEG (q85);
// the first look (orange wood) or the current look.
const std::string& encoded(int size, bool jpeg, bool current = false) {
    static std::string cache[2][2][2];
    std::string& s = cache[size][jpeg][current];
    if (s.empty()) {
        RenderOptions o;
        o.theme = current ? Theme::Current : Theme::Orange;
        o.status_bar = o.nav_bar = current;
        const Image im = size == 0 ? render_board(sample_board(), o, 320, 480) : render_board(sample_board(), o, 1080, 1920);
        s = jpeg ? encode_jpeg(im, 85) : encode_png(im);
    }
    return s;
}

Image decoded(const std::string& bytes) { return std::get<Image>(decode_image(bytes)); }

std::string label(const benchmark::State& state, const char* decoder) {
    return std::string(decoder) + (state.range(0) ? " 1080x1920 " : " 320x480 ") + (state.range(1) ? "jpeg" : "png") +
           (state.range(2) ? " current" : " first look");
}

void BM_Decode(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), state.range(1) != 0, state.range(2) != 0);
    for (auto _ : state) {
        auto r = decode_image(bytes);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, "decode_image"));
}

void BM_Recognize(benchmark::State& state) {
    const Image im = decoded(encoded(static_cast<int>(state.range(0)), state.range(1) != 0, state.range(2) != 0));
    for (auto _ : state) {
        auto r = scan_image(im);
        if (!std::holds_alternative<ScanResult>(r)) state.SkipWithError("not recognized");
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(state.range(1) ? "jpeg" : "png") + (state.range(2) ? " current" : " first look"));
}

// stb_image as slidedb compiles it (src/image/stb_decode.cpp): its pixels
// copied into an Image, under the allocation budget.
void BM_DecodeStb(benchmark::State& state) {
    const bool jpeg = state.range(1) != 0;
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), jpeg, state.range(2) != 0);
    for (auto _ : state) {
        auto r = jpeg ? decode_jpeg_whole(bytes) : decode_png_stb(bytes);
        if (!std::holds_alternative<Image>(r)) state.SkipWithError("stb_image refused it");
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, "stb_image"));
}

// JPEG only; range(3) is the reduction (1, 2, 4, 8).
void BM_DecodeTurbo(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), true, state.range(2) != 0);
    const int by = static_cast<int>(state.range(3));
    tjhandle tj = tjInitDecompress();
    int w = 0, h = 0, sub = 0, cs = 0;
    tjDecompressHeader3(tj, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), &w, &h, &sub, &cs);
    for (auto _ : state) {
        Image im;
        im.width = (w + by - 1) / by;
        im.height = (h + by - 1) / by;
        im.rgb.resize(static_cast<size_t>(im.width) * static_cast<size_t>(im.height) * 3);
        if (tjDecompress2(tj, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), im.rgb.data(),
                          im.width, 0, im.height, TJPF_RGB, 0) != 0)
            state.SkipWithError("libjpeg-turbo refused it");
        benchmark::DoNotOptimize(im);
    }
    tjDestroy(tj);
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, by == 1 ? "libjpeg-turbo" : by == 2 ? "libjpeg-turbo 1/2"
                                                       : by == 4 ? "libjpeg-turbo 1/4" : "libjpeg-turbo 1/8"));
}

// PNG only, libspng (CRCs unchecked, as stb_image).
void BM_DecodeSpng(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), false, state.range(2) != 0);
    for (auto _ : state) {
        spng_ctx* c = spng_ctx_new(0);
        spng_set_crc_action(c, SPNG_CRC_USE, SPNG_CRC_USE);
        spng_set_png_buffer(c, bytes.data(), bytes.size());
        size_t size = 0;
        spng_decoded_image_size(c, SPNG_FMT_RGB8, &size);
        Image im;
        spng_ihdr ihdr{};
        spng_get_ihdr(c, &ihdr);
        im.width = static_cast<int>(ihdr.width);
        im.height = static_cast<int>(ihdr.height);
        im.rgb.resize(size);
        if (spng_decode_image(c, im.rgb.data(), size, SPNG_FMT_RGB8, 0) != 0) state.SkipWithError("libspng refused it");
        spng_ctx_free(c);
        benchmark::DoNotOptimize(im);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, "libspng"));
}

// PNG only, libpng's simplified reader.
void BM_DecodeLibpng(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), false, state.range(2) != 0);
    for (auto _ : state) {
        png_image png{};
        png.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_memory(&png, bytes.data(), bytes.size())) state.SkipWithError("libpng refused it");
        png.format = PNG_FORMAT_RGB;
        Image im;
        im.width = static_cast<int>(png.width);
        im.height = static_cast<int>(png.height);
        im.rgb.resize(PNG_IMAGE_SIZE(png));
        if (!png_image_finish_read(&png, nullptr, im.rgb.data(), 0, nullptr)) state.SkipWithError("libpng refused it");
        png_image_free(&png);
        benchmark::DoNotOptimize(im);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, "libpng"));
}

// The import's decoding: a large JPEG reduced to the least side it reads at.
void BM_DecodeForReading(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), state.range(1) != 0, state.range(2) != 0);
    for (auto _ : state) {
        Reduction r;
        auto d = decode_image(bytes, 480, r);
        benchmark::DoNotOptimize(d);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(label(state, "decode_image for reading"));
}

// Args: {0: 320x480, 1: 1080x1920} x {0: PNG, 1: JPEG} x {0: first look, 1: current look}
BENCHMARK(BM_DecodeStb)->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeTurbo)->ArgsProduct({{0, 1}, {1}, {0, 1}, {1, 2, 4, 8}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSpng)->ArgsProduct({{0, 1}, {0}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeLibpng)->ArgsProduct({{0, 1}, {0}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Decode)->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeForReading)->ArgsProduct({{1}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Recognize)->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

#ifdef SLIDEDB_TEST_DATA
std::string real(const char* name) {
    std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/screenshots/" + name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// tt_IMG_0356.PNG is 320x480, wy_Screenshot_20180726-203231.png 1080x1920.
const char* kReal[] = {"tt_IMG_0356.PNG", "wy_Screenshot_20180726-203231.png"};

// range(1): 0 decode_image (slidedb's PNG reader), 1 stb_image as slidedb
// compiles it.
void BM_DecodeReal(benchmark::State& state) {
    const std::string bytes = real(kReal[state.range(0)]);
    const bool stb = state.range(1) != 0;
    for (auto _ : state) {
        auto r = stb ? decode_png_stb(bytes) : decode_image(bytes);
        if (!std::holds_alternative<Image>(r)) state.SkipWithError("not decoded");
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(kReal[state.range(0)]) + (stb ? " stb_image" : " decode_image"));
}

void BM_RecognizeReal(benchmark::State& state) {
    const Image im = decoded(real(kReal[state.range(0)]));
    for (auto _ : state) {
        auto r = scan_image(im);
        if (!std::holds_alternative<ScanResult>(r)) state.SkipWithError("not recognized");
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(kReal[state.range(0)]);
}

BENCHMARK(BM_DecodeReal)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RecognizeReal)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
#endif

}  // namespace

BENCHMARK_MAIN();
