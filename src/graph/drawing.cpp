#include "graph/drawing.h"

#include <cmath>

#include <fmt/format.h>

namespace slidedb {

namespace {

std::vector<std::uint32_t> solution_path(const ClusterGraph& g, const Adjacency& next) {
    std::vector<std::uint32_t> path;
    if (!g.to_goal || g.start == ClusterGraph::kNone) return path;
    path.push_back(g.start);
    while (g.boards[path.back()].distance > 0) {
        const std::uint32_t d = g.boards[path.back()].distance;
        for (const std::uint32_t u : next.of(path.back()))
            if (g.boards[u].distance == d - 1) {
                path.push_back(u);
                break;
            }
        // Distances from a breadth-first search: a board at d > 0 always
        // has a neighbour at d - 1.
        if (g.boards[path.back()].distance != d - 1) break;
    }
    return path;
}

std::string caption_of(const ClusterGraph& g, const GraphLayout& l) {
    std::uint64_t goals = 0;
    for (const GraphBoard& b : g.boards) goals += b.goal;
    std::string s = fmt::format("{} boards, {} moves", g.boards.size(), g.moves.size());
    if (!g.to_goal)
        return s + fmt::format("; no goal board: rows by distance from the start (0 to {})", l.rows.size() - 1);
    s += fmt::format("; rows by distance to the goal, 0 ({} goal {}) to {}", goals, goals == 1 ? "board" : "boards",
                     l.rows.size() - 1);
    if (g.start != ClusterGraph::kNone) s += fmt::format("; start at {}", g.boards[g.start].distance);
    if (g.hardest != ClusterGraph::kNone) s += fmt::format("; hardest start at {}", g.boards[g.hardest].distance);
    return s;
}

}  // namespace

GraphDrawing::GraphDrawing(const ClusterGraph& graph)
    : graph_(graph), next_(graph), layout_(layered_layout(graph, next_)), path_(solution_path(graph, next_)) {
    on_path_.assign(graph_.boards.size(), 0);
    for (const std::uint32_t v : path_) on_path_[v] = 1;
    for (std::size_t k = 1; k < path_.size(); ++k) path_moves_.insert(key(path_[k - 1], path_[k]));
    caption_ = caption_of(graph_, layout_);
}

std::string GraphDrawing::board_title(std::uint32_t v) const {
    const GraphBoard& b = graph_.boards[v];
    std::string s = fmt::format("distance {}", b.distance);
    if (b.goal) s += ", goal";
    if (v == graph_.start) s += ", start";
    if (v == graph_.hardest) s += ", hardest start";
    if (on_path_[v] && v != graph_.start && !b.goal) s += ", on the solution";
    std::string text = b.text;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return s + "\n" + text;
}

std::string GraphDrawing::mark(std::uint32_t v) const {
    if (v == graph_.start) return v == graph_.hardest ? "start, hardest" : "start";
    return v == graph_.hardest ? "hardest" : "";
}

double GraphDrawing::lift(double x1, double x2) { return std::min(kRow * 0.4, std::abs(x2 - x1) * 0.35 + 3); }

}  // namespace slidedb
