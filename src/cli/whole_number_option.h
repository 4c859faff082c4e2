// Options read as unsigned numbers (--seed, --rounds): "-1" would read as
// the largest number and a number past the type's bits would wrap, each
// silently; both are refused instead.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace slidedb::cli {

inline CLI::Validator whole_number(std::uint64_t largest) {
    return CLI::Validator(
        [largest](std::string& text) -> std::string {
            if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
                return "'" + text + "' is not a whole number from 0";
            const std::string number = text.substr(std::min(text.find_first_not_of('0'), text.size() - 1));
            const std::string most = std::to_string(largest);
            if (number.size() > most.size() || (number.size() == most.size() && number > most))
                return "'" + text + "' is past the largest, " + most;
            return "";
        },
        "N");
}

}  // namespace slidedb::cli
