// Ctrl-C for commands that run user SQL: the first SIGINT sets a flag the
// running statement checks, so it stops cleanly and the command can say so.
// Long batch commands (enumerate) also take SIGTERM, which batch schedulers
// send at a job's time limit, the same way: the work under way is stored.
#pragma once

#include <csignal>

namespace slidedb::cli {

// The signal that asked to stop (SIGINT, or SIGTERM after catch_stop()), once caught.
extern volatile std::sig_atomic_t g_interrupted;

// Exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells use.
constexpr int kInterruptedStatus = 130;

// How a command's stop message names the signal: "Ctrl-C" or "SIGTERM".
inline const char* stop_name(int number) { return number == SIGTERM ? "SIGTERM" : "Ctrl-C"; }

void catch_interrupt();
// SIGINT and SIGTERM. A signal the process was started ignoring (SIGINT for
// a job a script put in the background) stays ignored. `notice`, when
// given, is written to stderr as the first signal is caught: what the
// command finishes before it stops, so that the wait is not a mystery.
void catch_stop(const char* notice = nullptr);

}  // namespace slidedb::cli
