#include "cli/app.h"

#include <functional>

#include <fmt/format.h>

#include "families/families.h"
#include "store/embedded_sql.h"

namespace slidedb::cli {

std::string version_text() {
    std::string text = fmt::format("slidedb {}\nschema {} (the database version it writes)\n", SLIDEDB_VERSION,
                                   schema_files().size());
    for (const Family* f : families())
        if (const Enumerator* e = f->enumerator()) text += fmt::format("enumerator {} {}\n", f->name(), e->version());
    text.pop_back();  // CLI11 ends the line
    return text;
}

void declare_commands(CLI::App& app, Run& chosen) {
    app.description("slidedb: import sliding-block puzzles, solve them optimally, ask the database");
    app.set_version_flag("--version", std::function<std::string()>(version_text),
                         "Print the version, the schema version it writes and the enumerators'");
    app.require_subcommand(1);
    add_import(app, chosen);
    add_solve(app, chosen);
    add_show(app, chosen);
    add_report(app, chosen);
    add_query(app, chosen);
    add_export(app, chosen);
    add_scan(app, chosen);
    add_render(app, chosen);
    add_generate(app, chosen);
    add_enumerate(app, chosen);
    add_merge(app, chosen);
    add_graph(app, chosen);
    add_serve(app, chosen);
}

}  // namespace slidedb::cli
