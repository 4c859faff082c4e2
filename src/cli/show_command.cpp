// slidedb show ID : one stored puzzle, its sources, solution and levels.
#include <cstdio>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/id_option.h"
#include "families/families.h"
#include "puzzle/puzzle.h"
#include "puzzle/text.h"
#include "report/puzzle_text.h"
#include "store/database.h"
#include "store/puzzle_record.h"
#include "store/standing.h"

namespace slidedb::cli {

namespace {

struct ShowArgs {
    std::int64_t id = 0;
    std::string db = "puzzles.db";
};

int run_show(const ShowArgs& a) {
    auto db = open_database(a.db, Access::ReadOnly, with_bands());
    const auto rec = load_puzzle(*db, a.id);
    if (!rec) {
        std::fputs(fmt::format("slidedb: {}: no puzzle with id {}\n", a.db, a.id).c_str(), stderr);
        return 1;
    }
    std::string out;
    try {
        out = fmt::format("Puzzle {}: {}\n\n", rec->id, family_of(rec->puzzle).summary(rec->puzzle));
        out += "Sources:\n" + format_table(rec->sources, Format::Table) + "\n";
        if (!rec->result) out += start_text(rec->puzzle) + "\n";
        if (rec->result) {
            out += solution_text(rec->puzzle, *rec->result) + "\n" + statistics_text(rec->puzzle, *rec->result);
            out += fmt::format("Solver:  {}\n\n", rec->solver_version);
            out += levels_text(*rec->result, Format::Table);
        }
    } catch (const PuzzleError& e) {
        // A stored board no family reads (a database edited by hand): say
        // which puzzle it is.
        std::fputs(fmt::format("slidedb: {}: puzzle {}: {}\n", a.db, a.id, e.what()).c_str(), stderr);
        return 1;
    }
    const auto s = puzzle_standing(*db, rec->id);
    if (!rec->result)
        out += s && s->cluster_puzzle == rec->id ? "Not searched: its figures below are the enumeration's.\n"
                                                 : "Not solved yet.\n";
    if (s) {
        out += fmt::format("\nRank: {}, {}\n", counted(s->moves, "move"), s->sentence());
        if (s->cluster_puzzle && *s->cluster_puzzle == rec->id)
            out += fmt::format("Enumerated: the puzzle of its cluster ({} boards)\n", s->cluster_size);
        else if (s->cluster_puzzle)
            out += fmt::format("Cluster: enumerated as puzzle {} ({} moves, {} boards)\n", *s->cluster_puzzle,
                               s->cluster_moves, s->cluster_size);
    }
    std::fputs(out.c_str(), stdout);
    return 0;
}

}  // namespace

void add_show(CLI::App& app, Run& chosen) {
    add_command<ShowArgs>(
        app, chosen, "show", "Print one stored puzzle: sources, solution, level table",
        [](CLI::App& sub, ShowArgs& a) {
            sub.add_option("id", a.id, "Puzzle id (puzzles.id)")->required()->check(puzzle_id());
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
        },
        run_show);
}

}  // namespace slidedb::cli
