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
    auto db = open_database(path_, Access::ReadOnly);
    if (value_bytes_ > 0) limit_value_bytes(*db, value_bytes_);
    return Lease(*this, std::move(db));
}

void ConnectionPool::give_back(std::unique_ptr<SQLite::Database> db) {
    if (!db) return;
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(db));
}

}  // namespace slidedb::serve
