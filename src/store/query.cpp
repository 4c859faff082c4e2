#include "store/query.h"

#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>
#include <fmt/format.h>

#include "puzzle/text.h"
#include "store/database.h"

namespace slidedb {

namespace {


// True when the text holds more than blank lines and comments.
bool has_sql(const std::string& text) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) nl = text.size();
        const std::string line = trim(text.substr(start, nl - start));
        if (!line.empty() && line.rfind("--", 0) != 0 && line != ";") return true;
        start = nl + 1;
    }
    return false;
}

}  // namespace

Table query_table(SQLite::Database& db, const std::string& sql, const Params& params) {
    if (!has_sql(sql)) throw StoreError("no SQL statement given");
    try {
        SQLite::Statement st(db, sql);
        for (const auto& [name, value] : params) {
            const std::string key = ":" + name;
            if (const int i = st.getIndex(key.c_str()); i > 0) {
                // Whole numbers bind as integers, so comparisons and LIMIT work.
                char* end = nullptr;
                const long long n = std::strtoll(value.c_str(), &end, 10);
                if (!value.empty() && *end == '\0') st.bind(i, static_cast<std::int64_t>(n));
                else st.bind(i, value);
            }
        }
        Table t;
        const int n = st.getColumnCount();
        for (int c = 0; c < n; ++c) t.columns.push_back(st.getColumnName(c));
        t.numeric.assign(static_cast<std::size_t>(n), false);
        std::vector<bool> seen_text(static_cast<std::size_t>(n), false);
        while (st.executeStep()) {
            std::vector<std::string> row;
            row.reserve(static_cast<std::size_t>(n));
            for (int c = 0; c < n; ++c) {
                SQLite::Column col = st.getColumn(c);
                const int type = col.getType();
                if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) t.numeric[static_cast<std::size_t>(c)] = true;
                if (type == SQLITE_TEXT || type == SQLITE_BLOB) seen_text[static_cast<std::size_t>(c)] = true;
                if (type == SQLITE_NULL) row.emplace_back();
                else if (type == SQLITE_FLOAT) row.push_back(fmt::format("{:.6g}", col.getDouble()));
                else if (type == SQLITE_BLOB) row.push_back(fmt::format("<{} bytes>", col.getBytes()));
                else row.push_back(col.getString());
            }
            t.rows.push_back(std::move(row));
        }
        // A column is numeric only if no row held text in it.
        for (int c = 0; c < n; ++c)
            if (seen_text[static_cast<std::size_t>(c)]) t.numeric[static_cast<std::size_t>(c)] = false;
        return t;
    } catch (const SQLite::Exception& e) {
        const std::string why = e.what();
        if (why.find("readonly") != std::string::npos || why.find("read-only") != std::string::npos ||
            e.getErrorCode() == SQLITE_READONLY)
            throw StoreError(fmt::format("queries are read-only; the database was not changed ({})", why));
        throw StoreError(fmt::format("SQL error: {}", why));
    }
}

std::vector<Section> query_sections(SQLite::Database& db, const std::string& sql, const Params& params) {
    std::vector<Section> sections;
    const std::string marker = "-- section:";
    std::string title, body;
    auto flush = [&] {
        if (has_sql(body)) sections.push_back({title, query_table(db, body, params)});
        body.clear();
    };
    std::size_t start = 0;
    while (start < sql.size()) {
        std::size_t nl = sql.find('\n', start);
        if (nl == std::string::npos) nl = sql.size();
        const std::string line = sql.substr(start, nl - start);
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

}  // namespace slidedb
