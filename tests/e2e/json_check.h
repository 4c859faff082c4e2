// A strict JSON checker (RFC 8259): one value, UTF-8 only, no NaN or
// Infinity, no trailing commas, no control characters inside strings; and
// a JSON string picked out of a text.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

namespace slidedb::e2e {

// The JSON string that starts after `mark` (its first occurrence from
// `from`), unescaped.
inline std::string json_text_after(const std::string& body, const std::string& mark, std::size_t from = 0) {
    std::size_t at = body.find(mark, from);
    if (at == std::string::npos) return "<no " + mark + ">";
    std::string out;
    for (at += mark.size(); at < body.size() && body[at] != '"'; ++at) {
        if (body[at] != '\\') {
            out += body[at];
            continue;
        }
        const char e = body[++at];
        if (e == 'n') {
            out += '\n';
        } else if (e == 't') {
            out += '\t';
        } else if (e == 'u') {
            out += static_cast<char>(std::stoi(body.substr(at + 1, 4), nullptr, 16));
            at += 4;
        } else {
            out += e;  // \" \\ \/
        }
    }
    return out;
}

class StrictJson {
public:
    // Empty when text is one valid JSON value; else where and why it is not.
    static std::string check(std::string_view text) {
        StrictJson p(text);
        p.blank();
        if (!p.value()) return p.why_;
        p.blank();
        if (p.i_ != text.size()) return p.fail("text after the value"), p.why_;
        return {};
    }

private:
    explicit StrictJson(std::string_view t) : t_(t) {}

    bool fail(const char* what) {
        if (why_.empty()) why_ = "at byte " + std::to_string(i_) + ": " + what;
        return false;
    }
    std::string_view::value_type peek() const { return i_ < t_.size() ? t_[i_] : '\0'; }
    void blank() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
    }
    bool literal(std::string_view word) {
        if (t_.substr(i_, word.size()) != word) return fail("unknown literal");
        i_ += word.size();
        return true;
    }
    bool value() {
        if (++depth_ > 512) return fail("nested too deep");
        bool ok = false;
        switch (peek()) {
            case '{': ok = object(); break;
            case '[': ok = array(); break;
            case '"': ok = string(); break;
            case 't': ok = literal("true"); break;
            case 'f': ok = literal("false"); break;
            case 'n': ok = literal("null"); break;
            default: ok = number();
        }
        --depth_;
        return ok;
    }
    bool object() {
        ++i_;
        blank();
        if (peek() == '}') return ++i_, true;
        for (;;) {
            blank();
            if (peek() != '"' || !string()) return fail("expected a string key");
            blank();
            if (peek() != ':') return fail("expected ':'");
            ++i_;
            blank();
            if (!value()) return false;
            blank();
            if (peek() == ',') { ++i_; continue; }
            if (peek() == '}') return ++i_, true;
            return fail("expected ',' or '}'");
        }
    }
    bool array() {
        ++i_;
        blank();
        if (peek() == ']') return ++i_, true;
        for (;;) {
            blank();
            if (!value()) return false;
            blank();
            if (peek() == ',') { ++i_; continue; }
            if (peek() == ']') return ++i_, true;
            return fail("expected ',' or ']'");
        }
    }
    bool digits() {
        const std::size_t from = i_;
        while (peek() >= '0' && peek() <= '9') ++i_;
        return i_ > from;
    }
    bool number() {
        if (peek() == '-') ++i_;
        if (peek() == '0') ++i_;
        else if (!digits()) return fail("expected a value");
        if (peek() == '.') {
            ++i_;
            if (!digits()) return fail("expected digits after '.'");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++i_;
            if (peek() == '+' || peek() == '-') ++i_;
            if (!digits()) return fail("expected an exponent");
        }
        return true;
    }
    bool string() {
        ++i_;
        while (i_ < t_.size()) {
            const unsigned char c = static_cast<unsigned char>(t_[i_]);
            if (c == '"') return ++i_, true;
            if (c < 0x20) return fail("control character in a string");
            if (c == '\\') {
                ++i_;
                const char e = peek();
                if (e == 'u') {
                    for (int k = 1; k <= 4; ++k)
                        if (!std::isxdigit(static_cast<unsigned char>(i_ + k < t_.size() ? t_[i_ + k] : 'x')))
                            return fail("bad \\u escape");
                    i_ += 5;
                } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos && e) {
                    ++i_;
                } else {
                    return fail("bad escape");
                }
                continue;
            }
            if (c < 0x80) { ++i_; continue; }
            if (!utf8()) return fail("invalid UTF-8 in a string");
        }
        return fail("unterminated string");
    }
    bool utf8() {
        const auto b = [&](std::size_t k) { return i_ + k < t_.size() ? static_cast<unsigned char>(t_[i_ + k]) : 0; };
        const unsigned char b0 = b(0);
        std::size_t n;
        unsigned char lo = 0x80, hi = 0xbf;
        if (b0 >= 0xc2 && b0 <= 0xdf) n = 2;
        else if (b0 == 0xe0) n = 3, lo = 0xa0;
        else if ((b0 >= 0xe1 && b0 <= 0xec) || b0 == 0xee || b0 == 0xef) n = 3;
        else if (b0 == 0xed) n = 3, hi = 0x9f;
        else if (b0 == 0xf0) n = 4, lo = 0x90;
        else if (b0 >= 0xf1 && b0 <= 0xf3) n = 4;
        else if (b0 == 0xf4) n = 4, hi = 0x8f;
        else return false;
        if (b(1) < lo || b(1) > hi) return false;
        for (std::size_t k = 2; k < n; ++k)
            if (b(k) < 0x80 || b(k) > 0xbf) return false;
        i_ += n;
        return true;
    }

    std::string_view t_;
    std::size_t i_ = 0;
    int depth_ = 0;
    std::string why_;
};

}  // namespace slidedb::e2e
