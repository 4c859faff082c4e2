#include "cli/interrupt.h"

namespace slidedb::cli {

volatile std::sig_atomic_t g_interrupted = 0;

namespace {

extern "C" void on_interrupt(int) {
    g_interrupted = 1;
    // A second Ctrl-C ends the process at once.
    std::signal(SIGINT, SIG_DFL);
}

}  // namespace

void catch_interrupt() {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
}

}  // namespace slidedb::cli
