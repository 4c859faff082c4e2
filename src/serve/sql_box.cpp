#include "serve/sql_box.h"

#include <fmt/format.h>

#include "store/embedded_sql.h"
#include "store/query.h"

namespace slidedb::serve {

namespace {

// Thrown from the row callback once the page is full: ends the statement.
struct PageFull {};

QueryLimits limits_of(const Limits& limits) {
    QueryLimits q;
    q.timeout = std::chrono::milliseconds(static_cast<long long>(limits.sql_seconds * 1000));
    return q;
}

// `summary` first, as the command line lists them; `puzzle` needs an id and
// has a page of its own.
constexpr const char* kMenu[] = {"summary", "hardest", "difficulty", "unsolvable", "patterns"};

}  // namespace

SqlPage sql_page(SQLite::Database& db, const std::string& sql, std::int64_t page, const Limits& limits) {
    const std::size_t per = limits.page_rows;
    const std::uint64_t skip = static_cast<std::uint64_t>(page - 1) * per;
    SqlPage out;
    std::uint64_t seen = 0;
    try {
        query_stream(db, sql, {}, limits_of(limits), [&](const Table& chunk) {
            if (out.table.columns.empty()) {
                out.table.columns = chunk.columns;
                out.table.numeric = chunk.numeric;
            }
            for (const auto& row : chunk.rows) {
                if (seen++ < skip) continue;
                if (out.table.rows.size() == per) {
                    out.has_more = true;
                    throw PageFull{};
                }
                out.table.rows.push_back(row);
            }
        });
    } catch (const PageFull&) {
    }
    return out;
}

SqlDownload sql_download(SQLite::Database& db, const std::string& sql, Format format, const Limits& limits) {
    SqlDownload d;
    TableStream out(format, [&](std::string_view s) { d.text += s; });
    std::size_t rows = 0;
    query_stream(db, sql, {}, limits_of(limits), [&](const Table& chunk) {
        rows += chunk.rows.size();
        if (rows > limits.download_rows)
            throw HttpError(413, fmt::format("the result has over {} rows; narrow the statement (LIMIT)",
                                             limits.download_rows));
        out.add(chunk);
    });
    out.finish();
    return d;
}

std::vector<std::string> report_names(const App& app) {
    std::vector<std::string> names(std::begin(kMenu), std::end(kMenu));
    for (const auto& [name, sql] : app.options.user_reports) names.push_back(name);
    return names;
}

Report run_report(const App& app, SQLite::Database& db, const std::string& name,
                  const std::multimap<std::string, std::string>& url) {
    std::string sql;
    for (const SqlFile& f : report_files())
        if (f.name == name) sql = std::string(f.text);
    for (const auto& [n, text] : app.options.user_reports)
        if (n == name) sql = text;
    if (sql.empty()) throw HttpError(404, fmt::format("no report '{}'", name));
    // The parameters the reports take, as `slidedb report` passes them.
    Params params{{"top", "20"}, {"by", "moves"}};
    for (const auto& [k, v] : url)
        if ((k == "top" || k == "by" || k == "family" || k == "id") && v.size() < 100) params[k] = v;
    Report r{name, {}};
    for (Section& s : query_sections(db, sql, params, limits_of(app.options.limits)))
        r.sections.push_back(make_section(s.title, std::move(s.table)));
    return r;
}

}  // namespace slidedb::serve
