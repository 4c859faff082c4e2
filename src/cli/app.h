// The whole command line in one place: the program's description, its
// version and every subcommand. main runs it; the manual page and the shell
// completion are written from it too (cli/manual.h), so they cannot drift.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace slidedb::cli {

// Declares --version and every subcommand on `app`; the one the user chose
// lands in `chosen`.
void declare_commands(CLI::App& app, Run& chosen);

// What --version prints: the program's version, the schema version it
// writes, and each enumerator's version.
std::string version_text();

}  // namespace slidedb::cli
