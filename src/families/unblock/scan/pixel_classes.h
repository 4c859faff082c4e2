// The three colours a screenshot of the game is read by.
#pragma once

#include <algorithm>
#include <cstdint>

namespace slidedb::scanning {

// ---- Pixel classes -------------------------------------------------------
//
// Three colours matter: the dark brown floor that shows where no block
// stands, the wood of the blocks (pale, orange or cherry), and the red of the
// prisoner (orange-red to brick red). They differ in hue more than in
// brightness, so each test uses red-minus-green and green/red ratios as well
// as luma; a pixel may be none of them (frame shading, seams, overlays).

// Rounds a position to the nearest pixel, halves away from zero, as
// std::lround does, but inline: the scanner rounds millions of positions.
inline int round_px(double v) { return v >= 0 ? static_cast<int>(v + 0.5) : -static_cast<int>(0.5 - v); }

// Floor and ceiling of a position as ints (|v| < 2^31), as std::floor and
// std::ceil give them, without the library call's generality.
inline int floor_px(double v) {
    const int i = static_cast<int>(v);
    return i > v ? i - 1 : i;
}
inline int ceil_px(double v) {
    const int i = static_cast<int>(v);
    return i < v ? i + 1 : i;
}

inline int luma(const std::uint8_t* p) { return (77 * p[0] + 150 * p[1] + 29 * p[2]) >> 8; }

inline bool is_red(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2];
    return r >= 100 && g * 100 <= r * 33 && b * 100 <= r * 40;
}

inline bool is_floor(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2], y = luma(p);
    return y >= 22 && y <= 105 && r - b >= 25 && r - g >= 8 && r - g <= 55 && g + 6 >= b;
}

inline bool is_wood(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2], y = luma(p);
    return r - b >= 40 && r + 6 >= g && (y >= 112 || r - g >= 68) && !is_red(p);
}

// What shows between blocks: the floor, its shadows, the seams.
// (is_floor, then the dark, written out with the luma computed once: the
// scanner asks it of a hundred thousand pixels a picture, most of them
// lighter than either)
inline bool is_gap_dark(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2], y = luma(p);
    if (y > 105) return false;
    if (y >= 22 && r - b >= 25 && r - g >= 8 && r - g <= 55 && g + 6 >= b) return true;
    return y < 40 && r >= b + 8 && r + 4 >= g;
}

// Marks a person drew over the picture (words, arrows, rectangles, pen
// strokes): ink of a colour no board shows, blue or green (white is not
// told from the highlights of pale wood).
// Red ink looks like the prisoner: it is told apart by where it lies (red
// on floor or wood is a mark), see Scanner::near_ink.
// Ink is bright as well: JPEG rings a dark spot on wood (a rivet) into a
// dark blue that passes the hue tests.
inline bool is_ink(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2];
    return (b >= r + 40 && b >= g + 10 && b >= 100) || (g >= r + 30 && g >= b + 20 && g >= 100);
}

// Blue or green ink blurred into the floor (a thin stroke, JPEG) is no
// longer bright, but still greener or bluer than red: no floor or wood is
// (JPEG's noise in the darkest seams aside).
inline bool tinted_by_ink(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2];
    return (g >= r + 10 && g >= b && g >= 60) || (b >= r + 10 && b >= g && b >= 60);
}

// Red ink is bright; the dark red at the rim of cherry wood (and the red a
// JPEG bleeds into the seams beside it) is not.
inline bool is_red_ink(const std::uint8_t* p) { return is_red(p) && luma(p) >= 60; }

// Red ink far redder than shaded orange wood (rivets are looked for on
// wood, where only this red is surely a mark).
inline bool is_bright_red_ink(const std::uint8_t* p) { return is_red_ink(p) && p[0] >= 160 && 4 * p[1] <= p[0]; }

// Near white: a word written in white (no floor, no cherry or orange wood,
// is near white).
inline bool is_white(const std::uint8_t* p) {
    return luma(p) >= 200 && std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]}) <= 45;
}

// On the prisoner, whose red has no highlight near white, white is ink too
// (a word written on it).
inline bool is_ink_on_red(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2];
    return is_ink(p) || (g >= 170 && b >= 160 && r >= 180);
}

}  // namespace slidedb::scanning
