// Small helpers for writing HTML and SVG text.
#pragma once

#include <string>
#include <string_view>

namespace slidedb {

// Escapes & < > " ' so any text (a path, a board, a message) is safe in an
// element or in a quoted attribute.
inline std::string html_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += ch;
        }
    }
    return out;
}

}  // namespace slidedb
