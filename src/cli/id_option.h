// A puzzle id on the command line. CLI11 reads a number past its type's
// range as the largest value, which would then be looked up as a puzzle
// ("no puzzle with id 9223372036854775807"), and reads "0x10" as 16: an id
// is decimal digits within range, or is refused by name.
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
            constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max();
            if (error == std::errc::result_out_of_range)
                return fmt::format("no puzzle id is {}: ids run from 1 to {}", s, most);
            // Decimal digits only: CLI11 alone would read "0x10" as 16 and "1e3" as 1000.
            if (error != std::errc() || end != s.data() + s.size() || id < 1)
                return fmt::format("{} is not a puzzle id: ids are whole numbers from 1 to {}", s, most);
            return "";
        },
        "");
}

}  // namespace slidedb::cli
