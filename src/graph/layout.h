// Where the boards of a cluster graph go: one row a distance to the goal
// (the layers), and an order within each row that keeps moves short.
//
// The order is the barycenter heuristic of layered drawing (Sugiyama et
// al.): a few sweeps away from the goal and back, each sorting a row by the
// mean place of the boards' neighbours in the row just swept. Rows are of
// very different lengths, so a place is a fraction of its row's width.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/adjacency.h"
#include "solve/cluster_graph.h"

namespace slidedb {

struct GraphLayout {
    std::vector<std::vector<std::uint32_t>> rows;  // boards of each distance, in drawing order
    std::vector<double> across;                    // each board's place in its row, in (0, 1)
    std::size_t widest = 0;                        // boards in the longest row
};

GraphLayout layered_layout(const ClusterGraph& g, const Adjacency& next, int sweeps = 4);

}  // namespace slidedb
