// slidedb report NAME : a report from reports/*.sql, run on the database.
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "cli/command.h"
#include "store/database.h"
#include "store/embedded_sql.h"
#include "store/query.h"

namespace slidedb::cli {

namespace {

struct ReportArgs {
    std::string name;
    std::string db = "puzzles.db";
    std::string format = "table";
    std::string sql_file;
    int top = 20;
};

std::string report_sql(const ReportArgs& a) {
    if (!a.sql_file.empty()) {
        std::ifstream in(a.sql_file);
        if (!in) throw std::runtime_error(fmt::format("{}: cannot read", a.sql_file));
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    std::string names;
    for (const SqlFile& f : report_files()) {
        if (f.name == a.name) return std::string(f.text);
        names += (names.empty() ? "" : ", ") + std::string(f.name);
    }
    throw CLI::ValidationError(fmt::format("unknown report '{}' (reports: {})", a.name, names));
}

int run_report(const ReportArgs& a) {
    const Format format = parse_format(a.format);
    std::string sql;
    try {
        sql = report_sql(a);
    } catch (const CLI::ValidationError& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }
    auto db = open_database(a.db, Access::ReadOnly);
    const auto sections = query_sections(*db, sql, {{"top", std::to_string(a.top)}});
    std::string out;
    for (const Section& s : sections) {
        if (format == Format::Json) {
            out += (out.empty() ? "{\n" : ",\n") + fmt::format("\"{}\": ", s.title.empty() ? a.name : s.title) +
                   format_table(s.table, format);
        } else {
            if (!out.empty()) out += '\n';
            // CSV stays plain rows: sections are only set apart by a blank line.
            if (!s.title.empty() && format == Format::Markdown) out += "## " + s.title + "\n\n";
            if (!s.title.empty() && format == Format::Table) out += s.title + "\n\n";
            out += format_table(s.table, format);
        }
    }
    if (format == Format::Json) out += out.empty() ? "{}\n" : "}\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}

}  // namespace

void add_report(CLI::App& app, Run& chosen) {
    add_command<ReportArgs>(
        app, chosen, "report", "Print a report from the database: summary, hardest, unsolvable",
        [](CLI::App& sub, ReportArgs& a) {
            sub.add_option("name", a.name, "Report name (a file of reports/)");
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("--format", a.format, "table, md, csv or json")->capture_default_str();
            sub.add_option("--top", a.top, "Rows in ranked reports")->capture_default_str()->check(CLI::PositiveNumber);
            sub.add_option("--sql", a.sql_file, "Run your own report file instead");
        },
        run_report);
}

}  // namespace slidedb::cli
