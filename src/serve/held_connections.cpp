#include "serve/held_connections.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <mutex>
#include <unordered_map>

#include "serve/socket_stream.h"

namespace slidedb::serve {

namespace {

using Clock = std::chrono::steady_clock;

struct Held {
    bool answering = false;
    bool let_go = false;
    Clock::time_point since;  // waiting on its client since
};

struct Registry {
    std::mutex mutex;
    std::unordered_map<int, Held> by_socket;
};

// Never destroyed: detached connection threads may end after main returns.
Registry& registry() {
    static Registry* const shared = new Registry;
    return *shared;
}

thread_local int t_socket = -1;  // the connection the thread answers
thread_local std::size_t t_drain = 0;  // bytes of a refused body still to come
thread_local bool t_close = false;      // end the connection after this answer
thread_local std::unique_ptr<BodyBudget::Hold> t_answer;  // the room of the answer being sent

// Reads and drops what the client still sends, once the answer is out,
// until it is done, `most` bytes, the deadline, or the server stops.
void drain(int sock, std::size_t most, Clock::time_point deadline, const std::atomic<int>& listener) {
    ::shutdown(sock, SHUT_WR);  // the answer is whole: the client sees its end
    std::array<char, 16 * 1024> sink;
    for (std::size_t dropped = 0; dropped < most && Clock::now() < deadline && listener != INVALID_SOCKET;) {
        if (!wait_readable(sock, std::chrono::milliseconds(100))) continue;
        const ssize_t n = ::recv(sock, sink.data(), sink.size(), MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return;
        if (n > 0) dropped += static_cast<std::size_t>(n);
    }
}

}  // namespace

HeldConnections::Holding::Holding(int sock) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.by_socket[sock] = Held{false, false, Clock::now()};
    t_socket = sock;
}

HeldConnections::Holding::~Holding() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    r.by_socket.erase(t_socket);
    t_socket = -1;
}

HeldConnections::Answering::Answering() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (const auto it = r.by_socket.find(t_socket); it != r.by_socket.end()) it->second.answering = true;
}

HeldConnections::Answering::~Answering() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (const auto it = r.by_socket.find(t_socket); it != r.by_socket.end()) {
        it->second.answering = false;
        it->second.since = Clock::now();
    }
}

int HeldConnections::current_socket() { return t_socket; }

void HeldConnections::drain_before_close(std::size_t bytes) { t_drain = bytes; }

void HeldConnections::close_after_answer() { t_close = true; }

void HeldConnections::hold_answer(std::unique_ptr<BodyBudget::Hold> hold) { t_answer = std::move(hold); }

void HeldConnections::wrote() {
    if (t_answer) t_answer->moved();
}

bool HeldConnections::let_go_longest_waiting() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    auto longest = r.by_socket.end();
    for (auto it = r.by_socket.begin(); it != r.by_socket.end(); ++it) {
        const Held& h = it->second;
        if (h.answering || h.let_go) continue;
        if (longest == r.by_socket.end() || h.since < longest->second.since) longest = it;
    }
    if (longest == r.by_socket.end()) return false;
    longest->second.let_go = true;
    // Under the lock: the socket is still this connection's (Holding ends,
    // under the same lock, before it is closed).
    ::shutdown(longest->first, SHUT_RDWR);
    return true;
}

bool HoldingServer::process_and_close_socket(int sock) {
    using std::chrono::milliseconds;
    const milliseconds read_timeout(read_timeout_sec_ * 1000 + read_timeout_usec_ / 1000);
    const milliseconds write_timeout(write_timeout_sec_ * 1000 + write_timeout_usec_ / 1000);
    const Clock::duration keep_alive = std::chrono::seconds(keep_alive_timeout_sec_);
    // An answer goes out as httplib writes it, head then body: waiting to
    // join them (Nagle) met the client's delayed acknowledgement, and each
    // request on a kept-alive connection took 40 ms more.
    const int yes = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    bool ok = false;
    {
        const HeldConnections::Holding holding(sock);
        // One stream for the connection: bytes of a next request read ahead stay.
        // A body is taken up to the payload limit, and up to twice that read
        // and dropped before a refusal (see the server's length check);
        // chunked framing adds a little.
        const std::size_t most = 2 * payload_max_length_ + SocketStream::kHeadBytes;
        SocketStream stream(sock, read_timeout, write_timeout, most);
        t_drain = 0;
        t_close = false;
        for (std::size_t left = keep_alive_max_count_; left > 0; --left) {
            // Until the next request comes, up to the keep-alive timeout;
            // a server stopping ends the wait within a tenth of a second.
            bool ready = stream.has_read_ahead();
            for (const auto until = Clock::now() + keep_alive; !ready && Clock::now() < until;)
                if (svr_sock_ == INVALID_SOCKET) break;
                else ready = wait_readable(sock, milliseconds(100));
            if (!ready || svr_sock_ == INVALID_SOCKET) break;
            bool closed = false;
            stream.start_request();
            ok = process_request(stream, left == 1, closed, nullptr);
            t_answer.reset();  // written (or given up): its room goes back
            // httplib goes on after an answer that says Connection: close
            // unless the request said it: the answer's own word ends it here.
            if (!ok || closed || t_close) break;
        }
        // Still held: a slow drain is let go like any wait on a client.
        if (t_drain > 0) drain(sock, std::min(t_drain, most), Clock::now() + read_timeout, svr_sock_);
        t_drain = 0;
        t_close = false;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
}

}  // namespace slidedb::serve
