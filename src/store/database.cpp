#include "store/database.h"

#include <filesystem>

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
    for (int v = have; v < static_cast<int>(files.size()); ++v) {
        SQLite::Transaction tx(db);
        db.exec(std::string(files[static_cast<std::size_t>(v)].text));
        db.exec(fmt::format("PRAGMA user_version = {}", v + 1));
        tx.commit();
    }
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
        db->exec("PRAGMA foreign_keys = ON");
        migrate(*db, path);
        return db;
    } catch (const SQLite::Exception& e) {
        throw StoreError(fmt::format("{}: {}", path, e.what()));
    }
}

}  // namespace slidedb
