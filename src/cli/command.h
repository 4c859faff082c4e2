// Each subcommand lives in its own file and registers itself here.
//
// add_X(app) declares the subcommand's options and returns the function to
// run once parsing succeeded; main runs the one the user chose. Exit status:
// 0 all good, 1 some input failed but the run went on, 2 usage error.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "families/families.h"
#include "store/database.h"
#include "store/query.h"

namespace slidedb::cli {

using Run = std::function<int()>;

// Declares a subcommand whose options are filled into a T owned by the
// returned closure, so nothing is global.
template <class T, class Declare, class Body>
void add_command(CLI::App& app, Run& chosen, const char* name, const char* help,
                 Declare declare, Body body) {
    auto options = std::make_shared<T>();
    CLI::App* sub = app.add_subcommand(name, help);
    declare(*sub, *options);
    sub->callback([&chosen, options, body] { chosen = [options, body] { return body(*options); }; });
}

// How every command opens the database: with the families' difficulty
// bands, so the database's table `bands` says what the families say.
inline OpenOptions with_bands(OpenOptions options = {}) {
    options.bands = difficulties();
    return options;
}

// Every family's name, in the registry's order (--family's choices).
inline std::vector<std::string> family_names() {
    std::vector<std::string> names;
    for (const Family* f : families()) names.emplace_back(f->name());
    return names;
}

// User SQL (query, report --sql) stops after this long unless told otherwise.
constexpr double kDefaultSqlTimeout = 60;
// Limits for user SQL: the time limit, and Ctrl-C once catch_interrupt() ran.
QueryLimits sql_limits(double timeout_seconds);

void add_import(CLI::App& app, Run& chosen);
void add_solve(CLI::App& app, Run& chosen);
void add_show(CLI::App& app, Run& chosen);
void add_report(CLI::App& app, Run& chosen);
void add_query(CLI::App& app, Run& chosen);
void add_scan(CLI::App& app, Run& chosen);
void add_render(CLI::App& app, Run& chosen);
void add_generate(CLI::App& app, Run& chosen);
void add_enumerate(CLI::App& app, Run& chosen);
void add_merge(CLI::App& app, Run& chosen);
void add_graph(CLI::App& app, Run& chosen);
void add_export(CLI::App& app, Run& chosen);
void add_serve(CLI::App& app, Run& chosen);

}  // namespace slidedb::cli
