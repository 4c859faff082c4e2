// The connections the server holds, and which one to let go when every
// thread is taken: the one that has waited on its client the longest.
//
// Each connection has a thread (ConnectionThreads), and a client that sends
// its request a byte at a time, or nothing, holds its thread while it
// waits; enough of them would hold every thread, and nobody else would be
// answered. When the threads run out, the connection that has waited on its
// client longest (for its request, its body or its next request) is ended
// and its thread goes to the newcomer: a client that asks and reads at once
// is answered whatever the slow ones do. A connection whose request is
// being answered is never let go.
#pragma once

#include <memory>

#include <httplib.h>

#include "serve/body_budget.h"

namespace slidedb::serve {

class HeldConnections {
public:
    // The calling thread answers the connection on `sock` while this lives.
    class Holding {
    public:
        explicit Holding(int sock);
        ~Holding();  // before the socket is closed
        Holding(const Holding&) = delete;
        Holding& operator=(const Holding&) = delete;
    };
    // A request's handler runs on the calling thread: its connection waits
    // on the server, not on its client.
    class Answering {
    public:
        Answering();
        ~Answering();
        Answering(const Answering&) = delete;
        Answering& operator=(const Answering&) = delete;
    };

    // Ends the connection that has waited on its client the longest: its
    // socket is shut down, so the thread answering it sees the client gone.
    // False when none waits (every one is being answered).
    static bool let_go_longest_waiting();
    // The socket of the connection the calling thread answers (-1 on
    // another thread).
    static int current_socket();
    // The answer going out refuses a body the client is still sending, of
    // which `bytes` are still to come (as its Content-Length says): the
    // connection then reads and drops them (up to what a body may be, for
    // the read timeout at most) before it closes. A client that sends its
    // whole body before reading (most libraries) reads the answer, rather
    // than a reset connection; closed with bytes unread, it got none.
    static void drain_before_close(std::size_t bytes);
    // The connection ends once the answer being sent is written: after a
    // refusal the bytes that follow may be the rest of a body, not a
    // request, and must never be read as one.
    static void close_after_answer();
    // The answer the calling thread is about to send holds `hold` (its
    // room in the body budget) until it is written; bytes of it going out
    // are its client's progress (wrote()).
    static void hold_answer(std::unique_ptr<BodyBudget::Hold> hold);
    static void wrote();
};

// httplib's server with each connection held: the loop over a connection's
// requests is this one (keep-alive count and timeout, read and write
// timeouts as set on the server), so its socket is known and can be let go.
// So is the loop accepting connections (accept_loop.cpp).
class HoldingServer : public httplib::Server {
public:
    // Accepts connections on `listener`, the socket bound, each answered on
    // a thread of new_task_queue(), until stop_accepting(); then waits for
    // them as the queue's shutdown() does, and closes the socket. httplib's
    // own loop ends the server on any failed accept but one (a full
    // descriptor table): a connection reset
    // before it was taken, or the kernel short of memory for a moment,
    // would leave the process up and nobody answered.
    void accept_until_stopped(int listener);
    // From any thread, before or during accept_until_stopped(): it returns
    // within a tenth of a second, and kept-alive connections end their waits.
    void stop_accepting();

private:
    bool process_and_close_socket(int sock) override;
};

}  // namespace slidedb::serve
