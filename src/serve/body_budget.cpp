#include "serve/body_budget.h"

#include <sys/socket.h>

#include <algorithm>

namespace slidedb::serve {

BodyBudget::Hold::~Hold() {
    if (!listed_) return;  // drew nothing
    budget_.drawn_.fetch_sub(drawn_, std::memory_order_relaxed);
    {
        // Taken after the budget is given back: a body waiting for room
        // either sees it or is already asleep and is woken.
        std::lock_guard lock(budget_.mutex_);
        budget_.holders_.erase(std::find(budget_.holders_.begin(), budget_.holders_.end(), this));
    }
    budget_.freed_.notify_all();
}

bool BodyBudget::Hold::draw(std::size_t more) {
    std::size_t now = budget_.drawn_.load(std::memory_order_relaxed);
    do {
        if (now + more > budget_.shared_) return false;
    } while (!budget_.drawn_.compare_exchange_weak(now, now + more, std::memory_order_relaxed));
    return true;
}

bool BodyBudget::Hold::grow_to(std::size_t bytes) {
    moved();
    const std::size_t want = budget_.past_own(bytes);
    const std::size_t had = drawn_.load(std::memory_order_relaxed);
    if (want <= had) return true;
    const std::size_t more = want - had;
    if (!draw(more)) {
        if (!budget_.let_go_idlest(*this, more)) return false;
        // The body let go gives its room back once its thread sees the
        // connection gone: at once, as it waits on its client.
        std::unique_lock lock(budget_.mutex_);
        if (!budget_.freed_.wait_for(lock, kRoomWait, [&] { return draw(more); })) return false;
    }
    drawn_.store(want, std::memory_order_relaxed);
    if (!listed_) {
        std::lock_guard lock(budget_.mutex_);
        budget_.holders_.push_back(this);
        listed_ = true;
    }
    return true;
}

void BodyBudget::Hold::shrink_to(std::size_t bytes) {
    const std::size_t want = budget_.past_own(bytes);
    const std::size_t had = drawn_.load(std::memory_order_relaxed);
    if (want >= had) return;
    budget_.drawn_.fetch_sub(had - want, std::memory_order_relaxed);
    drawn_.store(want, std::memory_order_relaxed);
    { std::lock_guard lock(budget_.mutex_); }  // as in ~Hold
    budget_.freed_.notify_all();
}

bool BodyBudget::let_go_idlest(const Hold& asking, std::size_t more) {
    const Clock::rep now = Clock::now().time_since_epoch().count();
    const Clock::rep idle = std::chrono::duration_cast<Clock::duration>(idle_).count();
    std::lock_guard lock(mutex_);
    std::size_t coming = 0;  // what bodies let go and not yet ended will give back
    Hold* idlest = nullptr;
    Clock::rep since = 0;
    for (Hold* h : holders_) {
        if (h == &asking) continue;
        if (h->let_go_) {
            coming += h->drawn_.load(std::memory_order_relaxed);
            continue;
        }
        const Clock::rep last = h->last_bytes_.load(std::memory_order_relaxed);
        if (!h->moving_ || now - last < idle) continue;
        if (!idlest || last < since) {
            idlest = h;
            since = last;
        }
    }
    if (coming >= more) return true;
    if (!idlest) return false;
    idlest->let_go_ = true;
    ++let_go_count_;
    // Under the lock: a listed body's connection is not closed yet (its
    // hold ends, under this lock, first), so the socket is still its own.
    ::shutdown(idlest->sock_, SHUT_RDWR);
    return true;
}

}  // namespace slidedb::serve
