// slidedb export : stored puzzles written back as their families' board
// files, chosen and ordered as the web app's list chooses them, with their
// moves and cluster sizes as claims that import checks again.
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/interrupt.h"
#include "cli/output_file.h"
#include "cli/pair_option.h"
#include "cli/whole_file.h"
#include "families/families.h"
#include "puzzle/file_writer.h"
#include "store/database.h"
#include "store/puzzle_list.h"

namespace slidedb::cli {

namespace {

struct ExportArgs {
    std::string db = "puzzles.db";
    std::string family, size, status, moves, cluster, source;
    std::string sort = "id";
    std::string order;  // "": the sort's usual order (figures largest first)
    std::optional<std::uint64_t> count;
    std::string out;  // "": standard output
};

constexpr std::int64_t kPage = 1000;

ListFilter filter_of(const ExportArgs& a) {
    ListFilter f;
    f.family = a.family;
    if (!a.size.empty()) std::tie(f.width, f.height) = parse_pair(a.size, "x", "--size");
    f.status = a.status;
    if (!a.moves.empty()) std::tie(f.moves_min, f.moves_max) = parse_pair<std::int64_t>(a.moves, "..", "--moves");
    if (!a.cluster.empty())
        std::tie(f.cluster_min, f.cluster_max) = parse_pair<std::int64_t>(a.cluster, "..", "--cluster");
    f.source = a.source;
    f.sort = a.sort;
    f.order = a.order;
    f.descending = a.order.empty() ? a.sort != "id" : a.order == "desc";
    f.per_page = kPage;
    return f;
}

// What a puzzle's row lets the file claim: moves once solved (or
// enumerated), the cluster's size when it counts the whole cluster.
PuzzleClaims claims_of(const ListRow& r) {
    PuzzleClaims c;
    c.id = r.id;
    if ((r.status == "solved" || r.status == "enumerated") && r.moves) c.moves = static_cast<int>(*r.moves);
    if (c.moves && r.cluster_complete && r.cluster_size) c.cluster = static_cast<std::uint64_t>(*r.cluster_size);
    return c;
}

// Where the puzzles go: one stream (standard output or a file) for a single
// family that writes many puzzles a file, or a folder with a file a family
// (or a file a puzzle, for a family whose file holds one).
class Destination {
public:
    Destination(std::string out, bool folder, std::string header)
        : folder_(folder), out_(std::move(out)), header_(std::move(header)) {}

    void write(const Family& family, const Puzzle& puzzle, const PuzzleClaims& claims) {
        Output& o = output(family);
        const std::string text = o.writer->entry(puzzle, claims);
        if (o.writer->one_a_file()) {
            const std::string path = (std::filesystem::path(out_) / fmt::format("{}-{}.txt", family.name(), claims.id));
            WholeFile file(path);
            file.write(text);
            if (std::string why = file.commit(); !why.empty())
                throw std::runtime_error(fmt::format("{}: cannot write: {}", path, why));
            written_.push_back(path);
        } else if (o.file) {
            if (!o.file->write(text))
                throw std::runtime_error(fmt::format("{}: cannot write: {}", o.path, o.file->commit()));
        } else {
            std::fputs(text.c_str(), stdout);
        }
        ++o.puzzles;
    }

    // Puts every file in its place; the summary line for stderr.
    std::string finish() {
        std::string parts;
        for (auto& [name, o] : outputs_) {
            if (o.file) {
                if (std::string why = o.file->commit(); !why.empty())
                    throw std::runtime_error(fmt::format("{}: cannot write: {}", o.path, why));
                written_.push_back(o.path);
            }
            parts += fmt::format("{}{} {} {}", parts.empty() ? "" : ", ", o.puzzles, name,
                                 o.puzzles == 1 ? "puzzle" : "puzzles");
        }
        return parts;
    }

    // Files of one puzzle each written before a failure: removed, so that a
    // folder holds one whole export or none.
    void undo() {
        std::error_code ec;
        for (const std::string& path : written_) std::filesystem::remove(path, ec);
    }

private:
    struct Output {
        std::unique_ptr<PuzzleFileWriter> writer;
        std::unique_ptr<WholeFile> file;
        std::string path;
        std::uint64_t puzzles = 0;
    };

    Output& output(const Family& family) {
        auto [it, fresh] = outputs_.try_emplace(std::string(family.name()));
        Output& o = it->second;
        if (!fresh) return o;
        o.writer = family.file_writer();
        if (o.writer->one_a_file()) return o;
        if (!folder_ && out_.empty()) {
            std::fputs(header_.c_str(), stdout);
            return o;
        }
        o.path = folder_ ? (std::filesystem::path(out_) / fmt::format("{}.txt", family.name())).string() : out_;
        o.file = std::make_unique<WholeFile>(o.path);
        if (!o.file->write(header_))
            throw std::runtime_error(fmt::format("{}: cannot write: {}", o.path, o.file->commit()));
        return o;
    }

    bool folder_;
    std::string out_, header_;
    std::map<std::string, Output> outputs_;
    std::vector<std::string> written_;
};

// The command as given, for the files' first line.
std::string header_of(const ExportArgs& a) {
    std::string s = "# slidedb export --db " + a.db;
    for (const auto& [option, value] :
         {std::pair{"--family", a.family}, {"--size", a.size}, {"--status", a.status}, {"--moves", a.moves},
          {"--cluster", a.cluster}, {"--source", a.source}, {"--order", a.order}})
        if (!value.empty()) s += fmt::format(" {} {}", option, value);
    if (a.sort != "id") s += " --sort " + a.sort;
    if (a.count) s += fmt::format(" --count {}", *a.count);
    return s + "\n";
}

// How to name a folder that is not there yet.
std::string folder_hint(const std::string& out) {
    return out.empty() ? "-o DIR/, existing or ending in /"
                       : fmt::format("-o {}/: a folder that exists or ends in /", out);
}

int run_export(const ExportArgs& a) {
    refuse_database_as_output(a.out, a.db, "--out");
    const ListFilter filter = filter_of(a);
    auto db = open_database(a.db, Access::ReadOnly, with_bands());

    // The families the choice holds, each read once: a single stream takes
    // one family's puzzles, and only of a family that writes many a file.
    std::vector<const Family*> present;
    for (const Family* f : families()) {
        if (!a.family.empty() && f->name() != a.family) continue;
        ListFilter one = filter;
        one.family = std::string(f->name());
        one.per_page = 1;
        if (!list_puzzles(*db, one).rows.empty()) present.push_back(f);
    }
    if (present.empty()) {
        std::fputs(fmt::format("slidedb export: no puzzle of {} is chosen\n", a.db).c_str(), stderr);
        return 1;
    }
    std::error_code ec;
    const bool folder = !a.out.empty() && (a.out.back() == '/' || std::filesystem::is_directory(a.out, ec));
    if (!folder) {
        if (present.size() > 1) {
            std::string names;
            for (const Family* f : present) names += (names.empty() ? "" : ", ") + std::string(f->name());
            throw CLI::ValidationError("--out", fmt::format("the puzzles chosen are of the families {}, whose files "
                                                            "differ: give --family, or a folder for a file of each "
                                                            "({})",
                                                            names, folder_hint(a.out)));
        }
        if (present.front()->file_writer()->one_a_file())
            throw CLI::ValidationError("--out", fmt::format("{} puzzles are a file each: give a folder ({})",
                                                            present.front()->name(), folder_hint(a.out)));
    } else {
        std::filesystem::create_directories(a.out, ec);
        if (ec) throw std::runtime_error(fmt::format("{}: cannot make the folder: {}", a.out, ec.message()));
        if (!std::filesystem::is_empty(a.out, ec))
            throw CLI::ValidationError("--out", fmt::format("{}: not empty: export writes into an empty folder or "
                                                            "a new one, so that it holds one export whole",
                                                            a.out));
    }

    catch_stop();
    Destination to(a.out, folder, header_of(a));
    std::uint64_t written = 0;
    try {
        ListFilter page = filter;
        for (;;) {
            if (a.count) page.per_page = static_cast<std::int64_t>(std::min<std::uint64_t>(kPage, *a.count - written));
            const ListPage rows = list_puzzles(*db, page);
            for (const ListRow& r : rows.rows) {
                try {
                    to.write(family_of(r.puzzle), r.puzzle, claims_of(r));
                } catch (const PuzzleError& e) {
                    // A stored board no family reads (a database edited by hand).
                    throw std::runtime_error(fmt::format("{}: puzzle {}: {}", a.db, r.id, e.what()));
                }
                ++written;
            }
            if (g_interrupted) {
                to.undo();
                std::fputs(fmt::format("slidedb export: stopped by {}; nothing written\n", stop_name(g_interrupted))
                               .c_str(),
                           stderr);
                return 128 + g_interrupted;
            }
            if (!rows.has_more || rows.rows.empty() || (a.count && written >= *a.count)) break;
            page.cursor = cursor_after(page, rows.rows.back());
        }
        const std::string parts = to.finish();
        std::fputs(fmt::format("slidedb export: {} written{}\n", parts, a.out.empty() ? "" : " to " + a.out).c_str(),
                   stderr);
    } catch (...) {
        to.undo();
        throw;
    }
    return 0;
}

}  // namespace

void add_export(CLI::App& app, Run& chosen) {
    add_command<ExportArgs>(
        app, chosen, "export",
        "Write stored puzzles back as board files (chosen and sorted as the web app's list), their moves and cluster "
        "sizes as claims import checks",
        [](CLI::App& sub, ExportArgs& a) {
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("--family", a.family, "Only this family's puzzles")->check(CLI::IsMember(family_names()));
            sub.add_option("--size", a.size, "Only boards of this size, WxH");
            sub.add_option("--status", a.status,
                           "Only puzzles solved, unsolvable, stopped at a limit, unsolved (not searched) or "
                           "enumerated (an enumeration's, not searched)")
                ->check(CLI::IsMember({"solved", "unsolvable", "limit", "unsolved", "enumerated"}));
            sub.add_option("--moves", a.moves, "Only puzzles of these optimal moves, MIN..MAX or N");
            sub.add_option("--cluster", a.cluster, "Only puzzles whose cluster holds MIN..MAX boards");
            sub.add_option("--source", a.source, "Only puzzles with a source whose path holds this text");
            sub.add_option("--sort", a.sort, "Order: id, moves, steps, cluster or effort (boards examined)")
                ->capture_default_str()
                ->check(CLI::IsMember({"id", "moves", "steps", "cluster", "effort"}));
            sub.add_option("--order", a.order, "asc or desc (default: ids ascending, figures largest first)")
                ->check(CLI::IsMember({"asc", "desc"}));
            sub.add_option("--count", a.count, "At most this many puzzles, the first in that order")
                ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{UINT64_MAX}));
            sub.add_option("-o,--out", a.out,
                           "Write to this file instead of stdout; a folder (existing, or ending in /) gets a file "
                           "a family, or a file a puzzle for a family whose file holds one");
        },
        run_export);
}

}  // namespace slidedb::cli
