#include "serve/connection_threads.h"

#include <system_error>
#include <thread>

#include "serve/held_connections.h"

namespace slidedb::serve {

// One count a process, shared with the threads: they may outlive a queue
// whose shutdown stopped waiting for them.
std::shared_ptr<ConnectionThreads::Count> ConnectionThreads::count() {
    static const auto shared = std::make_shared<Count>();
    return shared;
}

int ConnectionThreads::running() {
    const auto c = count();
    std::lock_guard lock(c->mutex);
    return c->running;
}

ConnectionThreads::ConnectionThreads(int limit) : count_(count()), limit_(limit) {}

void ConnectionThreads::enqueue(std::function<void()> fn) {
    {
        std::unique_lock lock(count_->mutex);
        while (count_->running >= limit_) {
            // Every thread taken: the connection that has waited on its
            // client the longest goes, and its thread takes this one. When
            // every one is being answered, one ends soon enough.
            lock.unlock();
            const bool let_go = HeldConnections::let_go_longest_waiting();
            lock.lock();
            count_->changed.wait_for(lock, let_go ? std::chrono::milliseconds(1000) : std::chrono::milliseconds(100),
                                     [&] { return count_->running < limit_; });
        }
        ++count_->running;
    }
    auto answer = [c = count_, fn = std::move(fn)] {
        fn();
        {
            std::lock_guard lock(c->mutex);
            --c->running;
        }
        c->changed.notify_all();
    };
    try {
        std::thread(answer).detach();
    } catch (const std::system_error&) {
        answer();  // no thread to be had: answer it here, accepting waits meanwhile
    }
}

void ConnectionThreads::shutdown() {
    std::unique_lock lock(count_->mutex);
    count_->changed.wait_for(lock, grace, [&] { return count_->running == 0; });
}

}  // namespace slidedb::serve
