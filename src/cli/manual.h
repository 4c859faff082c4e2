// The manual page slidedb(1) and the bash completion, written from the
// command line's own definitions (cli/app.h): every subcommand, option,
// default and allowed value comes from there, so neither can drift from what
// the program accepts. The build runs slidedb-manual to write both.
#pragma once

#include <ostream>
#include <string_view>

#include <CLI/CLI.hpp>

namespace slidedb::cli {

// roff for man(1): NAME, SYNOPSIS, DESCRIPTION, one section per command with
// its options, EXIT STATUS, FILES, EXAMPLES.
void write_man_page(const CLI::App& app, std::string_view version, std::ostream& out);

// A bash completion script: commands, each command's options, and the values
// of options that take one of a fixed set (--format, --by, --family, --theme);
// file names where an option or argument takes a file.
void write_bash_completion(const CLI::App& app, std::ostream& out);

}  // namespace slidedb::cli
