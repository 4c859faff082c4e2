// What the generated corpora of screenshots share: random valid boards,
// pasting, noise, and keeping a refused picture for a look.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "families/unblock/board.h"
#include "image/image.h"

namespace slidedb::corpus {

inline int pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
inline double uniform(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
inline bool chance(std::mt19937& rng, double p) { return uniform(rng, 0, 1) < p; }

inline Board random_board(std::mt19937& rng, int max_side) {
    const int w = pick(rng, kMinSide, max_side);
    const int h = chance(rng, 0.75) ? w : pick(rng, kMinSide, max_side);
    std::vector<std::string> rows(static_cast<size_t>(h), std::string(static_cast<size_t>(w), '.'));
    auto at = [&](int r, int c) -> char& { return rows[static_cast<size_t>(r)][static_cast<size_t>(c)]; };
    const int plen = chance(rng, 0.85) ? 2 : 3;
    const int prow = pick(rng, 0, h - 1), pcol = pick(rng, 0, w - plen);
    for (int k = 0; k < plen; ++k) at(prow, pcol + k) = 'A';
    const int fixed = chance(rng, 0.5) ? 0 : pick(rng, 1, 3);
    for (int k = 0, tries = 0; k < fixed && tries < 50; ++tries) {
        const int r = pick(rng, 0, h - 1), c = pick(rng, 0, w - 1);
        if (at(r, c) == '.') {
            at(r, c) = 'x';
            ++k;
        }
    }
    const double fill = uniform(rng, 0.35, 0.8);
    int used = plen + fixed, label = 1;
    for (int tries = 0; tries < 200 && used < fill * w * h && label < kMaxBlocks; ++tries) {
        const bool horiz = chance(rng, 0.5);
        const int len = chance(rng, 0.7) ? 2 : chance(rng, 0.85) ? 3 : 4;
        if ((horiz ? w : h) < len) continue;
        const int r = pick(rng, 0, horiz ? h - 1 : h - len), c = pick(rng, 0, horiz ? w - len : w - 1);
        bool free = true;
        for (int k = 0; k < len; ++k) free = free && at(horiz ? r : r + k, horiz ? c + k : c) == '.';
        if (!free) continue;
        const char ch = Board::label(label++);
        for (int k = 0; k < len; ++k) at(horiz ? r : r + k, horiz ? c + k : c) = ch;
        used += len;
    }
    return board_from_grid(rows, chance(rng, 0.5) ? Side::Left : Side::Right);
}

inline void blit(Image& dst, const Image& src, int ox, int oy) {
    for (int y = 0; y < src.height; ++y)
        std::copy(src.px(0, y), src.px(0, y) + src.width * 3, dst.px(ox, oy + y));
}

inline void add_noise(Image& im, int amp, std::mt19937& rng) {
    if (amp <= 0) return;
    std::uint32_t x = rng() | 1u;  // xorshift: a distribution object per byte is slow in Debug builds
    for (auto& v : im.rgb) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        const int n = static_cast<int>(x % static_cast<std::uint32_t>(2 * amp + 1)) - amp;
        const int w = v + n;
        v = static_cast<std::uint8_t>(w < 0 ? 0 : w > 255 ? 255 : w);
    }
}

inline std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Writes a refused or wrong picture to DIR/NAME.png or .jpg, for a look.
inline void keep_picture(const char* dir, const std::string& name, const std::string& bytes) {
    const bool png = bytes.size() > 1 && bytes[1] == 'P';
    std::ofstream(fmt::format("{}/{}.{}", dir, name, png ? "png" : "jpg"), std::ios::binary) << bytes;
}

// A picture whose frame is cut off across rows (`rows_cut`) or columns
// (`cols_cut`) of a board that does not count the game's six there: from the
// picture alone it is a 6x6 board cut a row or column short, and the scanner
// refuses it for that (the game's boards are 6x6).
inline bool size_hidden(const Board& board, bool rows_cut, bool cols_cut) {
    return (rows_cut && board.height != 6) || (cols_cut && board.width != 6);
}
inline bool refused_for_size(const std::string& message) {
    return message.find("the game's boards are 6x6") != std::string::npos;
}

struct Sample {
    std::string bytes;
    Board expected;
    bool frame = true;
    bool covered = false;  // an overlay may lie on the board
    std::string desc;
};

}  // namespace slidedb::corpus
