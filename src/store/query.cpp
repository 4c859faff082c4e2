#include "store/query.h"

#include <cstdlib>
#include <memory>

#include <fmt/format.h>
#include <sqlite3.h>

#include "puzzle/text.h"
#include "store/embedded_sql.h"

namespace slidedb {

namespace {

using Clock = std::chrono::steady_clock;

// Checked by SQLite every kProgressOps virtual-machine instructions.
constexpr int kProgressOps = 1000;

struct Watch {
    Clock::time_point deadline = Clock::time_point::max();
    const volatile std::sig_atomic_t* cancel = nullptr;
    bool timed_out = false, cancelled = false;

    bool should_stop() {
        if (cancel && *cancel) cancelled = true;
        else if (Clock::now() >= deadline) timed_out = true;
        return cancelled || timed_out;
    }
};

int on_progress(void* w) { return static_cast<Watch*>(w)->should_stop() ? 1 : 0; }

// Installs the watch on the connection for as long as it lives.
class Watching {
public:
    Watching(sqlite3* db, Watch& w) : db_(db) { sqlite3_progress_handler(db, kProgressOps, on_progress, &w); }
    ~Watching() { sqlite3_progress_handler(db_, 0, nullptr, nullptr); }

private:
    sqlite3* db_;
};

[[noreturn]] void stopped(const Watch& w, const QueryLimits& limits) {
    if (w.cancelled) throw QueryStopped(QueryStopped::Why::Cancelled, "interrupted; the database was not changed");
    throw QueryStopped(QueryStopped::Why::Timeout,
                       fmt::format("stopped after {} s (--timeout); the database was not changed",
                                   std::chrono::duration<double>(limits.timeout).count()));
}

struct StmtDeleter {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Stmt = std::unique_ptr<sqlite3_stmt, StmtDeleter>;

// Why a table or column may be missing: a database of an older schema,
// whose folder could not be written, so not brought up to date on opening
// (see open_database); empty otherwise.
std::string schema_hint(sqlite3* db) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &raw, nullptr) != SQLITE_OK) return {};
    const Stmt st(raw);
    if (sqlite3_step(st.get()) != SQLITE_ROW) return {};
    const int have = sqlite3_column_int(st.get(), 0), now = static_cast<int>(schema_files().size());
    if (have <= 0 || have >= now) return {};
    return fmt::format(" (the database is of schema version {}, older than this slidedb's {}, and was not "
                       "brought up to date because its folder cannot be written; a copy in a folder slidedb "
                       "may write is brought up to date when first opened)",
                       have, now);
}

[[noreturn]] void sql_error(sqlite3* db, int code) {
    const std::string why = sqlite3_errmsg(db);
    const int primary = code & 0xff;
    if (primary == SQLITE_NOMEM)
        throw QueryStopped(QueryStopped::Why::Memory,
                           fmt::format("stopped: it needed more than the {} MiB SQLite may hold here; the database "
                                       "was not changed",
                                       sqlite3_hard_heap_limit64(-1) >> 20));
    if (primary == SQLITE_AUTH || primary == SQLITE_READONLY || why.find("readonly") != std::string::npos ||
        why == "not authorized" || why == "authorization denied")
        throw StoreError(fmt::format("queries are read-only; the statement was refused and nothing was "
                                     "changed ({})",
                                     why));
    const bool missing = why.starts_with("no such table") || why.starts_with("no such column");
    throw StoreError(fmt::format("SQL error: {}{}", why, missing ? schema_hint(db) : ""));
}

Stmt prepare_one(sqlite3* db, const std::string& sql) {
    if (is_blank_sql(sql)) throw StoreError("no SQL statement given");
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &raw, &tail);
    Stmt st(raw);
    if (rc != SQLITE_OK) sql_error(db, rc);
    const std::string_view rest(tail, static_cast<std::size_t>(sql.c_str() + sql.size() - tail));
    if (!is_blank_sql(rest))
        throw StoreError(fmt::format("one statement at a time: nothing was run, and the text goes on after "
                                     "the first with `{}`",
                                     trim(std::string(rest.substr(0, 60)))));
    return st;
}

void bind_params(sqlite3_stmt* st, const Params& params) {
    for (const auto& [name, value] : params) {
        const std::string key = ":" + name;
        const int i = sqlite3_bind_parameter_index(st, key.c_str());
        if (i <= 0) continue;
        // Whole numbers bind as integers, so comparisons and LIMIT work.
        char* end = nullptr;
        const long long n = std::strtoll(value.c_str(), &end, 10);
        if (!value.empty() && *end == '\0') sqlite3_bind_int64(st, i, n);
        else sqlite3_bind_text(st, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    }
}

std::string cell_text(sqlite3_stmt* st, int c, int type) {
    switch (type) {
        case SQLITE_NULL: return {};
        // The shortest text that reads back as the same double: exports
        // (CSV, JSON) carry the value, not six digits of it.
        case SQLITE_FLOAT: return fmt::format("{}", sqlite3_column_double(st, c));
        case SQLITE_BLOB: {
            // As SQL writes a blob (x'FF41'): the bytes, not their count.
            const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(st, c));
            const auto n = static_cast<std::size_t>(sqlite3_column_bytes(st, c));
            std::string out = "x'";
            out.reserve(2 * n + 3);
            for (std::size_t i = 0; i < n; ++i) {
                out += "0123456789ABCDEF"[bytes[i] >> 4];
                out += "0123456789ABCDEF"[bytes[i] & 15];
            }
            return out + "'";
        }
        default: {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
            return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(st, c))) : std::string();
        }
    }
}

// Skips a comment at text[i], if any; returns where it ends.
std::size_t skip_comment(std::string_view text, std::size_t i) {
    if (text.substr(i, 2) == "--") {
        const std::size_t nl = text.find('\n', i);
        return nl == std::string_view::npos ? text.size() : nl + 1;
    }
    if (text.substr(i, 2) == "/*") {
        const std::size_t end = text.find("*/", i + 2);
        return end == std::string_view::npos ? text.size() : end + 2;
    }
    return i;
}

}  // namespace

std::string older_schema_hint(SQLite::Database& db) { return schema_hint(db.getHandle()); }

std::string_view past_blank_sql(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == ';') {
            ++i;
            continue;
        }
        const std::size_t next = skip_comment(text, i);
        if (next == i) break;
        i = next;
    }
    return text.substr(i);
}

bool is_blank_sql(std::string_view text) { return past_blank_sql(text).empty(); }

void query_stream(SQLite::Database& database, const std::string& sql, const Params& params,
                  const QueryLimits& limits, const std::function<void(const Table&)>& on_rows,
                  std::size_t chunk_rows) {
    sqlite3* db = database.getHandle();
    Watch watch;
    watch.cancel = limits.cancel;
    if (limits.timeout.count() > 0) watch.deadline = Clock::now() + limits.timeout;
    Watching watching(db, watch);

    Stmt st = prepare_one(db, sql);
    bind_params(st.get(), params);
    const int n = sqlite3_column_count(st.get());
    Table chunk;
    for (int c = 0; c < n; ++c) chunk.columns.emplace_back(sqlite3_column_name(st.get(), c));
    bool sent = false;
    std::vector<bool> seen_number, seen_text;
    auto send = [&] {
        // A column is numeric only if no row of the chunk held text in it.
        chunk.numeric.assign(static_cast<std::size_t>(n), false);
        for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c)
            chunk.numeric[c] = seen_number[c] && !seen_text[c];
        on_rows(chunk);
        chunk.rows.clear();
        chunk.nulls.clear();
        sent = true;
    };
    seen_number.assign(static_cast<std::size_t>(n), false);
    seen_text.assign(static_cast<std::size_t>(n), false);
    std::size_t chunk_bytes = 0;
    for (;;) {
        const int rc = sqlite3_step(st.get());
        if (rc == SQLITE_DONE) break;
        if (rc != SQLITE_ROW) {
            if ((rc & 0xff) == SQLITE_INTERRUPT && (watch.cancelled || watch.timed_out)) stopped(watch, limits);
            sql_error(db, rc);
        }
        std::vector<std::string> row;
        std::vector<bool> null(static_cast<std::size_t>(n), false);
        row.reserve(static_cast<std::size_t>(n));
        for (int c = 0; c < n; ++c) {
            const int type = sqlite3_column_type(st.get(), c);
            if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) seen_number[static_cast<std::size_t>(c)] = true;
            if (type == SQLITE_TEXT || type == SQLITE_BLOB) seen_text[static_cast<std::size_t>(c)] = true;
            null[static_cast<std::size_t>(c)] = type == SQLITE_NULL;
            row.push_back(cell_text(st.get(), c, type));
        }
        for (const std::string& cell : row) chunk_bytes += cell.size();
        chunk.rows.push_back(std::move(row));
        chunk.nulls.push_back(std::move(null));
        if (chunk.rows.size() >= chunk_rows || chunk_bytes >= kChunkBytes) {
            chunk_bytes = 0;
            send();
            // Time spent handing rows out counts too, and so does Ctrl-C.
            if (watch.should_stop()) stopped(watch, limits);
        }
    }
    if (!sent || !chunk.rows.empty()) send();
}

Table query_table(SQLite::Database& db, const std::string& sql, const Params& params, const QueryLimits& limits) {
    Table all;
    std::vector<bool> text_seen;
    query_stream(db, sql, params, limits, [&](const Table& chunk) {
        if (all.columns.empty() && all.rows.empty()) {
            all.columns = chunk.columns;
            all.numeric.assign(chunk.columns.size(), false);
            text_seen.assign(chunk.columns.size(), false);
        }
        for (std::size_t c = 0; c < chunk.columns.size(); ++c) {
            // Numeric when some chunk held a number and none held text.
            bool has_value = false;
            for (const auto& row : chunk.rows) has_value |= !row[c].empty();
            if (!chunk.numeric[c] && has_value) text_seen[c] = true;
            if (chunk.numeric[c]) all.numeric[c] = true;
        }
        all.nulls.resize(all.rows.size());
        all.nulls.insert(all.nulls.end(), chunk.nulls.begin(), chunk.nulls.end());
        all.rows.insert(all.rows.end(), chunk.rows.begin(), chunk.rows.end());
    }, 4096);
    for (std::size_t c = 0; c < all.numeric.size(); ++c)
        if (text_seen[c]) all.numeric[c] = false;
    return all;
}

std::vector<SqlSection> split_sections(const std::string& text) {
    std::vector<SqlSection> sections;
    const std::string marker = "-- section:";
    std::string title, body;
    auto flush = [&] {
        if (!is_blank_sql(body)) sections.push_back({title, body});
        body.clear();
    };
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        const std::string line = text.substr(start, nl - start);
        if (line.rfind(marker, 0) == 0) {
            flush();
            title = trim(line.substr(marker.size()));
        } else {
            body += line + '\n';
        }
        start = nl + 1;
    }
    flush();
    return sections;
}

std::vector<Section> query_sections(SQLite::Database& db, const std::string& sql, const Params& params,
                                    const QueryLimits& limits) {
    std::vector<Section> sections;
    for (const SqlSection& s : split_sections(sql)) sections.push_back({s.title, query_table(db, s.sql, params, limits)});
    return sections;
}

std::set<std::string> parameters_read(SQLite::Database& db, const std::string& sql) {
    std::set<std::string> names;
    for (const SqlSection& s : split_sections(sql)) {
        const Stmt st = prepare_one(db.getHandle(), s.sql);
        for (int i = 1; i <= sqlite3_bind_parameter_count(st.get()); ++i)
            if (const char* name = sqlite3_bind_parameter_name(st.get(), i); name != nullptr && name[0] != '\0')
                names.insert(name + 1);
    }
    return names;
}

}  // namespace slidedb
