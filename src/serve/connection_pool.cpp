#include "serve/connection_pool.h"

#include "store/database.h"

namespace slidedb::serve {

ConnectionPool::ConnectionPool(std::string path) : path_(std::move(path)) {}

ConnectionPool::Lease ConnectionPool::take() {
    {
        std::lock_guard lock(mutex_);
        if (!free_.empty()) {
            auto db = std::move(free_.back());
            free_.pop_back();
            return Lease(*this, std::move(db));
        }
    }
    return Lease(*this, open_database(path_, Access::ReadOnly));
}

void ConnectionPool::give_back(std::unique_ptr<SQLite::Database> db) {
    if (!db) return;
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(db));
}

}  // namespace slidedb::serve
