// The loop taking connections off the bound socket (HoldingServer).
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <thread>

#include "serve/held_connections.h"

namespace slidedb::serve {

namespace {

// A failed accept that says the listening socket itself is gone; any other
// is the connection's (reset or refused on its way in) or passes (no memory
// or descriptors for a moment), and the next accept may well succeed.
bool listener_gone(int error) { return error == EBADF || error == EINVAL || error == ENOTSOCK; }

// Short of memory or descriptors: accepting again at once would spin.
bool short_of_resources(int error) {
    return error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM;
}

}  // namespace

void HoldingServer::accept_until_stopped(int listener) {
    if (listener < 0) return;
    // Not blocking: a connection reset between poll and accept must not
    // hold the loop (and its check of a stop) in accept.
    ::fcntl(listener, F_SETFL, ::fcntl(listener, F_GETFL) | O_NONBLOCK);
    const std::unique_ptr<httplib::TaskQueue> queue(new_task_queue());
    // Failures are told on stderr, once a second at most: one that lasts
    // (descriptors run out) is seen without flooding the log.
    std::chrono::steady_clock::time_point told{};
    while (svr_sock_ != INVALID_SOCKET) {
        pollfd p{listener, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) continue;  // a tenth of a second passed, or a signal
        // Not inherited by the accepted socket: its reads wait with poll.
        const int sock = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (sock < 0) {
            const int error = errno;
            if (listener_gone(error)) break;
            if (error != EAGAIN && error != EWOULDBLOCK && error != EINTR &&
                std::chrono::steady_clock::now() - told >= std::chrono::seconds(1)) {
                told = std::chrono::steady_clock::now();
                std::fprintf(stderr, "slidedb: accepting a connection failed: %s; still accepting\n",
                             std::strerror(error));
            }
            if (short_of_resources(error)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
            continue;
        }
        queue->enqueue([this, sock] { process_and_close_socket(sock); });
    }
    queue->shutdown();
    // Closed here, not by stop_accepting(): a descriptor closed under a
    // running poll could be given to a new socket and polled in its place.
    ::close(listener);
}

void HoldingServer::stop_accepting() {
    // Kept-alive connections read svr_sock_ to know the server stops.
    const int listener = svr_sock_.exchange(INVALID_SOCKET);
    // A listener shut down refuses connections at once (none wait in its
    // queue for a loop that has ended).
    if (listener != INVALID_SOCKET) ::shutdown(listener, SHUT_RDWR);
}

}  // namespace slidedb::serve
