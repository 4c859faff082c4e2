// Options that give seconds (--time-limit, --timeout, --solve-seconds):
// a finite decimal number in a range said in words, so "-1", "nan" and
// "inf" are refused by name rather than read as no limit, and a refusal
// does not print the largest double.
#pragma once

#include <cmath>
#include <cstdlib>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace slidedb::cli {

// At most a year: past it a limit is no limit, and 0 may mean none.
constexpr double kMostSeconds = 366.0 * 24 * 3600;

// `zero`: whether 0 is taken (it says "no limit" where the option allows it).
inline CLI::Validator seconds_check(bool zero) {
    return CLI::Validator(
        [zero](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            const bool number = !text.empty() && end == text.c_str() + text.size() && std::isfinite(v);
            if (number && (zero ? v >= 0 : v > 0) && v <= kMostSeconds) return {};
            return fmt::format("'{}' is not a number of seconds {} {:.0f}", text,
                               zero ? "from 0 to" : "above 0, up to", kMostSeconds);
        },
        zero ? "SECONDS (0: none)" : "SECONDS");
}

}  // namespace slidedb::cli
