#include "graph/layout.h"

#include <algorithm>

namespace slidedb {

namespace {

void spread(const std::vector<std::uint32_t>& row, std::vector<double>& across) {
    const double n = static_cast<double>(row.size());
    for (std::size_t k = 0; k < row.size(); ++k) across[row[k]] = (static_cast<double>(k) + 0.5) / n;
}

// Sorts `row` by the mean place of each board's neighbours in the row at
// `ref` distance; a board with none there keeps its own place.
void order_by(std::vector<std::uint32_t>& row, std::uint32_t ref, const ClusterGraph& g, const Adjacency& next,
              std::vector<double>& across, std::vector<double>& key) {
    for (const std::uint32_t v : row) {
        double sum = 0;
        int count = 0;
        for (const std::uint32_t u : next.of(v))
            if (g.boards[u].distance == ref) {
                sum += across[u];
                ++count;
            }
        key[v] = count ? sum / count : across[v];
    }
    std::stable_sort(row.begin(), row.end(), [&](std::uint32_t a, std::uint32_t b) {
        return key[a] < key[b] || (key[a] == key[b] && across[a] < across[b]);
    });
    spread(row, across);
}

}  // namespace

GraphLayout layered_layout(const ClusterGraph& g, const Adjacency& next, int sweeps) {
    GraphLayout l;
    const std::size_t n = g.boards.size();
    l.across.assign(n, 0.5);
    if (n == 0) return l;
    l.rows.resize(g.boards.back().distance + 1);  // boards come by distance
    for (std::uint32_t v = 0; v < n; ++v) l.rows[g.boards[v].distance].push_back(v);
    for (const auto& row : l.rows) {
        spread(row, l.across);
        l.widest = std::max(l.widest, row.size());
    }
    std::vector<double> key(n, 0);
    const std::uint32_t last = static_cast<std::uint32_t>(l.rows.size() - 1);
    for (int s = 0; s < sweeps; ++s) {
        if (s % 2 == 0)
            for (std::uint32_t d = 1; d <= last; ++d) order_by(l.rows[d], d - 1, g, next, l.across, key);
        else
            for (std::uint32_t d = last; d-- > 0;) order_by(l.rows[d], d + 1, g, next, l.across, key);
    }
    return l;
}

}  // namespace slidedb
