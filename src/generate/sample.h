// Drawing k of n without repeats, the same for the same seed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "puzzle/random.h"

namespace slidedb {

// k distinct numbers of 0..n-1 (all of them when k >= n), each set of k
// equally likely (Floyd's method: k draws, whatever n), in ascending order.
inline std::vector<std::uint64_t> sample(std::uint64_t n, std::uint64_t k, std::uint64_t seed) {
    k = std::min(k, n);
    Random rng(seed * 0x9E3779B97F4A7C15ull + 0x5A3F);
    rng.next();
    std::unordered_set<std::uint64_t> chosen;
    for (std::uint64_t j = n - k; j < n; ++j) {
        // Uniform in [0, j]: 128-bit multiply-high, as Random::below does.
        const auto t = static_cast<std::uint64_t>((static_cast<unsigned __int128>(rng.next()) * (j + 1)) >> 64);
        chosen.insert(chosen.count(t) ? j : t);
    }
    std::vector<std::uint64_t> out(chosen.begin(), chosen.end());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace slidedb
