// slidedb enumerate [--family NAME] --size N --walls MIN..MAX [--shard K/N]:
// every puzzle of a size, as the family's enumerator lists them, stored in
// the database.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/enumeration_links.h"
#include "cli/interrupt.h"
#include "cli/shard_option.h"
#include "families/families.h"
#include "puzzle/enumerator.h"
#include "store/database.h"
#include "store/enumeration_writer.h"

namespace slidedb::cli {

namespace {

struct EnumerateArgs {
    std::string family;  // by default the first family of the registry that can enumerate
    int size = 6;
    std::string walls = "0..0";
    std::string shard = "1/1";
    std::string db = "puzzles.db";
    int jobs = 0;
    bool puzzle_clusters_only = false;
    bool quiet = false;
};

// "A..B" or "A": two counts.
bool parse_range(const std::string& text, int& low, int& high) {
    const auto dots = text.find("..");
    try {
        std::size_t used = 0;
        low = std::stoi(text.substr(0, dots), &used);
        if (used != (dots == std::string::npos ? text.size() : dots)) return false;
        high = dots == std::string::npos ? low : std::stoi(text.substr(dots + 2), &used);
        return dots == std::string::npos || used == text.size() - dots - 2;
    } catch (const std::exception&) {
        return false;
    }
}

std::string duration(double s) {
    if (s < 90) return fmt::format("{:.0f}s", s);
    if (s < 5400) return fmt::format("{:.0f}m{:02.0f}s", s / 60 - 0.5, std::fmod(s, 60.0));
    return fmt::format("{:.0f}h{:02.0f}m", s / 3600 - 0.5, std::fmod(s / 60, 60.0));
}

// The families with an enumerator, in the registry's order.
std::vector<const Family*> enumerating_families() {
    std::vector<const Family*> out;
    for (const Family* f : families())
        if (f->enumerator()) out.push_back(f);
    return out;
}

std::string names_of(const std::vector<const Family*>& list) {
    std::string out;
    for (const Family* f : list) out += (out.empty() ? "" : ", ") + std::string(f->name());
    return out.empty() ? "none" : out;
}

// Why `--family` cannot name `name`, or "" when it can.
std::string family_problem(const std::string& name) {
    const auto can = enumerating_families();
    if (can.empty()) return "no family can enumerate";
    const Family* f = find_family(name);
    if (!f) return fmt::format("no family is called '{}'; families that can enumerate: {}", name, names_of(can));
    if (!f->enumerator()) return fmt::format("family {} cannot enumerate; families that can: {}", name, names_of(can));
    return "";
}

// The family `--family` names; a usage error when it cannot enumerate.
const Family& chosen_family(const std::string& name) {
    if (const std::string problem = family_problem(name); !problem.empty())
        throw CLI::ValidationError("--family", problem);
    return *find_family(name);
}

EnumeratedRow row_of(const EnumeratedPuzzle& p) {
    const Puzzle& v = p.puzzle;
    EnumeratedRow r;
    r.key = v.key;
    r.family = v.family;
    r.board = v.board;
    r.exit_side = v.exit_side.value_or("right");
    r.width = v.width;
    r.height = v.height;
    r.exit_row = v.exit_row.value_or(0);
    r.blocks = v.blocks.value_or(0);
    r.fixed = v.fixed.value_or(0);
    r.moves = p.moves;
    r.cluster_size = p.cluster_size;
    r.goal_levels = p.goal_levels;
    return r;
}

int run_enumerate(const EnumerateArgs& a, const Family& family, const std::string& command) {
    // Ctrl-C, or a scheduler's SIGTERM: the units under way are finished and
    // stored, the rest left for the same command to do again.
    catch_stop("\nslidedb enumerate: stopping once the units under way are stored (a second signal quits at once)\n");
    const Enumerator& enumerator = *family.enumerator();
    if (a.size < enumerator.min_size() || a.size > enumerator.max_size())
        throw CLI::ValidationError("--size", fmt::format("family {} enumerates sizes {} to {}, got {}", family.name(),
                                                         enumerator.min_size(), enumerator.max_size(), a.size));
    EnumerationSpec spec;
    spec.size = a.size;
    if (!parse_range(a.walls, spec.min_walls, spec.max_walls) || spec.min_walls < 0 || spec.max_walls < spec.min_walls)
        throw CLI::ValidationError("--walls", "expected MIN..MAX, e.g. 0..2, got " + a.walls);
    const ShardArg part = parse_shard(a.shard);
    const EnumerationShard shard{part.index, part.count};
    spec.every_cluster = !a.puzzle_clusters_only;
    const int jobs = a.jobs > 0 ? a.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const auto started = std::chrono::steady_clock::now();

    // Checked before the database is touched: walls beyond what the family
    // enumerates, and more units than one process lists.
    const std::uint64_t units = enumerator.unit_count(spec);
    const auto shards = static_cast<std::uint64_t>(shard.count);
    if ((units + shards - 1) / shards > kMostUnitsAShard)
        throw CLI::ValidationError(
            "--shard", fmt::format("{0}x{0} with {1}..{2} walls has {3} units, too many for one process; run it in "
                                   "shards, --shard K/N with N at least {4}",
                                   spec.size, spec.min_walls, spec.max_walls, units,
                                   (units + kMostUnitsAShard - 1) / kMostUnitsAShard));
    auto db = open_database(a.db, Access::ReadWrite, with_bands());
    EnumerationWriter writer(*db, command, jobs,
                             {std::string(family.name()), spec.size, spec.min_walls, spec.max_walls, spec.every_cluster, units,
                              std::string(enumerator.version())});
    const auto done = writer.done_units();
    const bool tty = isatty(STDERR_FILENO);
    double last_line = -1e9;
    const std::string what = fmt::format("{0}x{0} walls {1}..{2} shard {3}/{4}", spec.size, spec.min_walls,
                                         spec.max_walls, shard.index, shard.count);
    enumerator.run(
        spec, shard, jobs, [&](std::uint64_t u) { return g_interrupted != 0 || done.count(u) > 0; },
        [&](EnumeratedUnit&& r) {
            EnumeratedUnitRow row;
            row.unit = r.unit;
            row.clusters = r.counts.clusters;
            row.with_goal = r.counts.with_goal;
            row.puzzles = r.counts.puzzles;
            row.puzzle_boards = r.counts.puzzle_boards;
            row.boards = r.counts.boards;
            row.seconds = r.seconds;
            for (const auto& p : r.puzzles) row.rows.push_back(row_of(p));
            writer.write(row);
        },
        [&](const EnumerationProgress& p) {
            if (a.quiet) return;
            // On a terminal a line redrawn every second; in a batch job's log a
            // line a minute.
            if (!tty && p.seconds - last_line < 60 && p.units_done < p.units) return;
            last_line = p.seconds;
            const std::string line = fmt::format(
                "{}: {}/{} units ({:.1f}%), {} puzzles, {} clusters, {} elapsed, about {} left", what, p.units_done,
                p.units, p.units ? 100.0 * static_cast<double>(p.units_done) / static_cast<double>(p.units) : 100.0,
                p.counts.puzzles, p.counts.clusters, duration(p.seconds), duration(p.eta_seconds));
            std::fputs(tty ? ("\r\033[K" + line).c_str() : (line + "\n").c_str(), stderr);
        });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    writer.finish(seconds, g_interrupted == 0);  // a stopped run is no finished one
    if (tty && !a.quiet) std::fputs("\r\033[K", stderr);
    const std::uint64_t linked = link_enumerated(*db);

    const EnumerationTotals t = writer.totals();
    std::fputs(fmt::format("{0}x{0} walls {1}..{2}{3}: {4}/{5} units; clusters {6}, with a goal {7}, puzzles {8}, "
                           "most moves {9}, boards in their clusters {10}; this run {11} units in {12:.2f} s; {13} imported puzzles linked\n",
                           spec.size, spec.min_walls, spec.max_walls,
                           spec.every_cluster ? "" : " (clusters that can give a puzzle)", t.units_done, t.units,
                           t.clusters, t.with_goal, t.puzzles, t.most_moves, t.puzzle_boards, writer.units_written(),
                           seconds, linked)
                   .c_str(),
               stdout);
    if (const int stopped_by = g_interrupted) {
        std::fputs(fmt::format("slidedb enumerate: stopped by {}: {} units stored this run, {} of {} in all; the same "
                               "command goes on from there\n",
                               stop_name(stopped_by), writer.units_written(), t.units_done, t.units)
                       .c_str(),
                   stderr);
        return 128 + stopped_by;
    }
    return 0;
}

}  // namespace

void add_enumerate(CLI::App& app, Run& chosen) {
    add_command<EnumerateArgs>(
        app, chosen, "enumerate", "Find every puzzle of a board size and store it",
        [](CLI::App& sub, EnumerateArgs& a) {
            // Sizes any enumerator takes are checked here, the chosen family's
            // once it is known.
            const auto can = enumerating_families();
            int smallest = 1, largest = 0;
            std::string sizes;
            for (const Family* f : can) {
                const Enumerator& e = *f->enumerator();
                smallest = f == can.front() ? e.min_size() : std::min(smallest, e.min_size());
                largest = std::max(largest, e.max_size());
                sizes += fmt::format("{}{} to {} ({})", sizes.empty() ? "" : ", ", e.min_size(), e.max_size(), f->name());
            }
            if (!can.empty()) a.family = can.front()->name();
            std::string listed;  // "{unblock}": the values --help and the completion offer
            for (const Family* f : can) listed += (listed.empty() ? "{" : ",") + std::string(f->name());
            sub.add_option("--family", a.family, "Family to enumerate: " + names_of(can))
                ->capture_default_str()
                ->check(CLI::Validator([](std::string& name) { return family_problem(name); }, listed + "}"));
            sub.add_option("--size", a.size, "Board side: " + sizes)->required()->check(CLI::Range(smallest, largest));
            sub.add_option("--walls", a.walls, "Walls, MIN..MAX")->capture_default_str();
            add_shard(sub, a.shard, "Do part K of N (1-based); the same N splits alike anywhere")->capture_default_str();
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("-j,--jobs", a.jobs, "Worker threads (default: all cores)")->check(CLI::Range(1, 256));
            sub.add_flag("--puzzle-clusters-only", a.puzzle_clusters_only,
                         "Visit only clusters that can give a puzzle: same puzzles, faster, partial cluster counts");
            sub.add_flag("-q,--quiet", a.quiet, "No progress");
        },
        [](const EnumerateArgs& a) {
            // The default family goes unsaid, so one enumeration's runs read alike.
            const Family& family = chosen_family(a.family);
            const std::string named =
                &family == enumerating_families().front() ? "" : fmt::format(" --family {}", family.name());
            std::string command =
                fmt::format("slidedb enumerate{} --size {} --walls {} --shard {}", named, a.size, a.walls, a.shard);
            if (a.puzzle_clusters_only) command += " --puzzle-clusters-only";
            return run_enumerate(a, family, command);
        });
}

}  // namespace slidedb::cli
