// A puzzle id on the command line. CLI11 reads a number past its type's
// range as the largest value, which would then be looked up as a puzzle
// ("no puzzle with id 9223372036854775807"): such a number is refused by name.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace slidedb::cli {

inline CLI::Validator puzzle_id() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            std::int64_t id = 0;
            const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), id);
            if (error == std::errc::result_out_of_range)
                return fmt::format("no puzzle id is {}: ids run from 1 to {}", s,
                                   std::numeric_limits<std::int64_t>::max());
            return "";  // anything else is read, or refused, as a number
        },
        "");
}

}  // namespace slidedb::cli
