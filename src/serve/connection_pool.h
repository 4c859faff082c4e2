// Read-only connections to the database, one per request at a time.
//
// A SQLite connection is not shared between threads; opening one per
// request costs the schema's parse. The pool keeps the connections it
// opened and lends them out, so each worker thread finds one ready. Every
// connection is the store's read-only kind (the query authorizer), so no
// page or API call can write, whatever SQL it runs.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

namespace slidedb::serve {

class ConnectionPool {
public:
    // `value_bytes`: the longest text or blob a statement may make (0: SQLite's own limit).
    explicit ConnectionPool(std::string path, std::size_t value_bytes = 0);

    class Lease {
    public:
        Lease(ConnectionPool& pool, std::unique_ptr<SQLite::Database> db) : pool_(pool), db_(std::move(db)) {}
        ~Lease() { pool_.give_back(std::move(db_)); }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        SQLite::Database& operator*() const { return *db_; }
        SQLite::Database* operator->() const { return db_.get(); }

    private:
        ConnectionPool& pool_;
        std::unique_ptr<SQLite::Database> db_;
    };

    // A connection, opened now if none is free. Throws StoreError.
    Lease take();
    const std::string& path() const { return path_; }

private:
    void give_back(std::unique_ptr<SQLite::Database> db);

    std::string path_;
    std::size_t value_bytes_;
    std::mutex mutex_;
    std::vector<std::unique_ptr<SQLite::Database>> free_;
};

}  // namespace slidedb::serve
