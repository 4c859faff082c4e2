// What every picture of a cluster graph shows, whatever its format: the
// layered layout, the marked boards (goals, the start, the hardest start),
// one optimal solution, and a caption that says what is drawn.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "graph/adjacency.h"
#include "graph/layout.h"
#include "solve/cluster_graph.h"

namespace slidedb {

// Pictures of more boards than these are refused unless asked for
// (--max-boards): past a few thousand dots a drawing shows a smudge, and a
// DOT file is for tools that lay out large graphs themselves.
constexpr std::uint64_t kDefaultPictureBoards = 3'000;
constexpr std::uint64_t kDefaultDotBoards = 100'000;

class GraphDrawing {
public:
    explicit GraphDrawing(const ClusterGraph& graph);

    const ClusterGraph& graph() const { return graph_; }
    const Adjacency& next() const { return next_; }
    const GraphLayout& layout() const { return layout_; }
    // Boards of one optimal solution, the start first and a goal last: from
    // the start, always the first neighbour one move closer to the goal.
    // Empty when the cluster has no goal.
    const std::vector<std::uint32_t>& path() const { return path_; }
    bool on_path(std::uint32_t v) const { return on_path_[v] != 0; }
    bool on_path(std::uint32_t a, std::uint32_t b) const { return path_moves_.count(key(a, b)) != 0; }
    // "1,200 boards, 3,411 moves; 12 goal boards (distance 0); start at 21;
    // hardest start at 30"
    const std::string& caption() const { return caption_; }

    // Places in drawing units (SVG user units, PNG pixels at scale 1): a row
    // a distance, the goals at the top.
    static constexpr double kColumn = 12, kRow = 36, kLeft = 48, kTop = 44, kMargin = 16;
    double x(std::uint32_t v) const {
        return kLeft + layout_.across[v] * (width() - kLeft - kMargin);
    }
    double y(std::uint32_t v) const { return row_y(graph_.boards[v].distance); }
    static double row_y(std::uint32_t distance) { return kTop + kRow * static_cast<double>(distance); }
    // At least kMinWidth, so that the caption fits.
    static constexpr double kMinWidth = 760;
    double width() const {
        return std::max(kMinWidth, kLeft + static_cast<double>(layout_.widest) * kColumn + kMargin);
    }
    double height() const { return row_y(static_cast<std::uint32_t>(layout_.rows.size())) - kRow + kMargin + 12; }

    // What a board is, for tooltips: "distance 12, start" and its text.
    std::string board_title(std::uint32_t v) const;
    // The word beside a marked board: "start", "hardest", "start, hardest";
    // "" for the others.
    std::string mark(std::uint32_t v) const;

    // A move that keeps the distance is drawn as an arc above its row (a
    // straight line would hide under the dots): how high it rises.
    static double lift(double x1, double x2);

private:
    static std::uint64_t key(std::uint32_t a, std::uint32_t b) {
        return a < b ? std::uint64_t{a} << 32 | b : std::uint64_t{b} << 32 | a;
    }

    const ClusterGraph& graph_;
    Adjacency next_;
    GraphLayout layout_;
    std::vector<std::uint32_t> path_;
    std::vector<char> on_path_;  // by board
    std::unordered_set<std::uint64_t> path_moves_;
    std::string caption_;
};

// The colours of the marks, the same in every format.
inline constexpr const char* kGoalColour = "#2e9e5b";
inline constexpr const char* kStartColour = "#1f6fd1";
inline constexpr const char* kHardestColour = "#e08a00";
inline constexpr const char* kPathColour = "#d1343b";
inline constexpr const char* kBoardColour = "#5b6673";
inline constexpr const char* kMoveColour = "#9aa5b1";

}  // namespace slidedb
