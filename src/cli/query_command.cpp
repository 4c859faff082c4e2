// slidedb query "SQL" : one read-only statement, its rows printed as they come.
#include <cstdio>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/interrupt.h"
#include "cli/seconds_option.h"
#include "report/table.h"
#include "store/database.h"
#include "store/query.h"

namespace slidedb::cli {

namespace {

struct QueryArgs {
    std::string sql;
    std::string db = "puzzles.db";
    std::string format = "table";
    double timeout = kDefaultSqlTimeout;
};

int run_query(const QueryArgs& a) {
    Format format;
    try {
        format = parse_format(a.format);
    } catch (const std::invalid_argument& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }
    auto db = open_database(a.db, Access::ReadOnly, with_bands());
    catch_interrupt();
    TableStream out(format, [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); });
    try {
        query_stream(*db, a.sql, {}, sql_limits(a.timeout), [&](const Table& rows) {
            out.add(rows);
            std::fflush(stdout);
        });
    } catch (const QueryStopped& e) {
        std::fflush(stdout);
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return e.why == QueryStopped::Why::Cancelled ? kInterruptedStatus : 1;
    }
    out.finish();
    return 0;
}

}  // namespace

QueryLimits sql_limits(double timeout_seconds) {
    QueryLimits limits;
    limits.timeout = std::chrono::milliseconds(static_cast<long long>(timeout_seconds * 1000));
    limits.cancel = &g_interrupted;
    return limits;
}

void add_query(CLI::App& app, Run& chosen) {
    add_command<QueryArgs>(
        app, chosen, "query", "Run one read-only SQL statement on the database and print the rows",
        [](CLI::App& sub, QueryArgs& a) {
            sub.add_option("sql", a.sql, "One statement (SELECT, WITH, or a PRAGMA that only reads)")->required();
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("--format", a.format, "table, md, csv or json")
                ->capture_default_str()
                ->check(CLI::IsMember({"table", "md", "csv", "json"}));
            sub.add_option("--timeout", a.timeout, "Stop the statement after this many seconds (0: never)")
                ->capture_default_str()
                ->check(seconds_check(true));
        },
        run_query);
}

}  // namespace slidedb::cli
