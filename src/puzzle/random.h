// A small seeded random source for making puzzles: the same seed gives the same puzzles on every
// platform (std:: distributions are implementation-defined, so none is used).
#pragma once

#include <cstdint>

namespace slidedb {

class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}

    // splitmix64: good enough mixing for board layouts, and tiny.
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // Uniform in [0, n), by the multiply-high method (bias below 2^-32 for our n).
    int below(int n) {
        return static_cast<int>((static_cast<unsigned __int128>(next()) * static_cast<unsigned>(n)) >> 64);
    }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }

private:
    std::uint64_t state_;
};

}  // namespace slidedb
