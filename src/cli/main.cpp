// slidedb: a batch analyzer for sliding-block puzzles.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "cli/app.h"

int main(int argc, char** argv) {
    CLI::App app;
    slidedb::cli::Run chosen;
    slidedb::cli::declare_commands(app, chosen);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // "slidedb nosuch": the word is named, with the commands there are,
        // where CLI11 says only that a command is required.
        if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty()) {
            std::string names;
            for (const CLI::App* sub : app.get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
            std::fputs(fmt::format("slidedb: unknown command '{}' (commands: {})\n", argv[1], names).c_str(), stderr);
            return 2;
        }
        const int code = app.exit(e);
        // A file whose name begins with '-' is taken for an option: said, with the way round it.
        for (int i = 2; code != 0 && i < argc; ++i) {
            std::error_code ec;
            if (argv[i][0] == '-' && argv[i][1] != '\0' && std::filesystem::is_regular_file(argv[i], ec))
                std::fputs(fmt::format("slidedb: '{0}' was read as an option; name the file ./{0}, or give it last, "
                                       "after --\n",
                                       argv[i])
                               .c_str(),
                           stderr);
        }
        return code == 0 ? 0 : 2;  // usage errors exit 2, --help exits 0
    }
    int status = 2;
    try {
        status = chosen();
    } catch (const std::exception& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
    }
    // Output that could not be written (a full disk) fails the command: a
    // script must not take a cut file for the whole.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fputs(fmt::format("slidedb: standard output: cannot write: {}\n", std::strerror(errno)).c_str(), stderr);
        return status == 0 ? 1 : status;
    }
    return status;
}
