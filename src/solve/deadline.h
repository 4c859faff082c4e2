// When a search must stop: by the clock, or when asked to (a flag a signal
// handler sets). The breadth-first engine asks it once every few thousand
// boards expanded, so neither costs anything measurable in the hot loop.
#pragma once

#include <chrono>
#include <csignal>

namespace slidedb {

class Deadline {
public:
    using Clock = std::chrono::steady_clock;
    Deadline() = default;  // never
    // `seconds` from now (0 or less: no time limit), or sooner once *cancel
    // is non-zero (null: never asked).
    static Deadline after(double seconds, const volatile std::sig_atomic_t* cancel = nullptr) {
        Deadline d;
        if (seconds > 0)
            d.at_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        d.cancel_ = cancel;
        return d;
    }
    // Whether it can ever pass: callers skip the checks when not.
    bool set() const { return at_ != Clock::time_point::max() || cancel_ != nullptr; }
    bool cancelled() const { return cancel_ != nullptr && *cancel_ != 0; }
    bool passed() const { return cancelled() || (at_ != Clock::time_point::max() && Clock::now() >= at_); }

private:
    Clock::time_point at_ = Clock::time_point::max();
    const volatile std::sig_atomic_t* cancel_ = nullptr;
};

}  // namespace slidedb
