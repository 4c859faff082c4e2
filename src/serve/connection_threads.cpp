#include "serve/connection_threads.h"

#include <system_error>
#include <thread>

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
        count_->changed.wait(lock, [&] { return count_->running < limit_; });
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
