// JSON answers of the API, written as they are built. Every string goes
// through report/escape.h's json_string, so any text from the database or a
// request comes out valid JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "report/table.h"

namespace slidedb::serve {

class Json {
public:
    Json& begin_object();
    Json& end_object();
    Json& begin_array();
    Json& end_array();
    // The name of the next member of an object.
    Json& key(std::string_view name);
    Json& value(std::string_view text);
    Json& value(const char* text) { return value(std::string_view(text)); }
    Json& value(const std::string& text) { return value(std::string_view(text)); }
    Json& value(std::int64_t n);
    Json& value(int n) { return value(static_cast<std::int64_t>(n)); }
    Json& value(std::uint64_t n);
    Json& value(double x);
    Json& value(bool b);
    Json& null();
    // A member whose value is null when absent.
    template <class T>
    Json& member(std::string_view name, const std::optional<T>& v) {
        key(name);
        return v ? value(*v) : null();
    }
    template <class T>
    Json& member(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }
    // A table as {"columns": [...], "rows": [[...], ...]}; numeric columns unquoted.
    Json& table(const Table& t);
    // Already valid JSON, as it is.
    Json& raw(std::string_view json);

    const std::string& str() const { return out_; }

private:
    void comma();
    std::string out_;
    bool first_ = true;  // nothing written yet at this level
    bool after_key_ = false;
};

// {"error": message}: the body of every refusal.
std::string error_json(std::string_view message);

}  // namespace slidedb::serve
