// `--shard K/N`: part K (1-based) of N, for commands whose work splits into
// parts that run anywhere and merge into the whole (enumerate, import).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace slidedb::cli {

struct ShardArg {
    int index = 1, count = 1;
};

// Reads "K/N" with 1 <= K <= N; throws CLI::ValidationError naming --shard.
ShardArg parse_shard(const std::string& text);

// Declares --shard on a subcommand; the text is checked as it is parsed, so
// a bad value is a usage error (exit 2) before anything runs.
CLI::Option* add_shard(CLI::App& sub, std::string& text, const std::string& help);

}  // namespace slidedb::cli
