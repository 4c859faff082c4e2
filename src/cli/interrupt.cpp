#include "cli/interrupt.h"

#include <initializer_list>

namespace slidedb::cli {

volatile std::sig_atomic_t g_interrupted = 0;

namespace {

extern "C" void on_interrupt(int number) {
    g_interrupted = number;
    // A second one ends the process at once.
    std::signal(number, SIG_DFL);
}

void catch_signal(int number) {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(number, &sa, nullptr);
}

}  // namespace

void catch_interrupt() { catch_signal(SIGINT); }

void catch_stop() {
    for (const int number : {SIGINT, SIGTERM}) {
        struct sigaction now {};
        sigaction(number, nullptr, &now);
        if (now.sa_handler != SIG_IGN) catch_signal(number);
    }
}

}  // namespace slidedb::cli
