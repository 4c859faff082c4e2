#include "report/puzzle_text.h"

#include <fmt/format.h>

#include "solve/move.h"

namespace slidedb {

std::string board_text(const Board& b, int indent) {
    std::string out;
    const std::string grid = b.grid();
    int row = 0;
    std::size_t start = 0;
    for (;;) {
        const std::size_t nl = grid.find('\n', start);
        const std::string line = grid.substr(start, nl - start);
        const bool exit_here = row == b.exit_row();
        out += fmt::format("{:{}}{}{}{}\n", "", indent, exit_here && b.exit == Side::Left ? '<' : ' ', line,
                           exit_here && b.exit == Side::Right ? ">" : "");
        if (nl == std::string::npos) break;
        start = nl + 1;
        ++row;
    }
    return out;
}

std::string solution_text(const Board& board, const SolveResult& r) {
    std::string out;
    if (r.status != Status::Solved) {
        out += r.status == Status::Unsolvable
                   ? fmt::format("Unsolvable: none of the {} reachable boards frees the prisoner.\n\n",
                                 r.cluster_size)
                   : r.cut == Cut::Memory
                   ? fmt::format("No solution within the memory limit ({} boards held).\n\n", r.cluster_size)
                   : fmt::format("No solution within the limit of {} boards.\n\n", r.max_states);
        return out + board_text(board);
    }
    out += fmt::format("Solved in {} moves ({} steps).\n\n", r.moves, r.steps);
    Board b = board;
    out += fmt::format("{:>3}. start\n{}", 0, board_text(b));
    for (std::size_t i = 0; i < r.solution.size(); ++i) {
        const Move m = r.solution[i];
        out += fmt::format("\n{:>3}. {}\n", i + 1, move_text(b, m));
        b = apply_move(b, m);
        out += board_text(b);
    }
    return out;
}

std::string statistics_text(const SolveResult& r) {
    const double rate = r.seconds > 0 ? static_cast<double>(r.cluster_size) / r.seconds : 0;
    return fmt::format(
        "Cluster: {} boards, {} with the prisoner out, depth {}{}\n"
        "Search:  {} boards examined, {:.3f} s ({:.2f} M boards/s), peak {:.1f} KiB\n",
        r.cluster_size, r.cluster_goals, r.cluster_depth,
        r.cluster_complete ? ""
        : r.cut == Cut::Memory ? std::string(" (incomplete: stopped at the memory limit)")
                               : fmt::format(" (incomplete: stopped at {} boards)", r.max_states),
        r.examined, r.seconds, rate / 1e6, static_cast<double>(r.peak_bytes) / 1024.0) +
           (r.hardest_moves >= 0 ? fmt::format("Hardest: the cluster's hardest start needs {} moves{}\n",
                                               r.hardest_moves,
                                               r.hardest_moves > r.moves
                                                   ? fmt::format(" ({} more than this one)", r.hardest_moves - r.moves)
                                                   : std::string())
                                 : std::string()) +
           (!r.blocked_cells.empty() ? fmt::format("Blocked: {} never clear{} (covered by {})\n", r.blocked_cells,
                                                   r.blocked_cells.find(' ') == std::string::npos ? "s" : "",
                                                   r.blockers)
                                     : std::string());
}

std::string levels_text(const SolveResult& r, Format format) {
    Table t;
    t.columns = {"depth", "frontier", "examined", "fresh", "goals"};
    t.numeric.assign(5, true);
    for (const Level& l : r.levels)
        t.rows.push_back({std::to_string(l.depth), std::to_string(l.frontier), std::to_string(l.examined),
                          std::to_string(l.fresh), std::to_string(l.goals)});
    return format_table(t, format);
}

}  // namespace slidedb
