#include "report/puzzle_text.h"

#include <fmt/format.h>

#include "families/families.h"
#include "puzzle/text.h"

namespace slidedb {

std::string start_text(const Puzzle& puzzle) {
    std::string out;
    for (const std::string& row : split_lines(family_of(puzzle).file_text(puzzle)))
        if (!row.empty()) out += "  " + row + "\n";
    return out;
}

std::string solution_text(const Puzzle& puzzle, const SolveResult& r) {
    const Family& family = family_of(puzzle);
    std::string out;
    if (const auto reason = r.extra("reason"); reason && r.status != Status::Solved) {
        // The family knows why in words (tiles: parity; a stopped search).
        out += fmt::format("{}: {}.\n\n", r.status == Status::Unsolvable ? "Unsolvable" : "No solution",
                           *reason);
        return out + start_text(puzzle);
    }
    if (r.status != Status::Solved) {
        out += r.status == Status::Unsolvable
                   ? fmt::format("Unsolvable: none of the {} reachable boards has {}.\n\n", r.cluster_size,
                                 family.goal_phrase())
                   : r.cut == Cut::Memory
                   ? fmt::format("No solution within the memory limit ({} boards held).\n\n", r.cluster_size)
                   : r.cut == Cut::Time
                   ? fmt::format("No solution within the time limit ({:.3g} s).\n\n", r.seconds)
                   : fmt::format("No solution within the limit of {} boards.\n\n", r.max_states);
        return out + start_text(puzzle);
    }
    out += fmt::format("Solved in {} ({}).\n\n", counted(r.moves, "move"), counted(r.steps, "step"));
    const std::vector<ReplayStep> steps = family.replay(puzzle, r.solution);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        out += fmt::format("{}{:>3}. {}\n", i ? "\n" : "", i, i ? steps[i].move : "start");
        for (const std::string& row : split_lines(steps[i].text))
            if (!row.empty()) out += "  " + row + "\n";
    }
    return out;
}

std::string statistics_text(const Puzzle& puzzle, const SolveResult& r) {
    const std::string blocked_cells = r.extra("blocked_cells").value_or("");
    const std::string blockers = r.extra("blockers").value_or("");
    const double rate = r.seconds > 0 ? static_cast<double>(r.cluster_size) / r.seconds : 0;
    // A count by formula past 64 bits (the 24-puzzle's 25!/2) comes as 0.
    const std::string by_formula = r.cluster_size > 0 ? fmt::format("{} boards (exact, by formula)", r.cluster_size)
                                                      : std::string("more boards than 64 bits count (by formula)");
    if (r.extra("search") == "parity")  // decided without a search: no boards, time or memory to speak of
        return fmt::format("Cluster: {}, {} with {}\nSearch:  none: parity decides it\n", by_formula,
                           r.cluster_goals, family_of(puzzle).goal_phrase());
    if (r.extra("cluster_by") == "formula") {
        const double generated = r.seconds > 0 ? static_cast<double>(r.examined) / r.seconds : 0;
        // Too many boards to visit (tiles): the count is exact by formula,
        // the search an informed one whose iterations are the levels.
        return fmt::format("Cluster: {}, {} with {}\n"
                           "Search:  {}, {} boards generated, {:.3f} s ({:.2f} M boards/s), peak {:.1f} KiB\n",
                           by_formula, r.cluster_goals, family_of(puzzle).goal_phrase(),
                           r.extra("search").value_or("search"), r.examined, r.seconds, generated / 1e6,
                           static_cast<double>(r.peak_bytes) / 1024.0);
    }
    return fmt::format(
        "Cluster: {} boards, {} with {}, depth {}{}\n"
        "Search:  {} boards examined, {:.3f} s ({:.2f} M boards/s), peak {:.1f} KiB\n",
        r.cluster_size, r.cluster_goals, family_of(puzzle).goal_phrase(), r.cluster_depth,
        r.cluster_complete ? ""
        : r.cut == Cut::Memory ? std::string(" (incomplete: stopped at the memory limit)")
        : r.cut == Cut::Time   ? std::string(" (incomplete: stopped at the time limit)")
                               : fmt::format(" (incomplete: stopped once it held {} boards, --max-states)",
                                             r.max_states),
        r.examined, r.seconds, rate / 1e6, static_cast<double>(r.peak_bytes) / 1024.0) +
           (r.hardest_moves >= 0 ? fmt::format("Hardest: the cluster's hardest start needs {}{}\n",
                                               counted(r.hardest_moves, "move"),
                                               r.hardest_moves > r.moves
                                                   ? fmt::format(" ({} more than this one)", r.hardest_moves - r.moves)
                                                   : std::string())
                                 : std::string()) +
           (!blocked_cells.empty() ? fmt::format("Blocked: {} never clear{} (covered by {})\n", blocked_cells,
                                                 blocked_cells.find(' ') == std::string::npos ? "s" : "", blockers)
                                     : std::string());
}

std::string levels_text(const SolveResult& r, Format format) {
    if (r.levels.empty()) return {};  // no search ran (parity): no table of nothing
    Table t;
    t.columns = {"depth", "frontier", "examined", "fresh", "goals"};
    if (r.extra("search") == "ida") t.columns = {"bound", "expanded", "generated", "fresh", "goals"};
    t.numeric.assign(5, true);
    for (const Level& l : r.levels)
        t.rows.push_back({std::to_string(l.depth), std::to_string(l.frontier), std::to_string(l.examined),
                          std::to_string(l.fresh), std::to_string(l.goals)});
    return format_table(t, format);
}

}  // namespace slidedb
