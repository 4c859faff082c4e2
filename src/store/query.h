// Running SQL handed in by reports and by `slidedb query`, as tables.
//
// One text is one statement: anything after the first (but blanks, comments
// and semicolons) is refused before anything runs. A statement runs under
// limits: a time limit and a flag a signal handler sets; either stops it
// within a few thousand SQLite instructions.
#pragma once

#include <chrono>
#include <csignal>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "store/database.h"
#include "store/table.h"

namespace slidedb {

// Named parameters (":top" -> "10"); a parameter the SQL does not use is ignored.
using Params = std::map<std::string, std::string>;

struct QueryLimits {
    std::chrono::milliseconds timeout{0};               // 0: no limit
    const volatile std::sig_atomic_t* cancel = nullptr;  // nonzero: stop now
};

// A statement stopped by its limits, not by an error of its own: its time,
// a signal, or the memory SQLite may hold (limit_sqlite_memory()).
struct QueryStopped : StoreError {
    enum class Why { Timeout, Cancelled, Memory };
    QueryStopped(Why w, const std::string& what) : StoreError(what), why(w) {}
    Why why;
};

constexpr std::size_t kChunkBytes = 1 << 20;

// Runs one statement and hands its rows over as they come, in tables of at
// most chunk_rows rows, fewer when their values pass kChunkBytes (so a
// caller that holds no more than it must can judge a result of long values
// in time); the first call names the columns and may have no rows. Throws
// StoreError with SQLite's reason (a refused write says so), or
// QueryStopped.
void query_stream(SQLite::Database& db, const std::string& sql, const Params& params, const QueryLimits& limits,
                  const std::function<void(const Table&)>& on_rows, std::size_t chunk_rows = 256);

// Why SQLite said "no such table" or "no such column" on this connection,
// as a clause to add to its message: a database of an older schema whose
// folder could not be written, so not brought up to date on opening (see
// open_database); empty when that is not why.
std::string older_schema_hint(SQLite::Database& db);

// Runs one statement and returns all its rows.
Table query_table(SQLite::Database& db, const std::string& sql, const Params& params = {},
                  const QueryLimits& limits = {});

// A report file: statements separated by lines "-- section: Title".
struct SqlSection {
    std::string title;
    std::string sql;
};
// Splits a report file into its sections; a section of only blanks and
// comments is dropped.
std::vector<SqlSection> split_sections(const std::string& text);

// True when the text holds nothing but blanks, comments and semicolons.
bool is_blank_sql(std::string_view text);
// The text from its first character that is none of those.
std::string_view past_blank_sql(std::string_view text);

struct Section {
    std::string title;
    Table table;
};
std::vector<Section> query_sections(SQLite::Database& db, const std::string& sql, const Params& params = {},
                                    const QueryLimits& limits = {});

// The parameters (":family" as "family") the sections of a report file read,
// from their prepared statements: an option a report does not read is
// refused rather than left out unsaid.
std::set<std::string> parameters_read(SQLite::Database& db, const std::string& sql);

}  // namespace slidedb
