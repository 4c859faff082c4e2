#include "cli/shard_option.h"

#include <charconv>

namespace slidedb::cli {

namespace {

bool whole_number(const std::string& text, int& out) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return !text.empty() && ec == std::errc() && ptr == end;
}

}  // namespace

ShardArg parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    ShardArg s;
    if (slash == std::string::npos || !whole_number(text.substr(0, slash), s.index) ||
        !whole_number(text.substr(slash + 1), s.count) || s.count < 1 || s.index < 1 || s.index > s.count)
        throw CLI::ValidationError("--shard", "expected K/N with 1 <= K <= N, got '" + text + "'");
    return s;
}

CLI::Option* add_shard(CLI::App& sub, std::string& text, const std::string& help) {
    return sub.add_option("--shard", text, help)
        ->type_name("K/N")
        ->check(CLI::Validator(
            [](std::string& value) {
                try {
                    parse_shard(value);
                    return std::string();
                } catch (const CLI::ValidationError&) {
                    return "expected K/N with 1 <= K <= N, got '" + value + "'";
                }
            },
            "K/N"));
}

}  // namespace slidedb::cli
