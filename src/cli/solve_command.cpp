// slidedb solve FILE : solve the puzzles of one file, no database needed.
#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>
#include <tbb/task_arena.h>

#include "cli/command.h"
#include "cli/memory_option.h"
#include "cli/seconds_option.h"
#include "pipeline/read_input.h"
#include "report/puzzle_text.h"
#include "families/families.h"
#include "report/escape.h"

namespace slidedb::cli {

namespace {

struct SolveArgs {
    std::string path;
    std::uint64_t max_states = SolveOptions{}.max_states;
    std::uint64_t max_memory = 0;
    double time_limit = 0;
    std::string cache_dir;
    int jobs = 0;
    bool levels = true;
};

int run_solve(const SolveArgs& a) {
    FoundFile file = a.path == "-" ? read_standard_input() : read_input(a.path);
    const std::string path = visible_line(file.path);
    for (const FoundError& e : file.errors)
        std::fputs((e.line > 0 ? fmt::format("{}:{}: {}\n", path, e.line, visible_line(e.message))
                               : fmt::format("{}: {}\n", path, visible_line(e.message)))
                       .c_str(),
                   stderr);
    SolveOptions options;
    options.max_states = a.max_states;
    options.max_memory = a.max_memory ? a.max_memory : default_max_memory(1);
    options.max_seconds = a.time_limit;
    options.cache_dir = a.cache_dir;
    options.terminal = isatty(STDERR_FILENO);
    // A long preparation (a pattern table) runs on the threads of this arena.
    tbb::task_arena arena(a.jobs > 0 ? a.jobs : tbb::task_arena::automatic);
    bool first = true;
    bool disagreed = false;
    for (const FoundPuzzle& p : file.puzzles) {
        const SolveResult r = arena.execute([&] { return family_of(p.puzzle).solve(p.puzzle, options); });
        // A file's claimed figures, checked as import checks them.
        if (r.status == Status::Limit) {
            if (p.claimed_moves || p.claimed_cluster)
                std::fputs(fmt::format("{}:{}: {}\n", path, p.line, kClaimNotChecked).c_str(), stderr);
        } else {
            for (const std::string& s : claim_disagreements(
                     p.claimed_moves, p.claimed_cluster, r.status == Status::Solved ? r.moves : -1,
                     r.cluster_complete ? static_cast<std::int64_t>(r.cluster_size) : -1)) {
                std::fputs(fmt::format("{}:{}: {}\n", path, p.line, s).c_str(), stderr);
                disagreed = true;
            }
        }
        std::string out = first ? "" : "\n";
        first = false;
        if (file.puzzles.size() > 1 || p.line > 1) out += fmt::format("== {}:{}\n", path, p.line);
        out += solution_text(p.puzzle, r) + "\n" + statistics_text(p.puzzle, r);
        if (const std::string levels = a.levels ? levels_text(r, Format::Table) : ""; !levels.empty())
            out += "\n" + levels;
        std::fputs(out.c_str(), stdout);
    }
    return file.errors.empty() && !disagreed ? 0 : 1;
}

}  // namespace

void add_solve(CLI::App& app, Run& chosen) {
    add_command<SolveArgs>(
        app, chosen, "solve", "Solve the puzzles of one file (or - for stdin) and print the solutions",
        [](CLI::App& sub, SolveArgs& a) {
            sub.add_option("file", a.path, "Board file, or - for standard input")->required();
            sub.add_option("--max-states", a.max_states, "Stop a search after this many boards")
                ->capture_default_str()
                ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4'000'000'000}));
            add_max_memory(sub, a.max_memory);
            sub.add_option("--time-limit", a.time_limit,
                           "Seconds one puzzle's search (breadth-first or informed, its analysis included) may "
                           "take; 0: none")
                ->check(seconds_check(true));
            add_cache_dir(sub, a.cache_dir);
            sub.add_option("-j,--jobs", a.jobs, "Threads for a long preparation such as a pattern table (default: all cores)")
                ->check(CLI::Range(1, 256));
            sub.add_flag("!--no-levels", a.levels, "Leave out the level table");
        },
        run_solve);
}

}  // namespace slidedb::cli
