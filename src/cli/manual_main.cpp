// slidedb-manual: writes the manual page and the bash completion from the
// command line's definitions, for the build and the install.
//   slidedb-manual man FILE | bash FILE
#include <cstdio>
#include <fstream>
#include <string>

#include "cli/app.h"
#include "cli/manual.h"

int main(int argc, char** argv) {
    if (argc != 3 || (std::string(argv[1]) != "man" && std::string(argv[1]) != "bash")) {
        std::fputs("usage: slidedb-manual man|bash FILE\n", stderr);
        return 2;
    }
    CLI::App app;
    slidedb::cli::Run chosen;
    slidedb::cli::declare_commands(app, chosen);
    std::ofstream out(argv[2], std::ios::binary);
    if (std::string(argv[1]) == "man")
        slidedb::cli::write_man_page(app, SLIDEDB_VERSION, out);
    else
        slidedb::cli::write_bash_completion(app, out);
    out.close();
    if (!out) {
        std::fprintf(stderr, "slidedb-manual: %s: cannot write\n", argv[2]);
        return 1;
    }
    return 0;
}
