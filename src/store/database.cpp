#include "store/database.h"

#include <filesystem>

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <fmt/format.h>

#include "store/embedded_sql.h"

namespace slidedb {

namespace {

void migrate(SQLite::Database& db, const std::string& path) {
    const auto& files = schema_files();
    const int have = schema_version(db);
    if (have > static_cast<int>(files.size()))
        throw StoreError(fmt::format("{}: database schema version {} is newer than this slidedb "
                                     "knows ({}); upgrade slidedb",
                                     path, have, files.size()));
    if (have == static_cast<int>(files.size())) return;
    // A migration may copy a table to change its columns (SQLite's way):
    // foreign keys are off while it runs, and checked whole before it
    // commits, so a migration that broke one leaves the database as it was.
    db.exec("PRAGMA foreign_keys = OFF");
    for (int v = have; v < static_cast<int>(files.size()); ++v) {
        SQLite::Transaction tx(db);
        db.exec(std::string(files[static_cast<std::size_t>(v)].text));
        SQLite::Statement check(db, "PRAGMA foreign_key_check");
        if (check.executeStep())
            throw StoreError(fmt::format("{}: schema file {} leaves a broken reference in table {}", path,
                                         files[static_cast<std::size_t>(v)].name, check.getColumn(0).getString()));
        db.exec(fmt::format("PRAGMA user_version = {}", v + 1));
        tx.commit();
    }
    db.exec("PRAGMA foreign_keys = ON");
}

}  // namespace

int schema_version(SQLite::Database& db) { return db.execAndGet("PRAGMA user_version").getInt(); }

std::unique_ptr<SQLite::Database> open_database(const std::string& path, Access access) {
    try {
        if (access == Access::ReadOnly) {
            if (!std::filesystem::exists(path))
                throw StoreError(fmt::format("{}: no such database (run `slidedb import` first)", path));
            auto db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READONLY);
            db->setBusyTimeout(10'000);
            db->exec("PRAGMA query_only = ON");
            const int have = schema_version(*db);
            if (have == 0)
                throw StoreError(fmt::format("{}: not a slidedb database (no schema)", path));
            if (have > static_cast<int>(schema_files().size()))
                throw StoreError(fmt::format("{}: database schema version {} is newer than this "
                                             "slidedb knows; upgrade slidedb",
                                             path, have));
            return db;
        }
        auto db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db->setBusyTimeout(10'000);
        db->exec("PRAGMA journal_mode = WAL");
        db->exec("PRAGMA synchronous = NORMAL");  // WAL + NORMAL: a crash loses at most the last batch
        migrate(*db, path);
        db->exec("PRAGMA foreign_keys = ON");
        return db;
    } catch (const SQLite::Exception& e) {
        throw StoreError(fmt::format("{}: {}", path, e.what()));
    }
}

}  // namespace slidedb
