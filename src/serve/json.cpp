#include "serve/json.h"

#include <cmath>

#include <fmt/format.h>

#include "report/escape.h"

namespace slidedb::serve {

void Json::comma() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_) out_ += ',';
    first_ = false;
}

Json& Json::begin_object() {
    comma();
    out_ += '{';
    first_ = true;
    return *this;
}
Json& Json::end_object() {
    out_ += '}';
    first_ = false;
    return *this;
}
Json& Json::begin_array() {
    comma();
    out_ += '[';
    first_ = true;
    return *this;
}
Json& Json::end_array() {
    out_ += ']';
    first_ = false;
    return *this;
}
Json& Json::key(std::string_view name) {
    comma();
    out_ += json_string(name);
    out_ += ':';
    after_key_ = true;
    return *this;
}
Json& Json::value(std::string_view text) {
    comma();
    out_ += json_string(text);
    return *this;
}
Json& Json::value(std::int64_t n) {
    comma();
    out_ += std::to_string(n);
    return *this;
}
Json& Json::value(std::uint64_t n) {
    comma();
    out_ += std::to_string(n);
    return *this;
}
Json& Json::value(double x) {
    comma();
    out_ += std::isfinite(x) ? fmt::format("{}", x) : "null";
    return *this;
}
Json& Json::value(bool b) {
    comma();
    out_ += b ? "true" : "false";
    return *this;
}
Json& Json::null() {
    comma();
    out_ += "null";
    return *this;
}
Json& Json::raw(std::string_view json) {
    comma();
    out_ += json;
    return *this;
}

Json& Json::table(const Table& t) {
    begin_object().key("columns").begin_array();
    for (const std::string& c : t.columns) value(c);
    end_array().key("rows").begin_array();
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& row = t.rows[r];
        begin_array();
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool num = c < t.numeric.size() && t.numeric[c] && is_json_number(row[c]);
            if (num)
                raw(row[c]);
            else if (t.is_null(r, c) || (row[c].empty() && c < t.numeric.size() && t.numeric[c]))
                null();
            else
                value(row[c]);
        }
        end_array();
    }
    return end_array().end_object();
}

std::string error_json(std::string_view message) {
    Json j;
    j.begin_object().member("error", message).end_object();
    return j.str();
}

}  // namespace slidedb::serve
