#include "pipeline/solve_once.h"

namespace slidedb {

SolveOnce::SolveOnce(std::unordered_set<std::string> stored) {
    boards_.reserve(stored.size());
    while (!stored.empty()) boards_.emplace(std::move(stored.extract(stored.begin()).value()), nullptr);
}

std::optional<SolveResult> SolveOnce::result(const std::string& key, const std::function<SolveResult()>& search) {
    std::unique_lock lock(mutex_);
    for (;;) {
        auto [it, first] = boards_.try_emplace(key);
        if (first) {
            it->second = std::make_unique<Pending>();
            break;
        }
        if (!it->second) return std::nullopt;  // stored
        if (it->second->result) return *it->second->result;
        // Being searched by another thread, which never waits on anything:
        // this wait always ends.
        done_.wait(lock);
    }
    lock.unlock();
    std::optional<SolveResult> r;
    try {
        r = search();
    } catch (...) {
        // Let a waiting copy search for itself.
        lock.lock();
        boards_.erase(key);
        done_.notify_all();
        throw;
    }
    lock.lock();
    boards_.at(key)->result = *r;
    done_.notify_all();
    return r;
}

void SolveOnce::stored(const std::string& key) {
    const std::lock_guard lock(mutex_);
    if (auto it = boards_.find(key); it != boards_.end()) it->second.reset();
}

}  // namespace slidedb
