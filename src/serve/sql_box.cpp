#include "serve/sql_box.h"

#include <charconv>
#include <chrono>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "families/families.h"
#include "serve/puzzle_list.h"
#include "store/embedded_sql.h"
#include "store/puzzle_record.h"
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

// The store names the command line's option; the server's is --sql-seconds.
template <class Run>
auto timed(const Limits& limits, Run run) {
    try {
        return run();
    } catch (const QueryStopped& e) {
        if (e.why == QueryStopped::Why::Memory)
            throw QueryStopped(e.why, fmt::format("stopped: the statements under way needed more than {} MiB "
                                                  "(--sql-memory-mb); the database was not changed",
                                                  limits.sql_memory >> 20));
        if (e.why != QueryStopped::Why::Timeout) throw;
        throw QueryStopped(e.why, fmt::format("stopped after {} s (--sql-seconds); the database was not changed",
                                              limits.sql_seconds));
    }
}

// A result is held whole before it is sent: past this it is refused.
[[noreturn]] void too_large(const Limits& limits) {
    throw HttpError(413, fmt::format("the result passes {} MiB (--max-result-mb); narrow the statement: fewer rows "
                                     "or columns, or substr() of long values",
                                     limits.result_bytes >> 20));
}

std::size_t row_bytes(const std::vector<std::string>& row) {
    std::size_t n = 0;
    for (const std::string& cell : row) n += cell.size() + 1;
    return n;
}

// The orders of `hardest` (reports/hardest.sql).
constexpr const char* kBy[] = {"moves", "steps", "cluster", "effort"};

// A value as a refusal quotes it: its first 40 bytes.
std::string quoted(const std::string& v) { return v.size() <= 40 ? v : v.substr(0, 40) + "..."; }

std::string checked_param(const std::string& name, const std::string& v) {
    if (name == "top") {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || end != v.data() + v.size() || n < 1 || n > kMaxTop)
            throw BadRequest(fmt::format("top: '{}' is not a whole number from 1 to {}", quoted(v), kMaxTop));
        return std::to_string(n);
    }
    if (name == "by") {
        for (const char* b : kBy)
            if (v == b) return v;
        throw BadRequest(fmt::format("by: '{}' is not moves, steps, cluster or effort", quoted(v)));
    }
    if (name == "family") {
        std::string names;
        for (const Family* f : families()) {
            if (v == f->name()) return v;
            names += (names.empty() ? "" : ", ") + std::string(f->name());
        }
        throw BadRequest(fmt::format("family: '{}' is not one of {}", quoted(v), names));
    }
    if (name == "id") {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || end != v.data() + v.size() || n < 1)
            throw BadRequest(fmt::format("id: '{}' is not a puzzle id (a whole number from 1)", quoted(v)));
        return std::to_string(n);
    }
    throw BadRequest(
        fmt::format("'{}' is not a parameter of the reports: they take top, by, family and id", quoted(name)));
}

}  // namespace

SqlPage sql_page(SQLite::Database& db, const std::string& sql, std::int64_t page, const Limits& limits) {
    const std::size_t per = limits.page_rows;
    const std::uint64_t skip = static_cast<std::uint64_t>(page - 1) * per;
    SqlPage out;
    std::uint64_t seen = 0;
    std::size_t held = 0;
    bool full = false;
    // Counting past the page costs at most this much more time: a result
    // not counted to the end in it keeps its download links.
    const auto count_time = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(limits.sql_count_seconds));
    std::chrono::steady_clock::time_point count_until;
    try {
        timed(limits, [&] {
            query_stream(db, sql, {}, limits_of(limits), [&](const Table& chunk) {
                if (out.table.columns.empty()) {
                    out.table.columns = chunk.columns;
                    out.table.numeric = chunk.numeric;
                }
                if (full && std::chrono::steady_clock::now() > count_until) throw PageFull{};
                for (std::size_t r = 0; r < chunk.rows.size(); ++r) {
                    const auto& row = chunk.rows[r];
                    if (++seen > limits.download_rows) out.too_many_to_download = true;
                    if (seen > skip && !full) {
                        if (out.table.rows.size() == per) {
                            out.has_more = full = true;
                            count_until = std::chrono::steady_clock::now() + count_time;
                        } else {
                            if ((held += row_bytes(row)) > limits.result_bytes) too_large(limits);
                            out.table.nulls.resize(out.table.rows.size());
                            if (r < chunk.nulls.size()) out.table.nulls.push_back(chunk.nulls[r]);
                            out.table.rows.push_back(row);
                        }
                    }
                    if (full && out.too_many_to_download) throw PageFull{};
                }
            });
        });
    } catch (const PageFull&) {
    } catch (const QueryStopped&) {
        if (!full) throw;  // the page itself was not read in time
    }
    return out;
}

SqlDownload sql_download(SQLite::Database& db, const std::string& sql, Format format, const Limits& limits) {
    SqlDownload d;
    TableStream out(format, [&](std::string_view s) { d.text += s; });
    std::size_t rows = 0;
    timed(limits, [&] {
        query_stream(db, sql, {}, limits_of(limits), [&](const Table& chunk) {
            rows += chunk.rows.size();
            if (rows > limits.download_rows)
                throw HttpError(413, fmt::format("the result has over {} rows; narrow the statement (LIMIT)",
                                                 limits.download_rows));
            out.add(chunk);
            if (d.text.size() > limits.result_bytes) too_large(limits);
        });
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
    const std::string* user_sql = nullptr;  // a report of the user's own, under any name
    for (const SqlFile& f : report_files())
        if (f.name == name) sql = std::string(f.text);
    for (const auto& [n, text] : app.options.user_reports)
        if (n == name) {
            sql = text;
            user_sql = &text;
        }
    if (sql.empty()) throw HttpError(404, fmt::format("no report '{}'", name));
    // The parameters the reports take, as `slidedb report` passes them.
    Params params{{"top", "20"}, {"by", "moves"}};
    std::optional<std::set<std::string>> read;
    for (const auto& [k, v] : url) {
        if (v.empty() && k == "family") continue;  // a form's "any family"
        params[k] = checked_param(k, v);
        // Given to a report that does not read it, it would be left out unsaid.
        if (!read) read = parameters_read(db, sql);
        if (!read->contains(k)) throw BadRequest(fmt::format("report {} reads no {}", name, k));
    }
    // The puzzle report of no puzzle would be empty sections: said instead,
    // as the puzzle's page says it.
    if (name == "puzzle" && user_sql == nullptr) {
        const auto id = params.find("id");
        if (id == params.end()) throw BadRequest("the puzzle report needs id=ID");
        if (!puzzle_exists(db, std::stoll(id->second)))
            throw HttpError(404, fmt::format("no puzzle with id {}", id->second));
    }
    Report r{name, {}};
    timed(app.options.limits, [&] {
        for (Section& s : query_sections(db, sql, params, limits_of(app.options.limits)))
            r.sections.push_back(make_section(s.title, std::move(s.table)));
    });
    return r;
}

}  // namespace slidedb::serve
