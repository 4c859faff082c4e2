// Ruling out ink several pixels at a time. The scanner looks for the ink of
// marks over every cell (ink_near_cell) and round thousands of samples
// (ink_map.h), and nearly every pixel it looks at is wood, floor or frame:
// plainly neither ink nor red. Sixteen bytes loaded at p, p + 1 and p + 2
// hold in lane 3k the red, green and blue of pixel k, so one vector test
// (SSE2 on x86-64, whatever the compiler has elsewhere) answers for five
// pixels without moving a byte. The test is weaker than is_ink and is_red:
// a pixel it does not rule out is then tested alone. Internal to
// src/families/unblock/scan/.
#pragma once

#include <cstdint>
#include <cstring>

namespace slidedb::scanning {

using Lanes = std::uint8_t __attribute__((vector_size(16)));

inline Lanes load_lanes(const std::uint8_t* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline Lanes splat(std::uint8_t v) { return Lanes{} + v; }

// The lanes (0xFF) whose pixel is surely not ink and not red: blue and
// green each less than 40 and 30 above red (is_ink needs one of them), and
// red under 100 or green above 3/8 of red (is_red needs red of 100 or more
// and green at most a third of it; 3/8 rounded down is more than a third
// for any red of 14 or more). Differences are taken only where they do not
// wrap round.
inline Lanes surely_no_ink(const Lanes r, const Lanes g, const Lanes b) {
    const Lanes no_blue = reinterpret_cast<Lanes>((b <= r) | (static_cast<Lanes>(b - r) < splat(40)));
    const Lanes no_green = reinterpret_cast<Lanes>((g <= r) | (static_cast<Lanes>(g - r) < splat(30)));
    const Lanes eighths = static_cast<Lanes>((r >> 2) + (r >> 3));
    const Lanes not_red = reinterpret_cast<Lanes>((r < splat(100)) | (g > eighths));
    return no_blue & no_green & not_red;
}

// Lanes 0, 3, 6, 9 and 12: the first five pixels at p.
inline constexpr Lanes kFivePixels = {0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0};
// Lanes 0, 6 and 12: every other pixel, three of them.
inline constexpr Lanes kThreeOfSix = {0xFF, 0, 0, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0xFF, 0, 0, 0};
// Lanes 0, 3 and 6: the first three pixels.
inline constexpr Lanes kThreePixels = {0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0};

// Are the pixels at p that `which` names (lanes 3k for pixel k) surely not
// ink and not red? Reads the 18 bytes from p.
inline bool plainly_no_ink(const std::uint8_t* p, const Lanes which) {
    const Lanes open = ~surely_no_ink(load_lanes(p), load_lanes(p + 1), load_lanes(p + 2)) & which;
    std::uint64_t lo, hi;
    std::memcpy(&lo, &open, 8);
    std::memcpy(&hi, reinterpret_cast<const unsigned char*>(&open) + 8, 8);
    return (lo | hi) == 0;
}

}  // namespace slidedb::scanning
