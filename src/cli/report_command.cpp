// slidedb report NAME : a report from reports/*.sql, run on the database and
// printed as a table, Markdown, CSV, JSON or one self-contained HTML page.
#include <cstdio>
#include <filesystem>
#include <set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/id_option.h"
#include "cli/interrupt.h"
#include "cli/output_file.h"
#include "cli/seconds_option.h"
#include "cli/small_file.h"
#include "cli/whole_file.h"
#include "families/families.h"
#include "report/html_page.h"
#include "report/puzzle_report.h"
#include "report/report_sections.h"
#include "store/database.h"
#include "store/embedded_sql.h"
#include "store/puzzle_record.h"
#include "store/query.h"
#include "store/report_data.h"

namespace slidedb::cli {

namespace {

// `slidedb report all`: the whole picture, in this order.
const std::vector<std::string> kAll = {"summary", "difficulty", "patterns", "hardest", "unsolvable"};

struct ReportArgs {
    std::string name;
    std::int64_t id = -1;
    std::string db = "puzzles.db";
    std::string format;  // empty: from --out's extension, else table
    std::string out;
    std::string sql_file;
    std::string by = "moves";
    std::string family;  // empty: every family
    int top = 20;
    double timeout = kDefaultSqlTimeout;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string builtin_sql(const std::string& name) {
    std::string names;
    for (const SqlFile& f : report_files()) {
        if (f.name == name) return std::string(f.text);
        names += (names.empty() ? "" : ", ") + std::string(f.name);
    }
    throw UsageError(fmt::format("unknown report '{}' (reports: {}, all)", name, names));
}

std::string format_name(const ReportArgs& a) {
    if (!a.format.empty()) return a.format;
    const auto dot = a.out.rfind('.');
    if (dot != std::string::npos) {
        const std::string ext = a.out.substr(dot + 1);
        if (ext == "html" || ext == "htm") return "html";
        if (ext == "md" || ext == "csv" || ext == "json") return ext;
    }
    return "table";
}

// The built-in reports that read a parameter, as a refusal names them:
// "a, b and c do", "a does".
std::string reports_reading(SQLite::Database& db, const std::string& param) {
    std::vector<std::string> names;
    for (const SqlFile& f : report_files())
        if (parameters_read(db, std::string(f.text)).contains(param)) names.emplace_back(f.name);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out + (names.size() == 1 ? " does" : " do");
}

// An option given to a report that does not read it would be left out
// unsaid: refused, naming the reports that read it.
void refuse_unread_options(SQLite::Database& db, const ReportArgs& a,
                           const std::vector<std::pair<std::string, std::string>>& wanted) {
    for (const auto& [name, sql] : wanted) {
        const std::set<std::string> read = parameters_read(db, sql);
        for (const auto& [param, given] : {std::pair{"family", !a.family.empty()}, std::pair{"by", a.by != "moves"}})
            if (given && !read.contains(param))
                throw UsageError(fmt::format("{} reads no --{} ({})",
                                             a.sql_file.empty() ? "report " + name : a.sql_file, param,
                                             reports_reading(db, param)));
    }
}

Report run_one(SQLite::Database& db, const std::string& name, const std::string& sql, const Params& params,
               const QueryLimits& limits) {
    Report r{name, {}};
    for (Section& s : query_sections(db, sql, params, limits))
        r.sections.push_back(make_section(s.title, std::move(s.table)));
    return r;
}

int run_report(const ReportArgs& a) {
    refuse_database_as_output(a.out, a.db, "--out");
    const std::string fmt_name = format_name(a);
    const bool html = fmt_name == "html";
    std::vector<std::pair<std::string, std::string>> wanted;  // name, SQL
    try {
        if (!html) parse_format(fmt_name);
        if (!a.sql_file.empty()) {
            // A report named beside --sql would be silently left out ("puzzle ID" passes ID to the file).
            if (!a.name.empty() && a.name != "puzzle")
                throw UsageError(fmt::format("--sql runs its own file, not the report '{}'; give one or the other",
                                             a.name));
            wanted.emplace_back(a.sql_file, read_small_file(a.sql_file, kMaxReportFileBytes));
        } else if (a.name.empty()) {
            throw UsageError("which report? (summary, hardest, difficulty, unsolvable, patterns, puzzle ID, all)");
        } else if (a.name == "all") {
            for (const std::string& n : kAll) wanted.emplace_back(n, builtin_sql(n));
        } else {
            if (a.name == "puzzle" && a.id < 0) throw UsageError("report puzzle needs a puzzle id");
            if (a.name != "puzzle" && a.id >= 0)
                throw UsageError(fmt::format("report {} takes no puzzle id (report puzzle ID does)", a.name));
            wanted.emplace_back(a.name, builtin_sql(a.name));
        }
    } catch (const std::invalid_argument&) {
        std::fputs(fmt::format("slidedb: unknown format '{}' (table, md, csv, json, html)\n", fmt_name).c_str(), stderr);
        return 2;
    } catch (const UsageError& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }

    auto db = open_database(a.db, Access::ReadOnly, with_bands());
    try {
        refuse_unread_options(*db, a, wanted);
    } catch (const UsageError& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }
    Params params{{"top", std::to_string(a.top)}, {"by", a.by}};
    if (a.id >= 0) params["id"] = std::to_string(a.id);
    if (!a.family.empty()) params["family"] = a.family;
    if (a.name == "puzzle" && a.sql_file.empty() && !puzzle_exists(*db, a.id)) {
        std::fputs(fmt::format("slidedb: {}: no puzzle with id {}\n", a.db, a.id).c_str(), stderr);
        return 1;
    }
    std::vector<Report> reports;
    catch_interrupt();
    try {
        for (const auto& [name, sql] : wanted) reports.push_back(run_one(*db, name, sql, params, sql_limits(a.timeout)));
    } catch (const QueryStopped& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return e.why == QueryStopped::Why::Cancelled ? kInterruptedStatus : 1;
    }

    std::string text;
    if (html) {
        PageOptions options;
        options.title = a.name == "all" ? "slidedb: the whole database"
                        : a.name == "puzzle" ? fmt::format("slidedb: puzzle {}", a.id)
                                             : fmt::format("slidedb: {}", reports.front().name);
        if (a.name == "hardest" && a.by != "moves") options.title += " by " + a.by;
        options.subtitle = fmt::format("Database {}", a.db);
        if (a.name == "puzzle") options.featured.push_back(a.id);
        text = html_page(reports, [&db](std::int64_t id) { return load_picture(*db, id); }, options);
    } else {
        // Boards as their files, so that each reads back (a report of the user's own stays as written).
        if (a.sql_file.empty())
            for (Report& r : reports)
                draw_report_boards(r, a.id >= 0 ? std::optional(a.id) : std::nullopt,
                                   [&db](std::int64_t id) { return load_picture(*db, id); });
        text = reports_text(reports, parse_format(fmt_name));
    }
    if (a.out.empty()) {
        std::fputs(text.c_str(), stdout);
        return 0;
    }
    if (const std::string why = write_whole_file(a.out, text); !why.empty()) {
        std::fputs(fmt::format("slidedb: {}: cannot write: {}\n", a.out, why).c_str(), stderr);
        return 1;
    }
    return 0;
}

}  // namespace

void add_report(CLI::App& app, Run& chosen) {
    add_command<ReportArgs>(
        app, chosen, "report",
        "Print a report from the database: summary, hardest, difficulty, unsolvable, patterns, puzzle ID, all",
        [](CLI::App& sub, ReportArgs& a) {
            std::vector<std::string> names;
            for (const SqlFile& f : report_files()) names.emplace_back(f.name);
            names.emplace_back("all");
            sub.add_option("name", a.name, "Report name (a file of reports/), or all")->check(CLI::IsMember(names));
            sub.add_option("id", a.id, "Puzzle id, for the puzzle report")->check(puzzle_id());
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("--format", a.format, "table, md, csv, json or html (default: from --out, else table)")
                ->check(CLI::IsMember({"table", "md", "csv", "json", "html"}));
            sub.add_option("--out", a.out, "Write to this file instead of standard output");
            sub.add_option("--top", a.top, "Rows in ranked reports")
                ->capture_default_str()
                ->check(CLI::Range(1, 1000000));
            sub.add_option("--by", a.by, "Rank hardest by moves, steps, cluster or effort (boards examined)")
                ->capture_default_str()
                ->check(CLI::IsMember({"moves", "steps", "cluster", "effort"}));
            sub.add_option("--family", a.family,
                           "Only this family's puzzles (hardest, difficulty, unsolvable)")
                ->check(CLI::IsMember(family_names()));
            sub.add_option("--sql", a.sql_file, "Run your own report file instead");
            sub.add_option("--timeout", a.timeout, "Stop a statement after this many seconds (0: never)")
                ->capture_default_str()
                ->check(seconds_check(true));
        },
        run_report);
}

}  // namespace slidedb::cli
