// What a search may use, on the command line. --max-memory: the bytes one
// search may hold (tables included). By default the searches running side
// by side share three quarters of the machine's memory, so one huge cluster
// stops as `limit` (reason: memory) instead of taking the batch down.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/whole_number_option.h"

namespace slidedb::cli {

inline std::uint64_t physical_memory() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                                 : std::uint64_t{4} << 30;
}

inline std::uint64_t default_max_memory(int jobs) {
    return physical_memory() / 4 * 3 / static_cast<std::uint64_t>(std::max(1, jobs));
}

// Declares --max-memory SIZE (bytes, or with a unit: 512M, 2G); 0 keeps the default.
inline void add_max_memory(CLI::App& sub, std::uint64_t& bytes) {
    sub.add_option("--max-memory", bytes,
                   "Memory one search may hold, e.g. 512M or 2G (default, or 0: 3/4 of the machine's "
                   "memory shared by the jobs)")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                // Read as unsigned, "-1" would be the largest size: no limit;
                // a number past 64 bits would wrap to a small one.
                if (text.find('-') != std::string::npos) return "'" + text + "' is not a size";
                if (past(text.substr(0, text.find_first_not_of("0123456789")), UINT64_MAX))
                    return "'" + text + "' is more bytes than 64 bits count";
                return "";
            },
            "SIZE"))
        ->transform(CLI::AsSizeValue(false));
}

// Declares --cache-dir DIR: where tables built once (the tiles' pattern
// tables) are kept; empty keeps the default ($SLIDEDB_CACHE, else the
// user's cache folder).
inline void add_cache_dir(CLI::App& sub, std::string& dir) {
    sub.add_option("--cache-dir", dir,
                   "Folder for tables built once and reused (sliding tiles' pattern tables; "
                   "default: $SLIDEDB_CACHE, else $XDG_CACHE_HOME/slidedb, else ~/.cache/slidedb)");
}

}  // namespace slidedb::cli
