// Opening a slidedb database: the one place that talks to SQLite's file.
//
// Opening for writing applies any schema/NNN_*.sql file the database has not
// seen yet (PRAGMA user_version counts them) in one BEGIN IMMEDIATE
// transaction, so two imports that create the same database at once wait for
// each other instead of both creating tables. It turns foreign keys on and
// uses WAL, so a killed import leaves the last committed batch intact.
//
// A SQLite file that holds other tables and no slidedb schema is refused
// before anything is written to it, unless the caller forces it.
//
// Opening for reading gives a connection that cannot write: an authorizer
// allows reading only (no ATTACH, no VACUUM, no PRAGMA that changes
// anything), so a refused statement never touches the file system. It works
// on read-only folders and media, and leaves no -wal or -shm file behind.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/difficulty.h"

namespace slidedb {

// A database problem worth one clear line to the user.
struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum class Access { ReadWrite, ReadOnly };

struct OpenOptions {
    // ReadWrite: add slidedb's tables to a SQLite file that holds others.
    bool force = false;
    // ReadWrite: how long to wait for another writer (another import) to
    // commit before giving up.
    std::chrono::milliseconds busy_wait{std::chrono::minutes(10)};
    // The families' difficulty bands (families/families.h, difficulties()):
    // written to the database when it holds others and may be written (a
    // database opened to read is brought up to date first, as for its
    // schema). Empty: the bands stored are left as they are.
    std::vector<FamilyDifficulty> bands;
    // ReadOnly: what a statement sorts or groups past its cache is kept in
    // memory, under limit_sqlite_memory(), rather than in temporary files
    // (a server's statements, which must not fill the disk).
    bool temporaries_in_memory = false;
    // ReadOnly: false reads a database of an older schema as it is, never
    // writing it (merge's inputs).
    bool bring_up_to_date = true;
};

// Opens (and for ReadWrite creates and migrates) the database at path.
// Throws StoreError with the path in the message.
std::unique_ptr<SQLite::Database> open_database(const std::string& path, Access access,
                                                const OpenOptions& options = {});

// Schema files applied to a database (its PRAGMA user_version).
int schema_version(SQLite::Database& db);

// The most memory SQLite may hold in this process, over every connection
// (0: no limit). Past it a statement fails with SQLite's out-of-memory
// error, which query_stream() reports as QueryStopped (Why::Memory); a
// write fails whole and leaves the database as it was.
void limit_sqlite_memory(std::uint64_t bytes);

// The longest text or blob a statement on this connection may make; past
// it the statement fails ("string or blob too big").
void limit_value_bytes(SQLite::Database& db, std::size_t bytes);

}  // namespace slidedb
