// Opening a slidedb database: the one place that talks to SQLite's file.
//
// Opening for writing applies any schema/NNN_*.sql file the database has not
// seen yet (PRAGMA user_version counts them), turns foreign keys on and uses
// WAL, so a killed import leaves the last committed batch intact.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include <SQLiteCpp/Database.h>

namespace slidedb {

// A database problem worth one clear line to the user.
struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum class Access { ReadWrite, ReadOnly };

// Opens (and for ReadWrite creates and migrates) the database at path.
// Throws StoreError with the path in the message.
std::unique_ptr<SQLite::Database> open_database(const std::string& path, Access access);

// Schema files applied to a database (its PRAGMA user_version).
int schema_version(SQLite::Database& db);

}  // namespace slidedb
