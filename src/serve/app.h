// What every request handler shares: the options, the read-only
// connections, the slots for searches and the one writer.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <httplib.h>

#include "serve/connection_pool.h"
#include "serve/options.h"

namespace slidedb::serve {

// A refusal with its HTTP status; the message goes to the client as it is.
struct HttpError : std::runtime_error {
    HttpError(int s, const std::string& what) : std::runtime_error(what), status(s) {}
    int status;
};

// At most `n` searches at once, whatever the number of requests: a search
// holds memory, and the threads answering pages must stay free.
class SearchSlots {
public:
    explicit SearchSlots(int n) : free_(n) {}
    // Waits up to `wait` for a slot; throws HttpError 503 when none frees up.
    void take(std::chrono::milliseconds wait);
    void give_back();

private:
    std::mutex mutex_;
    std::condition_variable freed_;
    int free_;
};

class SearchSlot {
public:
    SearchSlot(SearchSlots& slots, std::chrono::milliseconds wait) : slots_(slots) { slots_.take(wait); }
    ~SearchSlot() { slots_.give_back(); }
    SearchSlot(const SearchSlot&) = delete;
    SearchSlot& operator=(const SearchSlot&) = delete;

private:
    SearchSlots& slots_;
};

struct App {
    explicit App(Options o) : options(std::move(o)), pool(options.db), searches(options.jobs) {}
    Options options;
    ConnectionPool pool;
    SearchSlots searches;
    std::mutex writer;  // one Save at a time
};

// The request's body as text, refused (413) past the text limit.
const std::string& text_body(const App& app, const httplib::Request& req);

void json_reply(httplib::Response& res, const std::string& json, int status = 200);
void html_reply(httplib::Response& res, const std::string& html, int status = 200);

// Registers routes on the server, each handler wrapped so that what it
// throws becomes an answer (HttpError its status, a bad board 400, a
// statement past its time 503, anything else 500) in the route's kind: JSON
// under /api/, a page elsewhere. Remembers the routes, so that a path known
// for another method answers 405, not 404.
class Router {
public:
    using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;
    explicit Router(httplib::Server& server) : server_(server) {}
    void get(const std::string& pattern, Handler h);
    void post(const std::string& pattern, Handler h);
    // The methods that have a route for the path ("GET, POST"); "" for none.
    std::string methods_for(const std::string& path) const;

private:
    Handler wrap(Handler h) const;
    httplib::Server& server_;
    std::vector<std::pair<std::string, std::regex>> routes_;  // method, pattern
};

// An error as the path's kind of answer: {"error": ...} or a page.
void error_reply(const httplib::Request& req, httplib::Response& res, int status, const std::string& message);

// The routes: pages (pages.cpp) and the JSON API (api.cpp).
void add_pages(App& app, Router& router);
void add_api(App& app, Router& router);

}  // namespace slidedb::serve
