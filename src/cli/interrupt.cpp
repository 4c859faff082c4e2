#include "cli/interrupt.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <initializer_list>

namespace slidedb::cli {

volatile std::sig_atomic_t g_interrupted = 0;

namespace {

const char* g_notice = nullptr;
bool g_caught[2] = {};  // SIGINT, SIGTERM: caught here

// Signals caught so far. A process-wide signal goes to any thread, so two
// sent together may be handled at once on two threads: the count, not the
// flag, says which is first (a lock-free atomic may be used in a handler).
std::atomic<int> g_signals{0};

extern "C" void on_interrupt(int number) {
    if (g_signals.fetch_add(1) > 0) {
        // A second one, of either kind, ends the process at once: raised
        // again under the default, it ends it when this handler returns.
        std::signal(number, SIG_DFL);
        std::raise(number);
        return;
    }
    g_interrupted = number;
    std::signal(number, SIG_DFL);
    if (g_caught[0]) std::signal(SIGINT, SIG_DFL);
    if (g_caught[1]) std::signal(SIGTERM, SIG_DFL);
    // write(), unlike stdio, may be called here.
    if (g_notice) {
        const int saved = errno;
        [[maybe_unused]] const auto n = ::write(STDERR_FILENO, g_notice, std::strlen(g_notice));
        errno = saved;
    }
}

void catch_signal(int number) {
    g_caught[number == SIGTERM ? 1 : 0] = true;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    // On this thread, the other signal waits until this one is handled.
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(number, &sa, nullptr);
}

}  // namespace

void catch_interrupt() { catch_signal(SIGINT); }

void catch_stop(const char* notice) {
    g_notice = notice;
    for (const int number : {SIGINT, SIGTERM}) {
        struct sigaction now {};
        sigaction(number, nullptr, &now);
        if (now.sa_handler != SIG_IGN) catch_signal(number);
    }
}

}  // namespace slidedb::cli
