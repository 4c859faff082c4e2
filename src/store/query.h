// Running SQL handed in by reports and by `slidedb query`, as tables.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "store/table.h"

namespace slidedb {

// Named parameters (":top" -> "10"); a parameter the SQL does not use is ignored.
using Params = std::map<std::string, std::string>;

// Runs one statement and returns its rows. Throws StoreError with SQLite's
// reason (a write on a read-only database says so).
Table query_table(SQLite::Database& db, const std::string& sql, const Params& params = {});

// A report file: statements separated by lines "-- section: Title".
struct Section {
    std::string title;
    Table table;
};
std::vector<Section> query_sections(SQLite::Database& db, const std::string& sql, const Params& params = {});

}  // namespace slidedb
