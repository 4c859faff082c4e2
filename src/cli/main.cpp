// slidedb: a batch analyzer for sliding-block puzzles.
#include <cstdio>

#include <fmt/format.h>

#include "cli/app.h"

int main(int argc, char** argv) {
    CLI::App app;
    slidedb::cli::Run chosen;
    slidedb::cli::declare_commands(app, chosen);
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
