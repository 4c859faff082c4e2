// Ctrl-C for commands that run user SQL: the first SIGINT sets a flag the
// running statement checks, so it stops cleanly and the command can say so.
#pragma once

#include <csignal>

namespace slidedb::cli {

// Set by SIGINT once catch_interrupt() ran.
extern volatile std::sig_atomic_t g_interrupted;

// Exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells use.
constexpr int kInterruptedStatus = 130;

void catch_interrupt();

}  // namespace slidedb::cli
