// One connection's socket as httplib reads and writes it: each read waits at
// most the read timeout for the client, each write the write timeout, and
// bytes are read ahead a buffer at a time (httplib reads a request's head a
// byte at a time).
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
    SocketStream(int sock, std::chrono::milliseconds read_timeout, std::chrono::milliseconds write_timeout)
        : sock_(sock), read_timeout_(read_timeout), write_timeout_(write_timeout) {}

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
    std::array<char, 4096> ahead_{};
    std::size_t begin_ = 0, end_ = 0;  // bytes read ahead, not yet taken
};

// Waits up to `timeout` for the socket to have bytes (or its end) to read.
bool wait_readable(int sock, std::chrono::milliseconds timeout);

}  // namespace slidedb::serve
