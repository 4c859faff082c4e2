#include "serve/body_budget.h"

namespace slidedb::serve {

bool BodyBudget::Hold::grow_to(std::size_t bytes) {
    const std::size_t want = budget_.past_own(bytes);
    if (want <= drawn_) return true;
    const std::size_t more = want - drawn_;
    std::size_t now = budget_.drawn_.load(std::memory_order_relaxed);
    do {
        if (now + more > budget_.shared_) return false;
    } while (!budget_.drawn_.compare_exchange_weak(now, now + more, std::memory_order_relaxed));
    drawn_ = want;
    return true;
}

void BodyBudget::Hold::shrink_to(std::size_t bytes) {
    const std::size_t want = budget_.past_own(bytes);
    if (want >= drawn_) return;
    budget_.drawn_.fetch_sub(drawn_ - want, std::memory_order_relaxed);
    drawn_ = want;
}

}  // namespace slidedb::serve
