// slidedb graph ID|FILE : the boards of a puzzle's cluster as a picture, in
// rows by distance to the goal, with the moves between them.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/output_file.h"
#include "cli/whole_file.h"
#include "families/families.h"
#include "graph/dot.h"
#include "graph/png.h"
#include "graph/svg.h"
#include "image/encode.h"
#include "pipeline/read_input.h"
#include "store/database.h"
#include "store/puzzle_record.h"
#include "report/escape.h"

namespace slidedb::cli {

namespace {

struct GraphArgs {
    std::string target;
    std::string db = "puzzles.db";
    std::string format;  // empty: from --out's extension, else svg
    std::string out;
    std::uint64_t max_boards = 0;  // 0: by format
};

// A refusal that names what went wrong; exit 1 (2 for a usage error).
struct Refused {
    std::string message;
    int status = 1;
};

std::string format_of(const GraphArgs& a) {
    if (!a.format.empty()) return a.format;
    const auto dot = a.out.rfind('.');
    if (dot != std::string::npos) {
        std::string ext = a.out.substr(dot + 1);
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        if (ext == "dot" || ext == "gv") return "dot";
        if (ext == "png" || ext == "svg") return ext;
        // Any other ending would get a picture of another kind under its name.
        throw Refused{fmt::format("{}: its ending names no format this draws (.svg, .png, .dot); give --format",
                                  visible_line(a.out)),
                      2};
    }
    return "svg";
}

bool is_id(const std::string& s) {
    return !s.empty() && s.size() < 19 && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The puzzle to draw, and what to call it in messages. A stored puzzle whose
// cluster is known to be too large is refused before any search.
std::pair<Puzzle, std::string> puzzle_of(const GraphArgs& a, std::uint64_t max_boards, const std::string& format) {
    if (is_id(a.target)) {
        auto db = open_database(a.db, Access::ReadOnly);
        const auto rec = load_puzzle(*db, std::stoll(a.target));
        if (!rec) throw Refused{fmt::format("{}: no puzzle with id {}", a.db, a.target)};
        const std::string name = fmt::format("puzzle {}", rec->id);
        if (rec->result && rec->result->cluster_complete && rec->result->cluster_size > max_boards)
            throw Refused{fmt::format("{}: its cluster has {} boards, over --max-boards {} for {}{}", name,
                                      rec->result->cluster_size, max_boards, format,
                                      format == "dot" ? "" : " (raise it, or draw --format dot)")};
        return {rec->puzzle, name};
    }
    FoundFile file = read_input(a.target);
    const std::string path = visible_line(file.path);
    for (const FoundError& e : file.errors)
        std::fputs((e.line > 0 ? fmt::format("{}:{}: {}\n", path, e.line, visible_line(e.message))
                               : fmt::format("{}: {}\n", path, visible_line(e.message)))
                       .c_str(),
                   stderr);
    if (file.puzzles.empty()) throw Refused{fmt::format("{}: no puzzle to draw", path)};
    const FoundPuzzle& p = file.puzzles.front();
    return {p.puzzle, fmt::format("{}:{}", path, p.line)};
}

int run_graph(const GraphArgs& a) {
    refuse_database_as_output(a.out, a.db, "--out");
    try {
        const std::string format = format_of(a);
        if (format != "svg" && format != "dot" && format != "png")
            throw Refused{fmt::format("unknown format '{}' (svg, dot, png)", format), 2};
        if (format == "png" && a.out.empty()) throw Refused{"a PNG goes to a file: give --out FILE", 2};
        const std::uint64_t max_boards = a.max_boards ? a.max_boards
                                         : format == "dot" ? kDefaultDotBoards
                                                           : kDefaultPictureBoards;
        const auto [puzzle, name] = puzzle_of(a, max_boards, format);
        const ClusterGraph g = family_of(puzzle).cluster_graph(puzzle, max_boards);
        if (g.too_large)
            throw Refused{fmt::format("{}: its cluster has {} boards, over --max-boards {} for {}{}", name,
                                      g.cluster_size ? std::to_string(g.cluster_size) : "more than " + std::to_string(max_boards),
                                      max_boards, format, format == "dot" ? "" : " (raise it, or draw --format dot)")};
        const GraphDrawing drawing(g);
        const std::string bytes = format == "dot"   ? graph_dot(drawing)
                                  : format == "png" ? encode_png(graph_image(drawing))
                                                    : graph_svg(drawing) + "\n";
        if (a.out.empty()) {
            std::fwrite(bytes.data(), 1, bytes.size(), stdout);
        } else {
            if (const std::string why = write_whole_file(a.out, bytes); !why.empty())
                throw Refused{fmt::format("{}: cannot write: {}", visible_line(a.out), why)};
        }
        std::fputs(fmt::format("{}: {}\n", name, drawing.caption()).c_str(), stderr);
        return 0;
    } catch (const Refused& r) {
        std::fputs(fmt::format("slidedb: {}\n", visible_line(r.message)).c_str(), stderr);
        return r.status;
    } catch (const PuzzleError& e) {
        std::fputs(fmt::format("slidedb: {}: {}\n", visible_line(a.target), visible_line(e.what())).c_str(), stderr);
        return 1;
    }
}

}  // namespace

void add_graph(CLI::App& app, Run& chosen) {
    add_command<GraphArgs>(
        app, chosen, "graph",
        "Draw a puzzle's cluster: every board a dot in rows by distance to the goal, every move a line",
        [](CLI::App& sub, GraphArgs& a) {
            sub.add_option("puzzle", a.target,
                           "A stored puzzle's id (digits), or a board file (its first puzzle; ./12 for a file named 12)")
                ->required();
            sub.add_option("--db", a.db, "Database file, for an id")->capture_default_str();
            sub.add_option("--format", a.format, "svg, dot or png (default: from --out's extension, else svg)");
            sub.add_option("--out", a.out, "Write to this file instead of standard output (needed for png)");
            sub.add_option("--max-boards", a.max_boards,
                           fmt::format("Refuse larger clusters (default {} for svg and png, {} for dot; at most {})",
                                       kDefaultPictureBoards, kDefaultDotBoards, kMaxGraphBoards))
                ->check(CLI::Range(std::uint64_t{1}, kMaxGraphBoards));
        },
        run_graph);
}

}  // namespace slidedb::cli
