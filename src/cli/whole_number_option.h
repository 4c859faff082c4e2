// Options read as unsigned numbers (--seed, --rounds): "-1" would read as
// the largest number and a number past the type's bits would wrap, each
// silently; both are refused instead.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace slidedb::cli {

// Whether decimal digits name a number above `largest`, compared as text so
// that nothing wraps on the way.
inline bool past(const std::string& digits, std::uint64_t largest) {
    const std::string number = digits.substr(std::min(digits.find_first_not_of('0'), digits.size()));
    const std::string most = std::to_string(largest);
    return number.size() > most.size() || (number.size() == most.size() && number > most);
}

inline CLI::Validator whole_number(std::uint64_t largest) {
    return CLI::Validator(
        [largest](std::string& text) -> std::string {
            if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
                return "'" + text + "' is not a whole number from 0";
            if (past(text, largest)) return "'" + text + "' is past the largest, " + std::to_string(largest);
            return "";
        },
        "N");
}

}  // namespace slidedb::cli
