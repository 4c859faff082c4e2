// When a search must stop, by the clock. The breadth-first engine asks it
// once every few thousand boards expanded, so the clock costs nothing
// measurable in the hot loop.
#pragma once

#include <chrono>

namespace slidedb {

class Deadline {
public:
    using Clock = std::chrono::steady_clock;
    Deadline() = default;  // never
    // `seconds` from now; 0 or less: never.
    static Deadline after(double seconds) {
        Deadline d;
        if (seconds > 0)
            d.at_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        return d;
    }
    bool set() const { return at_ != Clock::time_point::max(); }
    bool passed() const { return set() && Clock::now() >= at_; }

private:
    Clock::time_point at_ = Clock::time_point::max();
};

}  // namespace slidedb
