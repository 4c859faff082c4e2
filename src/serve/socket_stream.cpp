#include "serve/socket_stream.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "serve/held_connections.h"

namespace slidedb::serve {

namespace {

bool wait_for(int sock, short events, std::chrono::milliseconds timeout) {
    pollfd p{sock, events, 0};
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
        const int n = ::poll(&p, 1, static_cast<int>(std::max<long long>(0, left.count())));
        if (n > 0) return true;
        if (n == 0 || errno != EINTR) return false;
    }
}

void name_of(const sockaddr_storage& addr, socklen_t length, std::string& ip, int& port) {
    char host[NI_MAXHOST] = {};
    char service[NI_MAXSERV] = {};
    if (getnameinfo(reinterpret_cast<const sockaddr*>(&addr), length, host, sizeof host, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
        ip = host;
        port = std::atoi(service);
    }
}

}  // namespace

bool wait_readable(int sock, std::chrono::milliseconds timeout) { return wait_for(sock, POLLIN, timeout); }

bool SocketStream::is_readable() const { return begin_ < end_ || wait_for(sock_, POLLIN, read_timeout_); }

bool SocketStream::is_writable() const { return wait_for(sock_, POLLOUT, write_timeout_); }

ssize_t SocketStream::read(char* ptr, std::size_t size) {
    if (begin_ == end_) {
        if (!wait_for(sock_, POLLIN, read_timeout_)) return -1;
        ssize_t n;
        do n = ::recv(sock_, ahead_.data(), ahead_.size(), 0);
        while (n < 0 && errno == EINTR);
        if (n <= 0) return n;
        begin_ = 0;
        end_ = static_cast<std::size_t>(n);
    }
    std::size_t taken = std::min(size, end_ - begin_);
    if (in_head_) {
        // The head ends at its first empty line, "\r\n\r\n"; what follows is body.
        static constexpr char kEnd[] = "\r\n\r\n";
        for (std::size_t i = 0; i < taken; ++i) {
            const char c = ahead_[begin_ + i];
            head_end_matched_ = c == kEnd[head_end_matched_] ? head_end_matched_ + 1 : c == '\r' ? 1 : 0;
            if (head_end_matched_ == 4) {
                taken = i + 1;  // the body's bytes in a read of their own
                in_head_ = false;
                if (taken_ + taken > kHeadBytes) break;
                taken_ = 0;
                std::memcpy(ptr, ahead_.data() + begin_, taken);
                begin_ += taken;
                return static_cast<ssize_t>(taken);
            }
        }
        if (taken_ + taken > kHeadBytes) {
            static constexpr char kRefusal[] =
                "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain\r\n"
                "X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: 39\r\n\r\n"
                "the request's head is over 65536 bytes\n";
            write(kRefusal, sizeof kRefusal - 1);
            refused_ = true;
            return -1;
        }
    } else if (taken_ + taken > body_budget_) {
        return -1;  // past any body the server takes, and what it reads and drops
    } else if (size == 1) {
        // httplib reads a chunked body's lines a byte at a time, its chunks
        // in larger reads (a chunk's last byte may come alone, then its line).
        line_ = ahead_[begin_] == '\n' ? 0 : line_ + 1;
        if (line_ > kBodyLineBytes) return -1;
    } else {
        line_ = 0;
    }
    taken_ += taken;
    std::memcpy(ptr, ahead_.data() + begin_, taken);
    begin_ += taken;
    return static_cast<ssize_t>(taken);
}

ssize_t SocketStream::write(const char* ptr, std::size_t size) {
    if (refused_ || !is_writable()) return -1;
    ssize_t n;
    // MSG_NOSIGNAL: a client gone is an error here, not a SIGPIPE.
    do n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n > 0) HeldConnections::wrote();
    return n;
}

void SocketStream::get_remote_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    if (::getpeername(sock_, reinterpret_cast<sockaddr*>(&addr), &length) == 0) name_of(addr, length, ip, port);
}

void SocketStream::get_local_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&addr), &length) == 0) name_of(addr, length, ip, port);
}

}  // namespace slidedb::serve
