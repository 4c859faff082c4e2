// slidedb import PATH... : read, solve and store every puzzle found.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/enumeration_links.h"
#include "cli/interrupt.h"
#include "cli/memory_option.h"
#include "cli/shard_option.h"
#include "cli/seconds_option.h"
#include "pipeline/import.h"
#include "puzzle/text.h"
#include "report/escape.h"
#include "store/database.h"

namespace slidedb::cli {

namespace {

struct ImportArgs {
    std::vector<std::string> paths;
    std::string db = "puzzles.db";
    int jobs = 0;
    std::uint64_t max_states = SolveOptions{}.max_states;
    std::uint64_t max_memory = 0;
    double time_limit = 0;
    std::string cache_dir;
    bool resolve = false;
    bool quiet = false;
    bool force = false;
    std::string shard = "1/1";
};

int run_import_command(const ImportArgs& args, const std::string& command) {
    // Ctrl-C, or a scheduler's SIGTERM: the searches under way end at once,
    // the puzzles solved so far are stored, and the same command does the rest.
    catch_stop(
        "\nslidedb import: stopping once the puzzles solved so far are stored (a second signal quits at once)\n");
    const auto started = std::chrono::steady_clock::now();
    OpenOptions open;
    open.force = args.force;
    auto db = open_database(args.db, Access::ReadWrite, with_bands(open));
    ImportOptions options;
    options.jobs = args.jobs > 0 ? args.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    options.solve.max_states = args.max_states;
    options.solve.max_memory = args.max_memory ? args.max_memory : default_max_memory(options.jobs);
    options.solve.max_seconds = args.time_limit;
    options.solve.cache_dir = args.cache_dir;
    options.progress = !args.quiet && isatty(STDERR_FILENO);
    options.solve.terminal = options.progress;
    const ShardArg part = parse_shard(args.shard);
    options.shard = {part.index, part.count};
    options.database = args.db;
    options.stop = [] { return g_interrupted != 0; };
    options.solve.cancel = &g_interrupted;

    ImportWriter writer(*db, command, options.jobs, args.resolve);
    std::uint64_t failed_inputs = 0;
    // Over a progress line, a diagnostic first clears it.
    const std::string clear = options.progress ? "\r\033[K" : "";
    const ImportTotals t = run_import(args.paths, options, writer,
                                      [&](const FoundFile& file, const std::vector<std::string>& notes) {
        for (const FoundError& e : file.errors) {
            ++failed_inputs;
            const std::string path = visible_line(file.path);
            std::fputs(e.line > 0 ? fmt::format("{}{}:{}: {}\n", clear, path, e.line, visible_line(e.message)).c_str()
                                  : fmt::format("{}{}: {}\n", clear, path, visible_line(e.message)).c_str(),
                       stderr);
        }
        for (const std::string& n : notes) std::fputs(fmt::format("{}{}\n", clear, visible(n)).c_str(), stderr);
        // A search the memory budget stopped is a failed input: stored as
        // `limit`, named here.
        for (const FoundPuzzle& p : file.puzzles) {
            if (!p.result || p.result->cut != Cut::Memory) continue;
            ++failed_inputs;
            std::fputs(fmt::format("{}{}:{}: search stopped at the memory limit ({} MiB) after generating {} boards; "
                                   "stored as {}\n",
                                   clear, visible_line(file.path), p.line, options.solve.max_memory >> 20,
                                   p.result->examined, status_name(p.result->status))
                           .c_str(),
                       stderr);
        }
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const int stopped_by = g_interrupted;
    writer.finish(seconds, stopped_by == 0);
    link_enumerated(*db);  // new puzzles of an enumerated size find their cluster's puzzle
    if (!args.quiet) {
        const auto& again = t.searched_again;
        const std::string searched_again =
            again[0] + again[1] + again[2] == 0
                ? ""
                : fmt::format("; known, searched again: {} solved, {} unsolvable, {} limit", again[0], again[1],
                              again[2]);
        std::fputs(fmt::format("{}, {} ({} new, {} known); new: {} solved, {} unsolvable, {} limit{}; {}; {}; {}; "
                               "{:.2f} s\n",
                               counted(t.files, "file"), counted(t.puzzles_new + t.puzzles_known, "puzzle"),
                               t.puzzles_new, t.puzzles_known, t.solved, t.unsolvable, t.limit, searched_again,
                               counted(t.errors, "error"), counted(t.claim_mismatches, "claim mismatch",
                                                                   "claim mismatches"),
                               counted(t.searches, "search", "searches"), seconds)
                       .c_str(),
                   stderr);
    }
    if (stopped_by) {
        std::fputs(fmt::format("slidedb import: stopped by {}: {} ({} new) stored this run, {} read to the end; "
                               "the same command goes on from there\n",
                               stop_name(stopped_by), counted(t.puzzles_new + t.puzzles_known, "puzzle"),
                               t.puzzles_new, counted(t.files, "file"))
                       .c_str(),
                   stderr);
        return 128 + stopped_by;
    }
    return failed_inputs > 0 || t.claim_mismatches > 0 ? 1 : 0;
}

}  // namespace

void add_import(CLI::App& app, Run& chosen) {
    add_command<ImportArgs>(
        app, chosen, "import", "Read board files and screenshots, solve every new puzzle, store all",
        [](CLI::App& sub, ImportArgs& a) {
            sub.add_option("paths", a.paths, "Files and folders (recursive; hidden ones skipped)")->required();
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("-j,--jobs", a.jobs, "Worker threads (default: all cores)")->check(CLI::Range(1, 256));
            sub.add_option("--max-states", a.max_states, "Stop a search after this many boards")
                ->capture_default_str()
                ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4'000'000'000}));
            add_max_memory(sub, a.max_memory);
            sub.add_option("--time-limit", a.time_limit,
                           "Seconds one puzzle's search (breadth-first or informed, its analysis included) may "
                           "take; 0: none")
                ->check(seconds_check(true));
            add_cache_dir(sub, a.cache_dir);
            sub.add_flag("--resolve", a.resolve, "Solve again puzzles the database already has");
            sub.add_flag("-q,--quiet", a.quiet, "No progress and no summary");
            sub.add_flag("--force", a.force, "Add slidedb's tables to a SQLite file that holds other tables");
            add_shard(sub, a.shard,
                      "Read only part K of N of the files found (1-based), for imports split over machines; "
                      "the parts, merged, equal one import");
        },
        [](const ImportArgs& a) {
            // The command line is stored with the run, for the record.
            std::string command = "slidedb import";
            for (const auto& p : a.paths) command += " " + p;
            if (a.shard != "1/1") command += " --shard " + a.shard;
            return run_import_command(a, command);
        });
}

}  // namespace slidedb::cli
