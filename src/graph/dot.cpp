#include "graph/dot.h"

#include <fmt/format.h>

namespace slidedb {

namespace {

// A DOT string's contents: quotes and backslashes escaped, lines as \n.
std::string quoted(std::string_view s) {
    std::string out = "\"";
    for (const char ch : s) {
        if (ch == '"' || ch == '\\') out += '\\';
        if (ch == '\n') {
            out += "\\n";
            continue;
        }
        out += ch;
    }
    return out + "\"";
}

}  // namespace

std::string graph_dot(const GraphDrawing& d) {
    const ClusterGraph& g = d.graph();
    const auto& rows = d.layout().rows;
    std::string out = fmt::format("// slidedb graph: {}\ngraph cluster {{\n", d.caption());
    out += fmt::format("  graph [label={}, labelloc=t, ranksep=0.5, nodesep=0.05, outputorder=edgesfirst];\n",
                       quoted(d.caption()));
    out += fmt::format("  node [shape=point, width=0.06, color=\"{}\"];\n  edge [color=\"{}\"];\n", kBoardColour,
                       kMoveColour);
    // The rows' labels, chained so that the ranks keep their order.
    out += "  subgraph distances {\n    node [shape=plaintext, width=0, fontsize=10, fontcolor=\"#66717f\"];\n";
    for (std::size_t r = 0; r < rows.size(); ++r) out += fmt::format("    d{} [label=\"{}\"];\n", r, r);
    if (rows.size() > 1) {
        out += "    ";
        for (std::size_t r = 0; r < rows.size(); ++r) out += fmt::format("{}d{}", r ? " -- " : "", r);
        out += " [style=invis];\n";
    }
    out += "  }\n";
    for (std::size_t r = 0; r < rows.size(); ++r) {
        out += fmt::format("  {{ rank=same; d{};", r);
        for (const std::uint32_t v : rows[r]) out += fmt::format(" n{};", v);
        out += " }\n";
    }
    for (std::uint32_t v = 0; v < g.boards.size(); ++v) {
        const GraphBoard& b = g.boards[v];
        std::string mark;
        if (v == g.start) mark = fmt::format(", color=\"{}\", width=0.2", kStartColour);
        else if (v == g.hardest) mark = fmt::format(", color=\"{}\", width=0.2", kHardestColour);
        else if (b.goal) mark = fmt::format(", color=\"{}\", width=0.1", kGoalColour);
        else if (d.on_path(v)) mark = fmt::format(", color=\"{}\", width=0.1", kPathColour);
        out += fmt::format("  n{} [tooltip={}{}];\n", v, quoted(d.board_title(v)), mark);
    }
    // a < b and boards come by distance: each edge points away from the
    // goal, as the ranks do.
    for (const auto& [a, b] : g.moves)
        out += d.on_path(a, b) ? fmt::format("  n{} -- n{} [color=\"{}\", penwidth=3];\n", a, b, kPathColour)
                               : fmt::format("  n{} -- n{};\n", a, b);
    return out + "}\n";
}

}  // namespace slidedb
