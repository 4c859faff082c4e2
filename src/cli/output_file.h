// A command that reads a database and writes a file (report --out, graph
// --out, generate -o) never writes over the database or its journal: a
// slip of the tongue would replace every stored puzzle with a report.
#pragma once

#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace slidedb::cli {

inline void refuse_database_as_output(const std::string& out, const std::string& db, const std::string& option) {
    if (out.empty() || db.empty()) return;
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const char* part : {"", "-wal", "-shm", "-journal"}) {
        const fs::path file = db + part;
        if (fs::equivalent(out, file, ec) ||
            fs::weakly_canonical(fs::absolute(out, ec), ec) == fs::weakly_canonical(fs::absolute(file, ec), ec))
            throw CLI::ValidationError(option, fmt::format("{} is the database read ({}{}); write elsewhere", out, db,
                                                           *part ? fmt::format(", its {} file", part + 1) : ""));
    }
}

}  // namespace slidedb::cli
