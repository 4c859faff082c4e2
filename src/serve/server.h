// `slidedb serve`: the database as a local web app.
//
// An HTTP server (cpp-httplib) on a fixed pool of threads: pages to browse,
// play, edit and ask the database, and the JSON API under them (README,
// "serve"). Pages and the API read through read-only connections; only Save
// writes, and --read-only turns it off. Every request stays within the
// limits of Options; past one it gets a 4xx or 503 with a message, and the
// server goes on serving.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "serve/options.h"

namespace slidedb::serve {

// "port 8080 is in use", "cannot listen on 10.9.9.9: not an address of this machine".
struct BindError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Server {
public:
    // Checks the database opens for reading. Throws StoreError.
    explicit Server(Options options);
    ~Server();

    // Binds the address; the port chosen when Options::port is 0. Throws
    // BindError, saying why, when the address cannot be bound.
    int bind();
    // Answers requests until stop(). Returns true once the last connection
    // is closed; false when some were still open half a second after stop()
    // (a search, a client that keeps its connection): the caller ends the
    // process without them.
    bool run();
    // From any thread (a signal watcher): stops accepting and ends run().
    void stop();

    // "http://127.0.0.1:8080/"
    std::string address() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace slidedb::serve
