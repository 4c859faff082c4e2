#include "serve/connection_pool.h"

#include "store/database.h"

namespace slidedb::serve {

ConnectionPool::ConnectionPool(std::string path, std::size_t value_bytes)
    : path_(std::move(path)), value_bytes_(value_bytes) {}

ConnectionPool::Lease ConnectionPool::take() {
    {
        std::lock_guard lock(mutex_);
        if (!free_.empty()) {
            auto db = std::move(free_.back());
            free_.pop_back();
            return Lease(*this, std::move(db));
        }
    }
    // What a statement sorts or groups past its cache stays in memory, under
    // the server's SQLite ceiling (limit_sqlite_memory()), not in temporary
    // files: four statements sorting an endless stream wrote 2.6 GB of them
    // in their 10 s, and a longer --sql-seconds would fill the disk.
    OpenOptions options;
    options.temporaries_in_memory = true;
    auto db = open_database(path_, Access::ReadOnly, options);
    if (value_bytes_ > 0) limit_value_bytes(*db, value_bytes_);
    return Lease(*this, std::move(db));
}

void ConnectionPool::give_back(std::unique_ptr<SQLite::Database> db) {
    if (!db) return;
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(db));
}

}  // namespace slidedb::serve
