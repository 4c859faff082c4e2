#include "report/escape.h"

#include <fmt/format.h>

namespace slidedb {

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xbf;  // bounds of the second byte
    if (b0 >= 0xc2 && b0 <= 0xdf) n = 2;
    else if (b0 == 0xe0) n = 3, lo = 0xa0;
    else if (b0 >= 0xe1 && b0 <= 0xec) n = 3;
    else if (b0 == 0xed) n = 3, hi = 0x9f;
    else if (b0 >= 0xee && b0 <= 0xef) n = 3;
    else if (b0 == 0xf0) n = 4, lo = 0x90;
    else if (b0 >= 0xf1 && b0 <= 0xf3) n = 4;
    else if (b0 == 0xf4) n = 4, hi = 0x8f;
    else return 0;
    if (i + n > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
    return n;
}

}  // namespace

std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            out += "\xef\xbf\xbd";  // U+FFFD
            ++i;
            continue;
        }
        if (n > 1) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (ch < 0x20 || ch == 0x7f) out += fmt::format("\\u{:04x}", ch);
                else out += static_cast<char>(ch);
        }
        ++i;
    }
    return out + '"';
}

bool is_json_number(std::string_view t) {
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
        return i - from;
    };
    if (i < t.size() && t[i] == '-') ++i;
    if (i < t.size() && t[i] == '0') ++i;
    else if (digits() == 0) return false;
    if (i < t.size() && t[i] == '.') {
        ++i;
        if (digits() == 0) return false;
    }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        if (digits() == 0) return false;
    }
    return i == t.size();
}

std::string visible(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        const std::size_t n = utf8_length(text, i);
        const bool c1 = n == 2 && ch == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
        if (n > 1 && !c1) {
            out.append(text.substr(i, n));
            i += n;
        } else if (c1) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[i + 1]));
            i += 2;
        } else if (ch == '\t') {
            out += "\\t", ++i;
        } else if (ch == '\r') {
            out += "\\r", ++i;
        } else if (ch == '\n' || (ch >= 0x20 && ch < 0x7f)) {
            out += static_cast<char>(ch), ++i;
        } else {
            out += fmt::format("\\x{:02x}", ch), ++i;
        }
    }
    return out;
}

std::string visible_line(std::string_view text) {
    std::string out;
    for (const char ch : visible(text)) {
        if (ch == '\n') out += "\\n";
        else out += ch;
    }
    return out;
}

std::string markdown_cell(std::string_view text) {
    std::string out;
    for (char ch : visible(text)) {
        switch (ch) {
            case '|': out += "\\|"; break;
            case '`': out += "\\`"; break;
            case '\\': out += "\\\\"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '\n': out += "<br>"; break;
            default: out += ch;
        }
    }
    return out;
}

}  // namespace slidedb
