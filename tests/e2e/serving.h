// `slidedb serve` in the background for an end-to-end test, and raw
// connections to it: what a browser, a program or an attacker sends.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <regex>
#include <string>
#include <thread>

#include <httplib.h>

#include "e2e.h"

namespace slidedb::e2e {

// Under AddressSanitizer a process's memory is not what it holds (shadow
// memory, freed blocks kept in quarantine), and its searches run several
// times slower: the server's bounds on memory and on its own time are
// checked in the plain build, its behaviour in both.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif
inline constexpr bool kMemoryMeasured = !kSanitized;

// `slidedb serve --port 0 ARGS` in `dir`, with `env` ("NAME=value ...")
// before it, until destroyed or stopped.
class Serving {
public:
    Serving(const TempDir& dir, const std::string& args, const std::string& env = "") {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            close(out[1]);
            if (chdir(dir.path().c_str()) != 0) _exit(127);
            const std::string cmd = "exec env " + env + " '" + SLIDEDB_BINARY + "' serve --port 0 " + args + " 2>'" +
                                    (dir / ".serve-err").string() + "'";
            execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(out[1]);
        FILE* f = fdopen(out[0], "r");
        char line[512] = {};
        if (f && std::fgets(line, sizeof line, f)) first_line_ = line;
        if (f) std::fclose(f);
        std::smatch m;
        if (std::regex_search(first_line_, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)"))) port_ = std::stoi(m[1]);
        err_path_ = (dir / ".serve-err").string();
    }
    ~Serving() {
        if (pid_ > 0 && status_ < 0) stop();
    }
    Serving(const Serving&) = delete;
    Serving& operator=(const Serving&) = delete;

    // SIGTERM, as a service manager stops it; the exit status.
    int stop() {
        kill(pid_, SIGTERM);
        int raw = 0;
        waitpid(pid_, &raw, 0);
        status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        return status_;
    }
    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    // Whether it still runs, and what it wrote to stderr: for a failure's
    // message, so a server gone is told from one that answered wrongly.
    std::string state() {
        if (status_ < 0) {
            int raw = 0;
            if (waitpid(pid_, &raw, WNOHANG) == pid_) status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        }
        return (status_ < 0 ? std::string("server running") : "server exited with " + std::to_string(status_)) +
               "; its stderr: " + slurp(err_path_);
    }
    const std::string& first_line() const { return first_line_; }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60);
        return c;
    }
    // The server's resident memory now, and at its largest, in bytes.
    std::uint64_t rss() const { return status_kib("VmRSS:") * 1024; }
    std::uint64_t peak_rss() const { return status_kib("VmHWM:") * 1024; }

private:
    std::uint64_t status_kib(const std::string& field) const {
        std::istringstream in(slurp("/proc/" + std::to_string(pid_) + "/status"));
        std::string line;
        while (std::getline(in, line))
            if (line.rfind(field, 0) == 0) return std::stoull(line.substr(field.size()));
        return 0;
    }
    pid_t pid_ = -1;
    int port_ = 0;
    int status_ = -1;
    std::string first_line_;
    std::string err_path_;
};

// A plain TCP connection to the server, for requests no HTTP client sends.
class RawConnection {
public:
    // receive_buffer: the socket's receive buffer, when not 0 (a client that
    // reads slowly, whose window stays small whatever the machine's TCP
    // settings).
    explicit RawConnection(int port, int receive_buffer = 0) {
        fd_ = socket(AF_INET, SOCK_STREAM, 0);
        if (receive_buffer > 0) setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            close(fd_);
            fd_ = -1;
        }
    }
    ~RawConnection() {
        if (fd_ >= 0) close(fd_);
    }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;
    bool open() const { return fd_ >= 0; }
    // False once the server has closed its side or reset it.
    bool send(const std::string& bytes) {
        return fd_ >= 0 && ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
    }
    // What the server sends until it closes, or until `seconds` pass.
    std::string receive(double seconds) {
        timeval tv{static_cast<time_t>(seconds), static_cast<suseconds_t>((seconds - static_cast<time_t>(seconds)) * 1e6)};
        setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        std::string out;
        char buf[4096];
        for (;;) {
            const ssize_t n = recv(fd_, buf, sizeof buf, 0);
            if (n <= 0) break;
            out.append(buf, static_cast<std::size_t>(n));
            if (out.find("\r\n\r\n") != std::string::npos && complete(out)) break;
        }
        return out;
    }

    // What one read gives within `seconds`, up to 4 KiB: an answer's head
    // without the rest of a long body.
    std::string receive_some(double seconds) {
        timeval tv{static_cast<time_t>(seconds), static_cast<suseconds_t>((seconds - static_cast<time_t>(seconds)) * 1e6)};
        setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        char buf[4096];
        const ssize_t n = recv(fd_, buf, sizeof buf, 0);
        return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
    }
    // Whether the server ends the connection within `seconds` (what it sends
    // before is passed over).
    bool ended(double seconds) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        char buf[4096];
        while (std::chrono::steady_clock::now() < until) {
            const ssize_t n = recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) return true;
            if (n < 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    }

private:
    // An answer with a Content-Length is whole once its body is in.
    static bool complete(const std::string& answer) {
        const std::size_t head = answer.find("\r\n\r\n");
        std::smatch m;
        const std::string headers = answer.substr(0, head);
        if (!std::regex_search(headers, m, std::regex("Content-Length: (\\d+)", std::regex::icase))) return false;
        return answer.size() >= head + 4 + std::stoull(m[1]);
    }
    int fd_ = -1;
};

// fogleman/rush's README example: 49 moves.
inline const std::string kFg =
    "BBBCDE\n"
    "FGGCDE\n"
    "F.AADE\n"
    "HHI...\n"
    ".JI.KK\n"
    ".JLLMM\n";

// Pieces on both sides of a wall on a 16x16 floor: billions of boards, so a
// search runs until its clock stops it.
inline std::string wide_blocks() {
    std::string start = "start\n", goal = "goal\n";
    for (int row = 0; row < 16; ++row) {
        std::string s = "........#.......", g = s;
        if (row == 0) s = "ABBC....#.FFGH..";
        if (row == 1) s = "DDEC....#.II....";
        if (row == 2) s = "DD......#.......";
        if (row == 15) g[15] = 'A';
        start += s + "\n";
        goal += g + "\n";
    }
    return start + goal;
}

// Percent-encoded for a URL or a form.
inline std::string url_encoded(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
            out += ch;
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// The status of an HTTP answer's first line, or 0.
inline int status_of(const std::string& answer) {
    std::smatch m;
    return std::regex_search(answer, m, std::regex(R"(^HTTP/1\.[01] (\d{3}))")) ? std::stoi(m[1]) : 0;
}

}  // namespace slidedb::e2e
