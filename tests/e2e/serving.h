// `slidedb serve` started for a test on a free port of 127.0.0.1, stopped
// (SIGTERM) when destroyed.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <regex>
#include <stdexcept>
#include <string>

#include <httplib.h>

#include "e2e.h"

namespace slidedb::e2e {

class Server {
public:
    Server(const TempDir& dir, const std::string& args) {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            close(out[1]);
            if (chdir(dir.path().c_str()) != 0) _exit(127);
            const std::string cmd = std::string("exec '") + SLIDEDB_BINARY + "' serve --port 0 " + args + " 2>'" +
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
    }
    ~Server() {
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            int raw = 0;
            waitpid(pid_, &raw, 0);
        }
    }
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    int port() const { return port_; }
    const std::string& first_line() const { return first_line_; }
    // A client that speaks as the server's own pages do: its origin on
    // every request.
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60);
        c.set_default_headers({{"Origin", "http://127.0.0.1:" + std::to_string(port_)}});
        return c;
    }

private:
    pid_t pid_ = -1;
    int port_ = 0;
    std::string first_line_;
};

}  // namespace slidedb::e2e
