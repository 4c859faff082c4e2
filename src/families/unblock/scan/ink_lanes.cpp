// Ruling out ink many pixels at a time (see ink_lanes.h).
#include "families/unblock/scan/ink_lanes.h"

#include <cstring>

#include "families/unblock/scan/pixel_classes.h"

namespace slidedb::scanning {

namespace {

using Lanes = std::uint8_t __attribute__((vector_size(32)));
// (vectors are handed by reference: passed by value, their ABI would
// depend on the clone)

// The lanes (0xFF) whose pixel is surely not ink: blue and green each
// less than 40 and 30 above red (is_ink needs one of them). Differences
// are taken only where they do not wrap round.
void surely_no_blue_green(const Lanes& r, const Lanes& g, const Lanes& b, Lanes& out) {
    const Lanes k40 = Lanes{} + 40, k30 = Lanes{} + 30;
    const Lanes no_blue = reinterpret_cast<Lanes>((b <= r) | (static_cast<Lanes>(b - r) < k40));
    const Lanes no_green = reinterpret_cast<Lanes>((g <= r) | (static_cast<Lanes>(g - r) < k30));
    out = no_blue & no_green;
}

// The lanes whose pixel is surely not red: red under 100 or green above
// 3/8 of red (is_red needs red of 100 or more and green at most a third of
// it; 3/8 rounded down is more than a third for any red of 14 or more).
void surely_not_red(const Lanes& r, const Lanes& g, Lanes& out) {
    const Lanes k100 = Lanes{} + 100;
    const Lanes eighths = static_cast<Lanes>((r >> 2) + (r >> 3));
    out = reinterpret_cast<Lanes>((r < k100) | (g > eighths));
}

constexpr std::uint8_t X = 0xFF;
// Lanes 3k, k = 0..7: a row of a tile.
constexpr Lanes kEightPixels = {X, 0, 0, X, 0, 0, X, 0, 0, X, 0, 0, X, 0, 0, X,
                                0, 0, X, 0, 0, X, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
// Lanes 6k, k = 0..5: six samples, every other pixel.
constexpr Lanes kSixOfTwelve = {X, 0, 0, 0, 0, 0, X, 0, 0, 0, 0, 0, X, 0, 0, 0,
                                0, 0, X, 0, 0, 0, 0, 0, X, 0, 0, 0, 0, 0, X, 0};
constexpr int kReads = sizeof(Lanes) + 2;  // bytes a test reads from p

// What is ruled out at once: blue or green ink, red, or both.
enum Rule { kBlueGreen = 1, kRed = 2 };

// Are the pixels at p that `which` names (lanes 3k for pixel k) surely not
// what `rule` says? Reads kReads bytes from p.
bool plainly_no(int rule, const std::uint8_t* p, const Lanes& which) {
    Lanes r, g, b, plain = ~Lanes{}, part;
    std::memcpy(&r, p, sizeof r);
    std::memcpy(&g, p + 1, sizeof g);
    std::memcpy(&b, p + 2, sizeof b);
    if (rule & kBlueGreen) {
        surely_no_blue_green(r, g, b, part);
        plain &= part;
    }
    if (rule & kRed) {
        surely_not_red(r, g, part);
        plain &= part;
    }
    using Words = std::uint64_t __attribute__((vector_size(32)));
    const Words open = reinterpret_cast<Words>(~plain & which);
    return (open[0] | open[1] | open[2] | open[3]) == 0;
}

}  // namespace

// On x86-64 the loops below are built twice, for AVX2 (a test is one
// instruction per step) and for any x86-64 (two SSE2 halves); the one the
// processor can run is chosen when the program starts.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SCAN_LANES_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SCAN_LANES_CLONES
#endif

SCAN_LANES_CLONES bool ink_every_other(const Image& im, int x0, int y0, int x1, int y1) {
    const std::uint8_t* end = im.rgb.data() + im.rgb.size();
    for (int y = y0; y <= y1; y += 2) {
        const std::uint8_t* p = im.px(x0, y);
        int x = x0;
        // Six samples at a time while the bytes a test reads lie in the
        // picture; the rest one by one.
        for (; x + 10 <= x1 && p + kReads <= end; x += 12, p += 36) {
            if (plainly_no(kBlueGreen | kRed, p, kSixOfTwelve)) continue;
            for (int i = 0; i < 6; ++i)
                if (is_ink(p + 6 * i) || is_red_ink(p + 6 * i)) return true;
        }
        for (; x <= x1; x += 2, p += 6)
            if (is_ink(p) || is_red_ink(p)) return true;
    }
    return false;
}

SCAN_LANES_CLONES std::uint64_t blue_green_tile(const Image& im, int x0, int y0, int w, int h) {
    const std::uint8_t* end = im.rgb.data() + im.rgb.size();
    std::uint64_t ink = 0;
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* p = im.px(x0, y0 + y);
        // (a row of plain pixels, as most are, is one test)
        if (w == 8 && p + kReads <= end && plainly_no(kBlueGreen, p, kEightPixels)) continue;
        for (int x = 0; x < w; ++x, p += 3) ink |= static_cast<std::uint64_t>(is_ink(p)) << (8 * y + x);
    }
    return ink;
}

SCAN_LANES_CLONES void red_tile(const Image& im, int x0, int y0, int w, int h, std::uint64_t& red,
                                std::uint64_t& bright) {
    const std::uint8_t* end = im.rgb.data() + im.rgb.size();
    red = bright = 0;
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* p = im.px(x0, y0 + y);
        if (w == 8 && p + kReads <= end && plainly_no(kRed, p, kEightPixels)) continue;
        for (int x = 0; x < w; ++x, p += 3) {
            if (!is_red_ink(p)) continue;
            red |= 1ULL << (8 * y + x);
            bright |= static_cast<std::uint64_t>(is_bright_red_ink(p)) << (8 * y + x);
        }
    }
}

}  // namespace slidedb::scanning
