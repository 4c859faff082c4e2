// A puzzle's cluster as a graph (Family::cluster_graph) and its pictures:
// every count checked against the search's own figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "families/families.h"
#include "graph/dot.h"
#include "graph/png.h"
#include "graph/svg.h"

using namespace slidedb;

namespace {

Puzzle first_puzzle(const std::string& text) {
    for (const ReadItem& item : read_board_text(text))
        if (const auto* p = std::get_if<ReadPuzzle>(&item)) return p->puzzle;
    throw std::runtime_error("no puzzle");
}

Puzzle puzzle_file(const std::string& rel) {
    std::ifstream in(std::string(SLIDEDB_TEST_DATA) + "/" + rel, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return first_puzzle(ss.str());
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

// The text of the first element `<tag ... class="name" ... >`'s d attribute.
std::string path_data(const std::string& svg, const std::string& name) {
    const auto at = svg.find("<path class=\"" + name + "\" d=\"");
    if (at == std::string::npos) return {};
    const auto from = svg.find("d=\"", at) + 3;
    return svg.substr(from, svg.find('"', from) - from);
}

// The graph agrees with the search of the same puzzle: its boards are the
// cluster, its rows the boards at each distance to the goal, its moves half
// the successors the search generated (each move is one successor seen from
// either end), and the start lies `moves` from the goal.
void expect_matches_search(const Puzzle& p, const ClusterGraph& g) {
    const SolveResult r = family_of(p).solve(p, {});
    ASSERT_FALSE(g.too_large);
    ASSERT_TRUE(g.to_goal);
    EXPECT_EQ(g.boards.size(), r.cluster_size);
    EXPECT_EQ(2 * g.moves.size(), r.examined);
    std::vector<std::uint64_t> per_distance;
    std::uint64_t goals = 0;
    for (const GraphBoard& b : g.boards) {
        if (b.distance >= per_distance.size()) per_distance.resize(b.distance + 1);
        ++per_distance[b.distance];
        goals += b.goal;
        EXPECT_EQ(b.goal, b.distance == 0);
    }
    EXPECT_EQ(per_distance, r.goal_levels);
    EXPECT_EQ(static_cast<int>(per_distance.size()), r.hardest_moves + 1);
    EXPECT_EQ(goals, r.cluster_goals);
    EXPECT_EQ(static_cast<int>(g.boards[g.start].distance), r.moves);
    EXPECT_EQ(static_cast<int>(g.boards[g.hardest].distance), r.hardest_moves);
    // A move joins boards at most one apart in distance, and no two moves
    // join the same boards.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> moves = g.moves;
    std::sort(moves.begin(), moves.end());
    EXPECT_EQ(std::adjacent_find(moves.begin(), moves.end()), moves.end());
    for (const auto& [a, b] : g.moves) {
        ASSERT_LT(a, b);
        EXPECT_LE(g.boards[b].distance - g.boards[a].distance, 1u);
    }
}

}  // namespace

TEST(ClusterGraph, UnblockExpertOneIsItsClusterOf774Boards) {
    const Puzzle p = puzzle_file("boards/yb_expert_0001.txt");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    EXPECT_EQ(g.boards.size(), 774u);
    EXPECT_EQ(g.boards[g.start].distance, 32u);
    expect_matches_search(p, g);
    // Tooltips hold the board as `solve` prints it.
    EXPECT_EQ(g.boards[g.start].text, family_of(p).board_text(p, 0));
}

TEST(ClusterGraph, KlotskiIsItsClusterOf25955Boards) {
    const Puzzle p = puzzle_file("blocks/klotski.txt");
    const ClusterGraph g = family_of(p).cluster_graph(p, 100'000);
    EXPECT_EQ(g.boards.size(), 25'955u);
    EXPECT_EQ(g.boards[g.start].distance, 81u);
    expect_matches_search(p, g);
}

TEST(ClusterGraph, TilesTwoByThreeIs360BoardsAnd21Rows) {
    const Puzzle p = first_puzzle("4 1 2\n5 0 3\n");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    EXPECT_EQ(g.boards.size(), 360u);
    EXPECT_EQ(g.boards.back().distance, 21u);
    // Four corners where the blank has two moves, two middles with three:
    // 360 / 6 * (4 * 2 + 2 * 3) / 2 moves.
    EXPECT_EQ(g.moves.size(), 420u);
    expect_matches_search(p, g);
    EXPECT_EQ(g.boards[g.start].text, family_of(p).board_text(p, 0));
}

TEST(ClusterGraph, ALargerClusterIsRefusedUnwalked) {
    const Puzzle unblock = puzzle_file("boards/kb_input.txt");  // 3102 boards
    const ClusterGraph g = family_of(unblock).cluster_graph(unblock, 3000);
    EXPECT_TRUE(g.too_large);
    EXPECT_TRUE(g.boards.empty());
    EXPECT_EQ(family_of(unblock).cluster_graph(unblock, 3102).boards.size(), 3102u);
    // Tiles know their cluster's size without a search.
    const Puzzle eight = first_puzzle("1 2 3\n4 0 6\n7 5 8\n");
    const ClusterGraph t = family_of(eight).cluster_graph(eight, 3000);
    EXPECT_TRUE(t.too_large);
    EXPECT_EQ(t.cluster_size, 181'440u);
}

TEST(ClusterGraph, WithoutAGoalRowsGoByDistanceFromTheStart) {
    // A fixed cell stands in the prisoner's way for good.
    const Puzzle p = first_puzzle("......\n..B...\nAAB.x.\n......\n......\n......\n");
    const SolveResult r = family_of(p).solve(p, {});
    ASSERT_EQ(r.status, Status::Unsolvable);
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    EXPECT_FALSE(g.to_goal);
    EXPECT_EQ(g.hardest, ClusterGraph::kNone);
    EXPECT_EQ(g.boards.size(), r.cluster_size);
    EXPECT_EQ(g.boards[g.start].distance, 0u);
    EXPECT_EQ(static_cast<int>(g.boards.back().distance), r.cluster_depth);
    EXPECT_EQ(2 * g.moves.size(), r.examined);
    EXPECT_TRUE(GraphDrawing(g).path().empty());
}

TEST(GraphDrawing, ThePathIsOneOptimalSolution) {
    const Puzzle p = puzzle_file("boards/yb_expert_0001.txt");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    const GraphDrawing d(g);
    ASSERT_EQ(d.path().size(), 33u);
    EXPECT_EQ(d.path().front(), g.start);
    EXPECT_TRUE(g.boards[d.path().back()].goal);
    for (std::size_t k = 1; k < d.path().size(); ++k) {
        EXPECT_EQ(g.boards[d.path()[k]].distance + 1, g.boards[d.path()[k - 1]].distance);
        EXPECT_TRUE(d.on_path(d.path()[k - 1], d.path()[k]));
    }
    // The rows hold every board once, each at its distance.
    std::size_t placed = 0;
    for (std::size_t r = 0; r < d.layout().rows.size(); ++r)
        for (const std::uint32_t v : d.layout().rows[r]) {
            EXPECT_EQ(g.boards[v].distance, r);
            ++placed;
        }
    EXPECT_EQ(placed, g.boards.size());
    EXPECT_EQ(d.layout().rows.size(), 33u);  // the start is the hardest: 32 moves
}

TEST(GraphDrawing, TheSvgDrawsEveryBoardMoveAndRow) {
    const Puzzle p = first_puzzle("4 1 2\n5 0 3\n");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    const GraphDrawing d(g);
    const std::string svg = graph_svg(d);
    EXPECT_EQ(occurrences(svg, "<circle"), 360u);
    EXPECT_EQ(occurrences(svg, "<text class=\"layer\""), 22u);
    const std::string moves = path_data(svg, "moves"), solution = path_data(svg, "solution");
    const int start_distance = static_cast<int>(g.boards[g.start].distance);
    EXPECT_EQ(occurrences(solution, "M"), static_cast<std::size_t>(start_distance));
    EXPECT_EQ(occurrences(moves, "M") + occurrences(solution, "M"), 420u);
    EXPECT_EQ(occurrences(svg, "<circle class=\"start\""), 1u);
    EXPECT_EQ(occurrences(svg, "<circle class=\"goal\""), 1u);
    // The tooltip of the start holds its board.
    EXPECT_NE(svg.find("<title>distance " + std::to_string(start_distance) + ", start\n4 1 2\n5 . 3</title>"),
              std::string::npos)
        << svg.substr(0, 2000);
}

TEST(GraphDrawing, TheDotFileHasANodeABoardAndAnEdgeAMove) {
    const Puzzle p = puzzle_file("boards/yb_expert_0001.txt");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    const std::string dot = graph_dot(GraphDrawing(g));
    std::size_t nodes = 0, edges = 0, solution = 0, ranks = 0;
    std::istringstream in(dot);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("  n", 0) == 0 && line.find(" [tooltip=") != std::string::npos) ++nodes;
        if (line.rfind("  n", 0) == 0 && line.find(" -- ") != std::string::npos) ++edges;
        if (line.find("penwidth=3") != std::string::npos) ++solution;
        if (line.rfind("  { rank=same;", 0) == 0) ++ranks;
    }
    EXPECT_EQ(nodes, 774u);
    EXPECT_EQ(edges, g.moves.size());
    EXPECT_EQ(solution, 32u);
    EXPECT_EQ(ranks, 33u);
}

TEST(GraphDrawing, ThePictureMarksTheStartBlueAndTheGoalsGreen) {
    const Puzzle p = first_puzzle("4 1 2\n5 0 3\n");
    const ClusterGraph g = family_of(p).cluster_graph(p, 3000);
    const GraphDrawing d(g);
    const Image im = graph_image(d);
    EXPECT_EQ(im.width, static_cast<int>(d.width()));
    EXPECT_EQ(im.height, static_cast<int>(d.height()));
    const auto at = [&](std::uint32_t v) {
        const std::uint8_t* px = im.px(static_cast<int>(d.x(v)), static_cast<int>(d.y(v)));
        return std::array<int, 3>{px[0], px[1], px[2]};
    };
    EXPECT_EQ(at(g.start), (std::array<int, 3>{0x1f, 0x6f, 0xd1}));
    std::uint32_t goal = 0;
    while (!g.boards[goal].goal) ++goal;
    EXPECT_EQ(at(goal), (std::array<int, 3>{0x2e, 0x9e, 0x5b}));
}
