// The memory bodies hold, over every connection at once: a request's, held
// whole while it arrives and while its request is answered, and an
// answer's, held whole while it is sent. Each may hold the first `own`
// bytes of its own, and past them it draws on one budget all connections
// share. Slow uploads (a body sent but for its last bytes, then a byte now
// and then) thus hold at most that budget between them, however many
// connections they open, and a request of ordinary size is never refused
// for them.
//
// Nor can they keep it: when a body finds the budget spent, the body still
// passing between the server and a client (a request's arriving, an
// answer's leaving) whose client has done nothing for longest, for `idle`
// at least, is let go (its connection shut down) and its room goes to the
// newcomer, as a connection thread goes to a newcomer when all are taken.
// A client that reads its answer a few bytes at a time holds the answer as
// an upload that trickles holds its body. Bodies whose bytes keep moving are
// never let go, nor requests whole and being answered: when they fill the
// budget, a newcomer is refused.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace slidedb::serve {

class BodyBudget {
public:
    using Clock = std::chrono::steady_clock;
    // The longest a body may wait, once another has let an idle one go, for
    // that one's room.
    static constexpr std::chrono::milliseconds kRoomWait{1000};

    BodyBudget(std::size_t own, std::size_t shared, std::chrono::milliseconds idle = std::chrono::milliseconds(1000))
        : own_(own), shared_(shared), idle_(idle) {}

    // One body's claim, given back when it ends. `sock` is its connection's
    // socket, shut down should the body be let go.
    class Hold {
    public:
        Hold(BodyBudget& budget, int sock) : budget_(budget), sock_(sock) {}
        ~Hold();
        Hold(const Hold&) = delete;
        Hold& operator=(const Hold&) = delete;
        // Room for `bytes` of this body in all, its bytes having just moved;
        // false when the shared budget cannot give it, even once an idle
        // body is let go (nothing is drawn then).
        bool grow_to(std::size_t bytes);
        // Gives back what it drew past `bytes`.
        void shrink_to(std::size_t bytes);
        // Some of its bytes moved: the client is doing its part.
        void moved() { last_bytes_.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed); }
        // A request's body is in: from now on it is answered, never let go.
        void whole() { moving_ = false; }

    private:
        friend class BodyBudget;
        bool draw(std::size_t more);
        BodyBudget& budget_;
        const int sock_;
        std::atomic<std::size_t> drawn_{0};  // read by others choosing whom to let go
        bool listed_ = false;  // among the budget's holders (once it drew)
        std::atomic<bool> moving_{true};  // passing between client and server: the client is waited on
        std::atomic<bool> let_go_{false};
        std::atomic<Clock::rep> last_bytes_{Clock::now().time_since_epoch().count()};
    };

    std::size_t shared() const { return shared_; }
    // Bodies let go so far, to make room for others.
    std::uint64_t let_go_count() const { return let_go_count_; }

private:
    std::size_t past_own(std::size_t bytes) const { return bytes > own_ ? bytes - own_ : 0; }
    // Makes room for `more` bytes of `asking`: lets go of the body still
    // moving whose client has done nothing for longest, when that is `idle_`
    // at least, unless bodies already let go will give back that much; false
    // when no room is coming.
    bool let_go_idlest(const Hold& asking, std::size_t more);

    std::size_t own_, shared_;
    std::chrono::milliseconds idle_;
    std::atomic<std::size_t> drawn_{0};
    std::atomic<std::uint64_t> let_go_count_{0};
    std::mutex mutex_;  // holders_, and waits for room
    std::condition_variable freed_;
    std::vector<Hold*> holders_;  // bodies that drew on the budget
};

}  // namespace slidedb::serve
