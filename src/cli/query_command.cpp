// slidedb query "SQL" : read-only SQL, printed as a table.
#include <unistd.h>

#include <cstdio>

#include "cli/command.h"
#include "report/table.h"
#include "store/database.h"
#include "store/query.h"

namespace slidedb::cli {

namespace {

struct QueryArgs {
    std::string sql;
    std::string db = "puzzles.db";
    std::string format = "table";
};

int run_query(const QueryArgs& a) {
    const Format format = parse_format(a.format);
    auto db = open_database(a.db, Access::ReadOnly);
    std::fputs(format_table(query_table(*db, a.sql), format).c_str(), stdout);
    return 0;
}

}  // namespace

void add_query(CLI::App& app, Run& chosen) {
    add_command<QueryArgs>(
        app, chosen, "query", "Run read-only SQL on the database and print the rows",
        [](CLI::App& sub, QueryArgs& a) {
            sub.add_option("sql", a.sql, "One SELECT statement")->required();
            sub.add_option("--db", a.db, "Database file")->capture_default_str();
            sub.add_option("--format", a.format, "table, md, csv or json")->capture_default_str();
        },
        run_query);
}

}  // namespace slidedb::cli
