// Asking the database from the browser: one read-only statement as `slidedb
// query` runs it (the store's authorizer, one statement, a time limit), a
// page of its rows at a time; and the reports, built in or the user's own.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <SQLiteCpp/Database.h>

#include "report/report_sections.h"
#include "report/table.h"
#include "serve/app.h"

namespace slidedb::serve {

struct SqlPage {
    Table table;  // the columns, and the rows of the page
    bool has_more = false;
    // More rows than a download gives (limits.download_rows): the page offers
    // none. Counted past the page for at most 2 s more; a count
    // cut short leaves it false.
    bool too_many_to_download = false;
};

// Rows (page-1)*page_rows on; the statement stops once the page is full and
// the rows are counted past limits.download_rows, or at its end.
SqlPage sql_page(SQLite::Database& db, const std::string& sql, std::int64_t page, const Limits& limits);

struct SqlDownload {
    std::string text;
};
// The whole result as CSV or JSON, up to limits.download_rows rows (413 past them).
SqlDownload sql_download(SQLite::Database& db, const std::string& sql, Format format, const Limits& limits);

// The names of the reports the menu offers: the built-in ones, then the
// user's (--sql).
std::vector<std::string> report_names(const App& app);

// Runs a report by name with the URL's parameters: top (1 to kMaxTop), by
// (moves, steps, cluster, effort), family (a family's name), id (a puzzle
// id). Any other name or value is a BadRequest saying what is taken; 404 for
// a report the menu does not offer.
inline constexpr int kMaxTop = 1000;
Report run_report(const App& app, SQLite::Database& db, const std::string& name,
                  const std::multimap<std::string, std::string>& params);

}  // namespace slidedb::serve
