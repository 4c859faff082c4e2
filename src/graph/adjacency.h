// The boards next to each board of a cluster graph, in one flat array.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "solve/cluster_graph.h"

namespace slidedb {

class Adjacency {
public:
    explicit Adjacency(const ClusterGraph& g) : first_(g.boards.size() + 1, 0) {
        for (const auto& [a, b] : g.moves) {
            ++first_[a + 1];
            ++first_[b + 1];
        }
        for (std::size_t k = 1; k < first_.size(); ++k) first_[k] += first_[k - 1];
        next_.resize(first_.back());
        std::vector<std::uint32_t> fill(first_.begin(), first_.end() - 1);
        for (const auto& [a, b] : g.moves) {
            next_[fill[a]++] = b;
            next_[fill[b]++] = a;
        }
    }

    // The boards one move from board v, in the order of the graph's moves.
    std::span<const std::uint32_t> of(std::uint32_t v) const {
        return {next_.data() + first_[v], next_.data() + first_[v + 1]};
    }

private:
    std::vector<std::uint32_t> first_;  // board v's neighbours: next_[first_[v], first_[v+1])
    std::vector<std::uint32_t> next_;
};

}  // namespace slidedb
