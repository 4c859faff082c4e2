// The memory request bodies hold, over every connection at once. A body is
// held whole while it arrives and while its request is answered; each may
// hold the first `own` bytes of its own, and past them it draws on one
// budget all connections share. Slow uploads (a body sent but for its last
// bytes, then a byte now and then) thus hold at most that budget between
// them, however many connections they open, and a request of ordinary size
// is never refused for them.
#pragma once

#include <atomic>
#include <cstddef>

namespace slidedb::serve {

class BodyBudget {
public:
    BodyBudget(std::size_t own, std::size_t shared) : own_(own), shared_(shared) {}

    // One body's claim, given back when it ends.
    class Hold {
    public:
        explicit Hold(BodyBudget& budget) : budget_(budget) {}
        ~Hold() { budget_.drawn_.fetch_sub(drawn_, std::memory_order_relaxed); }
        Hold(const Hold&) = delete;
        Hold& operator=(const Hold&) = delete;
        // Room for `bytes` of this body in all; false when the shared budget
        // cannot give it (nothing is drawn then).
        bool grow_to(std::size_t bytes);
        // Gives back what it drew past `bytes`.
        void shrink_to(std::size_t bytes);

    private:
        BodyBudget& budget_;
        std::size_t drawn_ = 0;
    };

    std::size_t shared() const { return shared_; }

private:
    std::size_t past_own(std::size_t bytes) const { return bytes > own_ ? bytes - own_ : 0; }
    std::size_t own_, shared_;
    std::atomic<std::size_t> drawn_{0};
};

}  // namespace slidedb::serve
