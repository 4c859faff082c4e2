// Options that give two numbers: "WxH" (--size) and "MIN..MAX" or a single
// number (--blocks, --walls, --moves, --cluster).
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace slidedb::cli {

// A whole decimal number, digits only: no sign, blank or trailing text.
template <class T>
std::optional<T> digits_number(std::string_view text) {
    T v{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || text.front() == '-' || ec != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

// Throws CLI::ValidationError naming the option when the text is not of the form.
template <class T = int>
std::pair<T, T> parse_pair(const std::string& text, const std::string& sep, const char* what) {
    const auto at = text.find(sep);
    if (at == std::string::npos && sep == "..") {
        if (const auto n = digits_number<T>(text)) return {*n, *n};
    } else if (at != std::string::npos) {
        const auto a = digits_number<T>(std::string_view(text).substr(0, at));
        const auto b = digits_number<T>(std::string_view(text).substr(at + sep.size()));
        if (a && b) return {*a, *b};
    }
    throw CLI::ValidationError(what, fmt::format("'{}' is not of the form {}", text, sep == "x" ? "WxH" : "MIN..MAX"));
}

}  // namespace slidedb::cli
