#include "store/bounded_printf.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "store/database.h"

namespace slidedb {

namespace {

// What SQLite makes of an argument taken for a '*': its integer, cast to
// int (so 2^32 + 5 is 5), without its sign.
std::int64_t star_value(sqlite3_value* v) {
    const auto n = static_cast<std::int32_t>(static_cast<std::uint32_t>(sqlite3_value_int64(v)));
    return n < 0 ? -static_cast<std::int64_t>(n) : n;
}

// The widths and precisions `format` asks for, added up (at most cap + 1):
// written ones as written, and each '*' as the largest any argument could
// give it, so the sum is never less than what SQLite will do, whichever
// argument a '*' takes.
std::int64_t asked_width(std::string_view format, std::int64_t largest_star, std::int64_t cap) {
    std::int64_t total = 0;
    const auto add = [&](std::int64_t v) { total = std::min(cap + 1, total + v); };
    std::size_t i = 0;
    const auto number_or_star = [&] {
        if (i < format.size() && format[i] == '*') {
            add(largest_star);
            ++i;
            return;
        }
        std::int64_t v = 0;
        for (; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i)
            v = std::min(cap + 1, v * 10 + (format[i] - '0'));
        add(v);
    };
    for (; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        ++i;
        while (i < format.size() && std::string_view("-+ #!0,").find(format[i]) != std::string_view::npos) ++i;
        number_or_star();
        if (i < format.size() && format[i] == '.') {
            ++i;
            number_or_star();
        }
        // format[i] is now a size or the conversion: the loop passes it.
    }
    return total;
}

// SQLite's own printf, on a connection of this thread that has no
// replacement of it, one prepared statement for each count of arguments.
class OwnPrintf {
public:
    ~OwnPrintf() {
        for (sqlite3_stmt* s : statements_) sqlite3_finalize(s);
        sqlite3_close(db_);
    }

    // The result of printf(args) into ctx, or SQLite's error.
    void run(sqlite3_context* ctx, int argc, sqlite3_value** argv, int longest) {
        if (!db_ && sqlite3_open_v2(":memory:", &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK)
            return sqlite3_result_error_nomem(ctx);
        sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, longest);
        sqlite3_stmt* own = nullptr;
        sqlite3_stmt*& s = static_cast<std::size_t>(argc) < statements_.size() ? statements_[argc] : own;
        if (!s) {
            std::string sql = "SELECT printf(";
            for (int k = 1; k <= argc; ++k) sql += fmt::format("{}?{}", k > 1 ? ", " : "", k);
            if (sqlite3_prepare_v2(db_, (sql + ")").c_str(), -1, &s, nullptr) != SQLITE_OK)
                return sqlite3_result_error(ctx, sqlite3_errmsg(db_), -1);
        }
        for (int k = 0; k < argc; ++k) sqlite3_bind_value(s, k + 1, argv[k]);
        const int rc = sqlite3_step(s);
        // SQLite's printf gives NULL for a text past the longest value, as
        // for no format: said, not passed on as if nothing were asked.
        if (rc == SQLITE_ROW && sqlite3_column_type(s, 0) == SQLITE_NULL && argc > 0 &&
            sqlite3_value_type(argv[0]) != SQLITE_NULL)
            sqlite3_result_error(
                ctx, fmt::format("printf: its text passes the longest value a statement may make ({} bytes)", longest)
                         .c_str(),
                -1);
        else if (rc == SQLITE_ROW)
            sqlite3_result_value(ctx, sqlite3_column_value(s, 0));
        else if (rc == SQLITE_TOOBIG)
            sqlite3_result_error_toobig(ctx);
        else
            sqlite3_result_error(ctx, sqlite3_errmsg(db_), -1);
        sqlite3_reset(s);
        sqlite3_clear_bindings(s);
        if (own) sqlite3_finalize(own);
    }

private:
    sqlite3* db_ = nullptr;
    std::array<sqlite3_stmt*, 128> statements_{};
};

void bounded(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
    const int longest = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
    if (argc > 0 && sqlite3_value_type(argv[0]) != SQLITE_NULL) {
        std::int64_t largest_star = 0;
        for (int k = 1; k < argc; ++k) largest_star = std::max(largest_star, star_value(argv[k]));
        const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
        const std::string_view format(text ? text : "", static_cast<std::size_t>(sqlite3_value_bytes(argv[0])));
        if (asked_width(format, largest_star, longest) > longest)
            return sqlite3_result_error(
                ctx,
                fmt::format("printf: its widths and precisions ask for more than the longest value a statement may "
                            "make ({} bytes)",
                            longest)
                    .c_str(),
                -1);
    }
    thread_local OwnPrintf own;
    own.run(ctx, argc, argv, longest);
}

}  // namespace

void bound_printf(sqlite3* db) {
    for (const char* name : {"printf", "format"})
        if (sqlite3_create_function_v2(db, name, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                                       bounded, nullptr, nullptr, nullptr) != SQLITE_OK)
            throw StoreError(sqlite3_errmsg(db));
}

}  // namespace slidedb
