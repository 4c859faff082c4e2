// Small text helpers shared by the readers, the SQL runner and the reports.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace slidedb {

// "a\nb" -> {"a", "b"}; "" -> {""}.
inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (;;) {
        const std::size_t nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl - start));
        if (nl == std::string::npos) return lines;
        start = nl + 1;
    }
}

// "1 move", "2 moves"; `many` for a plural of its own ("searches").
inline std::string counted(std::uint64_t n, std::string_view one, std::string_view many = {}) {
    std::string out = std::to_string(n) + ' ';
    if (n == 1) return out.append(one);
    return many.empty() ? out.append(one).append("s") : out.append(many);
}

// Without leading and trailing blanks.
inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace slidedb
