// One connection's socket as httplib reads and writes it: each read waits at
// most the read timeout for the client, each write the write timeout, and
// bytes are read ahead a buffer at a time (httplib reads a request's head a
// byte at a time).
//
// A request gets at most so many bytes: its head (request line and header
// lines) up to kHeadBytes, then up to the body budget, and the lines of a
// chunked body (chunk sizes, trailers) up to kBodyLineBytes each. httplib
// holds a line whole until its end, however long: a head or a chunk-size
// line that never ends would otherwise grow the server's memory without
// bound, or by the body budget on every connection.
#pragma once

#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <string>

#include <httplib.h>

namespace slidedb::serve {

class SocketStream : public httplib::Stream {
public:
    static constexpr std::size_t kHeadBytes = 64 * 1024;
    static constexpr std::size_t kBodyLineBytes = 8 * 1024;

    SocketStream(int sock, std::chrono::milliseconds read_timeout, std::chrono::milliseconds write_timeout,
                 std::size_t body_budget)
        : sock_(sock), read_timeout_(read_timeout), write_timeout_(write_timeout), body_budget_(body_budget) {}

    // A new request begins: its head, then its body, are counted afresh.
    void start_request() {
        in_head_ = true;
        head_end_matched_ = 0;
        taken_ = 0;
        line_ = 0;
    }

    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char* ptr, std::size_t size) override;
    ssize_t write(const char* ptr, std::size_t size) override;
    void get_remote_ip_and_port(std::string& ip, int& port) const override;
    void get_local_ip_and_port(std::string& ip, int& port) const override;
    int socket() const override { return sock_; }
    // Bytes already read from the socket and not yet taken (a next request's).
    bool has_read_ahead() const { return begin_ < end_; }

private:
    int sock_;
    std::chrono::milliseconds read_timeout_, write_timeout_;
    std::size_t body_budget_;
    std::array<char, 4096> ahead_{};
    std::size_t begin_ = 0, end_ = 0;  // bytes read ahead, not yet taken
    bool refused_ = false;      // the 431 is written: nothing more goes out
    bool in_head_ = true;
    int head_end_matched_ = 0;  // of "\r\n\r\n", the bytes just taken
    std::size_t taken_ = 0;     // by this request, in its head or body
    std::size_t line_ = 0;      // bytes of the body's line being read, its end not yet met
};

// Waits up to `timeout` for the socket to have bytes (or its end) to read.
bool wait_readable(int sock, std::chrono::milliseconds timeout);

}  // namespace slidedb::serve
