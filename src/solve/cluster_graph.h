// A cluster as a graph: every board with its distance to the goal, and every
// move between two boards, for drawing the state space (`slidedb graph`, the
// HTML report). solve/walk_cluster.h makes one from a family's rule set.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace slidedb {

// The most boards a graph may hold whatever the caller asks: each keeps its
// text, and a picture of more would show nothing anyway.
constexpr std::uint64_t kMaxGraphBoards = 1'000'000;

struct GraphBoard {
    std::string text;            // the family's board text, for people
    std::uint32_t distance = 0;  // moves to the nearest goal (or from the start, see to_goal)
    bool goal = false;
};

struct ClusterGraph {
    static constexpr std::uint32_t kNone = 0xFFFFFFFF;

    // Sorted by distance, nearest first: a layer is a run of boards.
    std::vector<GraphBoard> boards;
    // Each move once, as the boards (a, b) it joins with a < b: every move
    // can be undone, so an edge stands for both ways.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> moves;
    std::uint32_t start = kNone;
    // The first board met at the largest distance to the goal: the stored
    // hardest start. kNone when the cluster has no goal.
    std::uint32_t hardest = kNone;
    // True: distances are to the nearest goal board. False when no board of
    // the cluster is a goal: distances are then from the start.
    bool to_goal = true;
    // True when the cluster has more boards than asked for: nothing else is
    // filled then but cluster_size, when the family knows it without a search.
    bool too_large = false;
    std::uint64_t cluster_size = 0;
};

}  // namespace slidedb
