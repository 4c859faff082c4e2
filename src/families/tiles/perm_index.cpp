#include "families/tiles/perm_index.h"

#include <cstdlib>

namespace slidedb::tiles {

PermIndex::PermIndex(const TileBoard& goal) : n_(goal.size()) {
    half_ = 1;
    for (int i = 3; i < n_; ++i) half_ *= static_cast<std::uint64_t>(i);  // (n-1)!/2
    count_ = half_ * static_cast<std::uint64_t>(n_);
    // Invariant of a board: inversions of all cells (blank as 0) plus the
    // blank's taxicab distance to its goal cell, mod 2. The blank at cell b
    // adds b inversions, so the tiles alone need parity I - b - dist(b).
    int inversions = 0;
    for (int i = 0; i < n_; ++i)
        for (int j = i + 1; j < n_; ++j) inversions += goal.cells[i] > goal.cells[j];
    const int gb = goal.blank(), w = goal.width;
    for (int b = 0; b < n_; ++b) {
        const int dist = std::abs(b / w - gb / w) + std::abs(b % w - gb % w);
        need_[b] = (inversions + b + dist) & 1;
    }
}

}  // namespace slidedb::tiles
