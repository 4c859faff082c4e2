// Screenshots per second on one core, split into decoding (stb_image) and
// recognition (scan_image on decoded pixels), at a small phone size
// (320x480) and a full-HD one (1080x1920). The pictures are rendered by
// draw/render (deterministic); when SLIDEDB_TEST_DATA is defined the real
// screenshots of those sizes are measured too. Aim: recognition costs under
// a fifth of decoding.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/image.h"
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

void BM_Decode(benchmark::State& state) {
    const std::string& bytes = encoded(static_cast<int>(state.range(0)), state.range(1) != 0, state.range(2) != 0);
    for (auto _ : state) {
        auto r = decode_image(bytes);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(state.range(1) ? "jpeg" : "png") + (state.range(2) ? " current" : " first look"));
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

// Args: {0: 320x480, 1: 1080x1920} x {0: PNG, 1: JPEG}
BENCHMARK(BM_Decode)->ArgsProduct({{0, 1}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
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

void BM_DecodeReal(benchmark::State& state) {
    const std::string bytes = real(kReal[state.range(0)]);
    for (auto _ : state) {
        auto r = decode_image(bytes);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(kReal[state.range(0)]);
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

BENCHMARK(BM_DecodeReal)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RecognizeReal)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
#endif

}  // namespace

BENCHMARK_MAIN();
