#include "report/state_space.h"

#include <fmt/format.h>

#include "families/families.h"
#include "graph/svg.h"

namespace slidedb {

std::string state_space_html(const PuzzlePicture& p) {
    try {
        const ClusterGraph g = family_of(p.puzzle).cluster_graph(p.puzzle, kMaxPageGraphBoards);
        if (g.too_large) return {};
        const GraphDrawing drawing(g);
        return fmt::format(
            "<section class=\"state-space\"><h3>State space</h3>{}<p class=\"note\">Every board of the cluster, in "
            "rows by distance {}; a line is a move. Green: goal boards; blue: the start; orange: the hardest start; "
            "red: one optimal solution. Hover a dot for its board.</p></section>",
            graph_svg(drawing), g.to_goal ? "to the goal" : "from the start (no board is a goal)");
    } catch (const PuzzleError&) {
        return {};
    }
}

}  // namespace slidedb
