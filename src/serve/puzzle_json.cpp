#include "serve/puzzle_json.h"

#include <variant>

#include "report/player.h"
#include "report/svg_chart.h"

namespace slidedb::serve {

std::string file_text(const Family& family, const Puzzle& puzzle) { return family.file_text(puzzle); }

void puzzle_members(Json& j, const Family& family, const Puzzle& puzzle) {
    j.member("family", puzzle.family)
        .member("width", puzzle.width)
        .member("height", puzzle.height)
        .member("key", puzzle.key)
        .member("summary", family.summary(puzzle))
        .member("board", puzzle.board)
        .member("board_text", family.board_text(puzzle, 0))
        .member("file_text", file_text(family, puzzle));
}

void result_members(Json& j, const SolveResult& r) {
    j.member("status", status_name(r.status));
    j.key("moves");
    r.moves >= 0 ? j.value(r.moves) : j.null();
    j.key("steps");
    r.steps >= 0 ? j.value(r.steps) : j.null();
    j.member("solution", r.solution).key("cluster_size");
    // null for a count by formula past 64 bits (the 24-puzzle's 25!/2), which comes as 0
    r.cluster_size == 0 && r.extra("cluster_by") == "formula" ? j.null() : j.value(r.cluster_size);
    j.member("cluster_goals", r.cluster_goals);
    j.key("cluster_depth");  // null for a cluster never walked (counted by formula)
    r.cluster_depth >= 0 ? j.value(r.cluster_depth) : j.null();
    j.member("cluster_complete", r.cluster_complete).key("limit_reason");  // null: no limit stopped it
    r.cut == Cut::None ? j.null() : j.value(cut_name(r.cut));
    j.member("examined", r.examined)
        .member("max_states", r.max_states)
        .member("seconds", r.seconds)
        .member("peak_bytes", r.peak_bytes);
    j.key("hardest_moves");
    r.hardest_moves >= 0 ? j.value(r.hardest_moves) : j.null();
    j.key("hardest_board");
    r.hardest_board.empty() ? j.null() : j.value(r.hardest_board);
    j.key("extras").begin_object();
    for (const auto& [name, v] : r.extras) j.member(name, v);
    j.end_object();
    j.key("levels").begin_array();
    for (const Level& l : r.levels)
        j.begin_object()
            .member("depth", static_cast<std::int64_t>(l.depth))
            .member("frontier", l.frontier)
            .member("examined", l.examined)
            .member("fresh", l.fresh)
            .member("goals", l.goals)
            .end_object();
    j.end_array();
    j.key("goal_levels").begin_array();
    for (std::uint64_t n : r.goal_levels) j.value(n);
    j.end_array();
}

void picture_members(Json& j, const Puzzle& puzzle, const SolveResult& r, std::int64_t id) {
    PuzzlePicture p;
    p.id = id;
    p.puzzle = puzzle;
    p.status = std::string(status_name(r.status));
    if (r.status == Status::Solved) p.solution = r.solution;
    p.blocked_cells = r.extra("blocked_cells").value_or("");
    p.blockers = r.extra("blockers").value_or("");
    j.member("player_html", player_html(p, "large"));
    std::vector<double> depth, frontier;
    for (const Level& l : r.levels) {
        depth.push_back(l.depth);
        frontier.push_back(static_cast<double>(l.frontier));
    }
    j.member("levels_svg", depth.empty() ? std::string() : line_chart(depth, frontier, {"depth", "frontier", true}));
    std::vector<std::string> distance;
    std::vector<double> boards;
    for (std::size_t d = 0; d < r.goal_levels.size(); ++d) {
        distance.push_back(std::to_string(d));
        boards.push_back(static_cast<double>(r.goal_levels[d]));
    }
    j.member("distances_svg", boards.empty() ? std::string() : bar_chart(distance, boards, {"distance", "boards", false}));
}

}  // namespace slidedb::serve
