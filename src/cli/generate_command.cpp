// slidedb generate : random puzzles of a family, in its file format (for
// Unblock, the database-line format).
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/interrupt.h"
#include "cli/small_file.h"
#include "cli/whole_number_option.h"
#include "cli/output_file.h"
#include "cli/pair_option.h"
#include "generate/generator.h"
#include "generate/hardest.h"
#include "generate/sample.h"
#include "store/enumerated_draw.h"

namespace slidedb::cli {

namespace {

struct GenerateArgs {
    std::string family = "unblock";
    GenerateFilter filter;
    std::uint64_t seed = 1;
    std::uint64_t count = 0;
    std::string size, blocks, exit, walls, moves;  // "": the family's default
    std::string db;
    std::string outline;  // a file
    std::optional<int> fixed;
    bool hardest = false;
    HardestSearch search;
    std::string out;
    int jobs = 0;
};

GenerateSpec spec_of(const GenerateArgs& a) {
    GenerateSpec spec;
    if (!a.size.empty()) spec.size = parse_pair(a.size, "x", "--size");
    if (!a.blocks.empty()) spec.pieces = parse_pair(a.blocks, "..", "--blocks");
    if (!a.exit.empty()) spec.exit = a.exit;
    if (!a.walls.empty()) spec.walls = parse_pair(a.walls, "..", "--walls");
    if (!a.moves.empty()) spec.moves = parse_pair(a.moves, "..", "--moves");
    spec.fixed = a.fixed;
    if (!a.outline.empty()) {
        try {
            spec.outline = read_small_file(a.outline, 64 * 1024);
        } catch (const std::runtime_error& e) {
            throw CLI::ValidationError("--outline", e.what());
        }
        spec.outline_name = a.outline;
    }
    return spec;
}

// A board's rows on one line, for progress.
std::string flat_board(std::string board) {
    std::replace(board.begin(), board.end(), '\n', '/');
    return board;
}

// --hardest: the search, its progress on stderr, the best puzzles found.
int run_hardest(const GenerateArgs& a, const GenerationPlan& plan, std::FILE* out) {
    if (!plan.can_search()) throw CLI::ValidationError("--hardest", fmt::format("the family '{}' has no such search", a.family));
    // --fixed is the random draw's number of walls; the search's are --walls.
    if (a.fixed) throw CLI::ValidationError("--fixed", "--hardest takes its walls as --walls MIN..MAX");
    HardestSearch s = a.search;
    s.seed = a.seed;
    s.count = a.count ? a.count : 1;
    s.jobs = a.jobs > 0 ? a.jobs : static_cast<int>(std::thread::hardware_concurrency());
    if (s.rounds == 0 && s.seconds <= 0) s.seconds = 60;
    // Ctrl-C (or SIGTERM) ends the search after the round under way, and the
    // best found so far is written as at the time limit.
    catch_stop("\nslidedb generate: stopping after the round under way (a second signal quits at once)\n");
    s.stop = [] { return g_interrupted != 0; };
    double shown = -1;
    int shown_moves = -1;
    HardestProgress last;
    const auto found = search_hardest(plan, s, [&](const HardestProgress& p) {
        last = p;
        if (p.seconds - shown < 1 && p.best_moves == shown_moves) return;
        shown = p.seconds;
        shown_moves = p.best_moves;
        fmt::print(stderr, "round {} (start {}): {} boards scored in {:.1f} s, best {} moves (round {}, {:.1f} s){}\n",
                   p.rounds, p.starts, p.scored, p.seconds, p.best_moves, p.best_round, p.best_seconds,
                   p.best ? " " + flat_board(p.best->board) : "");
    });
    fmt::print(stderr,
               "{} rounds, {} start{}, {} boards scored in {:.1f} s; the best, {} moves, first found in round {} at {:.1f} s\n",
               last.rounds, last.starts, last.starts == 1 ? "" : "s", last.scored, last.seconds, last.best_moves, last.best_round, last.best_seconds);
    std::fputs(fmt::format("# slidedb generate --hardest{} --count {} --seed {} --rounds {} --patience {}{}\n",
                           a.family == "unblock" ? "" : " --family " + a.family, s.count, s.seed, last.rounds,
                           s.patience, plan.search_options_text())
                   .c_str(),
               out);
    std::fputs(plan.file_header().c_str(), out);
    for (const HardestStart& h : found) std::fputs(plan.file_entry(h.puzzle, h.moves, h.cluster_size).c_str(), out);
    if (const int stopped_by = g_interrupted) {
        fmt::print(stderr, "slidedb generate: stopped by {} after round {}: the best found so far is written; "
                   "--rounds {} repeats the search\n",
                   stop_name(stopped_by), last.rounds, last.rounds);
        return 128 + stopped_by;
    }
    return 0;
}

// --moves A..B --db: a uniform draw of the enumerated puzzles of the size
// with those moves, when the database holds an enumeration of it. False
// when it holds none.
bool draw_enumerated(const GenerateArgs& a, const GenerationPlan& plan, std::pair<int, int> moves, std::FILE* out) {
    const auto [width, height] = plan.size();
    // Said when it falls back on the search: the database was named to be drawn from.
    const auto searched = [&](const std::string& why) {
        fmt::print(stderr, "{}: {}; searching random clusters instead\n", a.db, why);
        return false;
    };
    if (width != height) return searched(fmt::format("enumerations are of square boards, not {}x{}", width, height));
    auto db = open_database(a.db, Access::ReadOnly);
    const std::optional<std::pair<int, int>> walls =
        a.walls.empty() ? std::nullopt : std::optional(parse_pair(a.walls, "..", "--walls"));
    const auto e = enumeration_to_draw(*db, a.family, width, walls);
    if (!e)
        return searched(walls ? fmt::format("no enumeration of {}x{} with walls {}..{}", width, height, walls->first,
                                            walls->second)
                              : fmt::format("no enumeration of {}x{}", width, height));
    const std::vector<std::int64_t> ids = enumerated_ids(*db, e->id, moves.first, moves.second);
    if (ids.size() < a.count)
        throw std::runtime_error(fmt::format("{}: the enumeration of {}x{} (walls {}..{}) holds {} puzzles of {}..{} moves, "
                                             "fewer than --count {}",
                                             a.db, width, height, e->min_walls, e->max_walls, ids.size(), moves.first,
                                             moves.second, a.count));
    if (e->units_done < e->units)
        fmt::print(stderr, "{}: the enumeration of {}x{} has {} of its {} units: drawing from those\n", a.db, width,
                   height, e->units_done, e->units);
    std::vector<std::int64_t> chosen;
    for (const std::uint64_t i : sample(ids.size(), a.count, a.seed)) chosen.push_back(ids[i]);
    std::fputs(fmt::format("# slidedb generate{} --moves {}..{} --count {} --seed {} --size {}x{} --walls {}..{}: "
                           "drawn from the enumeration of {} of {} puzzles\n",
                           a.family == "unblock" ? "" : " --family " + a.family, moves.first, moves.second, a.count,
                           a.seed, width, height, e->min_walls, e->max_walls, a.db, ids.size())
                   .c_str(),
               out);
    std::fputs(plan.file_header().c_str(), out);
    for (const EnumeratedDraw& d : enumerated_puzzles(*db, e->id, chosen))
        std::fputs(plan.file_entry(d.puzzle, d.moves, d.cluster_size).c_str(), out);
    return true;
}

int run_generate(GenerateArgs a) {
    refuse_database_as_output(a.out, a.db, "--out");
    const Family* family = find_family(a.family);
    if (!family || !family->generator())
        throw CLI::ValidationError("--family", fmt::format("the family '{}' makes no puzzles", a.family));
    std::unique_ptr<GenerationPlan> plan;
    try {
        plan = family->generator()->plan(spec_of(a));
    } catch (const GenerateError& e) {
        throw CLI::ValidationError(e.option, e.what());
    }

    if (!a.hardest && a.count == 0) throw CLI::ValidationError("--count", "how many puzzles? (--count N)");
    // A folder given for one puzzle of a family that writes a file each
    // takes it as 0001.txt, as it would take more.
    std::error_code ec;
    const bool folder = plan->one_a_file() && !a.hardest &&
                        (a.count > 1 || (!a.out.empty() && std::filesystem::is_directory(a.out, ec)));
    if (folder && !a.out.empty()) {
        if (std::filesystem::exists(a.out, ec) && !std::filesystem::is_directory(a.out, ec))
            throw std::runtime_error(fmt::format("{}: a file, not a folder: {} puzzles of the family '{}' go to a "
                                                 "folder, a file each",
                                                 a.out, a.count, a.family));
        std::filesystem::create_directories(a.out, ec);
        if (ec) throw std::runtime_error(fmt::format("{}: cannot make the folder: {}", a.out, ec.message()));
        // Puzzles of an earlier run left beside these would read as one set.
        for (const auto& entry : std::filesystem::directory_iterator(a.out, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.size() == 8 && name.ends_with(".txt") &&
                name.find_first_not_of("0123456789") == 4)
                throw std::runtime_error(fmt::format("{}: holds {} of an earlier run already; give a new or empty "
                                                     "folder",
                                                     a.out, name));
        }
    }
    if (!folder && !a.out.empty() && std::filesystem::is_directory(a.out, ec))
        throw std::runtime_error(fmt::format("{}: a folder, not a file: the family '{}' writes its puzzles to one "
                                             "file",
                                             a.out, a.family));
    std::FILE* out = a.out.empty() || folder ? stdout : std::fopen(a.out.c_str(), "w");
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write: {}", a.out, std::strerror(errno)));
    // The file is closed on every way out; a write it refused (a full disk)
    // fails the command, naming the file.
    struct Closer {
        std::FILE* f;
        ~Closer() {
            if (f && f != stdout) std::fclose(f);
        }
        void close(const std::string& path) {
            const bool failed = std::ferror(f) != 0;
            const int error = errno;
            if (std::fclose(std::exchange(f, nullptr)) != 0 || failed)
                throw std::runtime_error(
                    fmt::format("{}: cannot write: {}", path, std::strerror(failed ? error : errno)));
        }
    } closer{out};
    const auto closed = [&](int status) {
        if (out != stdout) closer.close(a.out);
        return status;
    };
    if (a.hardest) return closed(run_hardest(a, *plan, out));
    GenerateFilter& f = a.filter;
    if (!a.moves.empty()) {
        const auto moves = parse_pair(a.moves, "..", "--moves");
        if (moves.first < 0 || moves.first > moves.second) throw CLI::ValidationError("--moves", "need 0 <= A <= B");
        if (!a.db.empty() && draw_enumerated(a, *plan, moves, out)) return closed(0);
        // No enumeration to draw from: random puzzles, searched.
        f.min_moves = std::max(f.min_moves, moves.first);
        f.max_moves = moves.second;
        f.solvable = true;
    }
    // A family that aims at the moves asked (tiles) judges the board drawn;
    // its cluster's hardest start is one board for every draw.
    f.hardest = !plan->aims();
    const std::string header =
        fmt::format("# slidedb generate{} --count {} --seed {}{}{}{}\n",
                    a.family == "unblock" ? "" : " --family " + a.family, a.count, a.seed, plan->options_text(),
                    !a.moves.empty()    ? " --moves " + a.moves
                    : f.min_moves > 0 ? fmt::format(" --min-moves {}", f.min_moves)
                                      : "",
                    f.solvable ? " --solvable" : "") +
        plan->file_header();
    const int jobs = a.jobs > 0 ? a.jobs : static_cast<int>(std::thread::hardware_concurrency());
    if (folder) {
        // One puzzle a file: -o names a folder, the files are numbered.
        if (a.out.empty())
            throw CLI::ValidationError("--out", fmt::format("a file of the family '{}' holds one puzzle, so {} puzzles "
                                                            "go to a folder, a file each: give it with --out DIR",
                                                            a.family, a.count));
        std::uint64_t n = 0;
        generate(*family, *plan, f, a.seed, a.count, jobs, [&](const Generated& g) {
            const std::string path = (std::filesystem::path(a.out) / fmt::format("{:04}.txt", ++n)).string();
            std::ofstream file(path, std::ios::binary);
            file << header << plan->file_entry(g.puzzle, g.moves, g.cluster);
            if (!file.flush()) throw std::runtime_error(fmt::format("{}: cannot write", path));
        });
        return 0;
    }
    std::fputs(header.c_str(), out);
    generate(*family, *plan, f, a.seed, a.count, jobs,
             [&](const Generated& g) { std::fputs(plan->file_entry(g.puzzle, g.moves, g.cluster).c_str(), out); });
    return closed(0);
}

std::vector<std::string> generating_families() {
    std::vector<std::string> names;
    for (const Family* f : families())
        if (f->generator()) names.emplace_back(f->name());
    return names;
}

}  // namespace

void add_generate(CLI::App& app, Run& chosen) {
    add_command<GenerateArgs>(
        app, chosen, "generate",
        "Write random valid puzzles in the family's file format (Unblock and tiles one a line, blocks a file each)",
        [](CLI::App& sub, GenerateArgs& a) {
            sub.add_option("--count", a.count, "How many puzzles (--hardest: the best N, default 1)")->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
            sub.add_option("--family", a.family, "The family of the puzzles")
                ->check(CLI::IsMember(generating_families()))->capture_default_str();
            sub.add_option("--seed", a.seed, "Same seed, same puzzles")
                ->capture_default_str()
                ->check(whole_number(UINT64_MAX));
            sub.add_option("--size", a.size, "Board size WxH (Unblock: 4x4 to 8x8, default 6x6)");
            sub.add_option("--blocks", a.blocks, "Movable blocks MIN..MAX, the prisoner included (Unblock: default 8..13)");
            sub.add_option("--fixed", a.fixed, "Fixed 1x1 cells (default 0)");
            sub.add_option("--exit", a.exit, "Exit side (default right)")->check(CLI::IsMember({"left", "right"}));
            sub.add_option("--min-moves", a.filter.min_moves, "Keep puzzles needing at least M moves")->check(CLI::Range(0, 1000));
            sub.add_flag("--solvable", a.filter.solvable, "Keep solvable puzzles only");
            sub.add_option("--max-states", a.filter.max_states, "Search limit per candidate while filtering")->capture_default_str();
            sub.add_option("--moves", a.moves, "Puzzles of A..B optimal moves (or K): drawn from --db's enumeration "
                                               "of the size when it has one, else searched");
            sub.add_option("--outline", a.outline, "blocks: the floor, a file of '.' floor and '#' wall cells "
                                                   "(default: a --size rectangle, 4x5)");
            sub.add_option("--db", a.db, "--moves: the database whose enumeration to draw from");
            sub.add_flag("--hardest", a.hardest, "Search for the hardest puzzles (see --walls, --time, --rounds)");
            sub.add_option("--walls", a.walls, "Walls (fixed cells) MIN..MAX: the range --hardest searches, "
                                               "random boards' draw, or --moves' enumeration (default 0)");
            sub.add_option("--time", a.search.seconds, "--hardest: stop after the round that passes S seconds (default 60)")
                ->check(CLI::Range(0.0, 1e7));
            sub.add_option("--rounds", a.search.rounds,
                           "--hardest: run exactly N rounds (repeats a search; overrides --time)")
                ->check(whole_number(UINT64_MAX) & CLI::Range(std::uint64_t{1}, std::uint64_t{UINT64_MAX}));
            sub.add_option("--stop-at", a.search.stop_at, "--hardest: stop after the round that finds M moves")
                ->check(CLI::Range(0, 1000));
            sub.add_option("--patience", a.search.patience,
                           "--hardest: rounds without a better board before the walkers start afresh (default 40; 0: never)")
                ->check(CLI::Range(0, 1'000'000));
            sub.add_option("-o,--out", a.out, "Write to this file instead of stdout (blocks, more than one puzzle: this folder, a file each)");
            sub.add_option("-j,--jobs", a.jobs, "Worker threads while filtering (default: all cores)")->check(CLI::Range(1, 256));
        },
        run_generate);
}

}  // namespace slidedb::cli
