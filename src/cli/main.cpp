// slidedb: a batch analyzer for sliding-block puzzles.
#include <cstdio>

#include <fmt/format.h>

#include "cli/command.h"

int main(int argc, char** argv) {
    CLI::App app{"slidedb: import sliding-block puzzles, solve them optimally, ask the database"};
    app.set_version_flag("--version", "slidedb 0.1.0");
    app.require_subcommand(1);
    slidedb::cli::Run chosen;
    slidedb::cli::add_import(app, chosen);
    slidedb::cli::add_solve(app, chosen);
    slidedb::cli::add_show(app, chosen);
    slidedb::cli::add_report(app, chosen);
    slidedb::cli::add_query(app, chosen);
    slidedb::cli::add_scan(app, chosen);
    slidedb::cli::add_render(app, chosen);
    slidedb::cli::add_generate(app, chosen);
    slidedb::cli::add_enumerate(app, chosen);
    slidedb::cli::add_merge(app, chosen);
    slidedb::cli::add_serve(app, chosen);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : 2;  // usage errors exit 2, --help exits 0
    }
    try {
        return chosen();
    } catch (const std::exception& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }
}
