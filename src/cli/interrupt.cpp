#include "cli/interrupt.h"

#include <initializer_list>

namespace slidedb::cli {

volatile std::sig_atomic_t g_interrupted = 0;

namespace {

extern "C" void on_interrupt(int signal) {
    g_interrupted = signal;
    // A second one ends the process at once.
    std::signal(signal, SIG_DFL);
}

void catch_signal(int signal) {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(signal, &sa, nullptr);
}

}  // namespace

void catch_interrupt() { catch_signal(SIGINT); }

void catch_stop() {
    for (const int signal : {SIGINT, SIGTERM}) {
        struct sigaction now {};
        sigaction(signal, nullptr, &now);
        if (now.sa_handler != SIG_IGN) catch_signal(signal);
    }
}

}  // namespace slidedb::cli
