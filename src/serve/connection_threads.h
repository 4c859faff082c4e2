// The threads that answer connections: one a connection, so a slow or idle
// client holds only its own thread and never the ones answering others.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>

#include <httplib.h>

namespace slidedb::serve {

// httplib hands each accepted connection to enqueue(). Up to `limit`
// connections are answered at once; past it, the one that has waited on its
// client the longest is let go (HeldConnections), and accepting waits for
// its thread to end (the listen backlog holds the rest). Searches are
// bounded apart, by WorkSlots, so many connections never mean many searches.
class ConnectionThreads : public httplib::TaskQueue {
public:
    explicit ConnectionThreads(int limit);
    void enqueue(std::function<void()> fn) override;
    // Waits for running connections up to `grace`, then returns: a client
    // that keeps its connection open cannot hold a stopping server.
    void shutdown() override;

    // Connections still being answered, across every queue made so far.
    static int running();

    static constexpr std::chrono::milliseconds grace{500};

private:
    struct Count {
        std::mutex mutex;
        std::condition_variable changed;
        int running = 0;
    };
    static std::shared_ptr<Count> count();
    std::shared_ptr<Count> count_;
    int limit_;
};

}  // namespace slidedb::serve
