// What every request handler shares: the options, the read-only
// connections, the slots for searches and the one writer.
#pragma once

#include <algorithm>
#include <functional>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <httplib.h>

#include "serve/body_budget.h"
#include "serve/connection_pool.h"
#include "serve/options.h"
#include "serve/puzzle_list.h"

namespace slidedb::serve {

// A refusal with its HTTP status; the message goes to the client as it is.
// retry_after: seconds a client should wait before asking again (503), or 0.
struct HttpError : std::runtime_error {
    HttpError(int s, const std::string& what, int retry = 0) : std::runtime_error(what), status(s), retry_after(retry) {}
    int status;
    int retry_after;
};

// At most `n` of one kind of costly work at once (--jobs), whatever the
// number of connections: searches, and apart from them statements (the SQL
// box, the reports); each holds a core and memory for up to its time limit.
// A request that finds every slot taken is refused at once (503,
// Retry-After) rather than queued, so no connection waits behind work it
// cannot see.
class WorkSlots {
public:
    // `busy`: the refusal's message.
    WorkSlots(int n, int retry_seconds, std::string busy)
        : free_(n), retry_seconds_(retry_seconds), busy_(std::move(busy)) {}
    // Throws HttpError 503 when every slot is taken.
    void take();
    // Frees the slot and gives what the search freed back to the system.
    void give_back();

private:
    std::mutex mutex_;
    int free_;
    int retry_seconds_;
    std::string busy_;
};

class WorkSlot {
public:
    explicit WorkSlot(WorkSlots& slots) : slots_(slots) { slots_.take(); }
    ~WorkSlot() { slots_.give_back(); }
    WorkSlot(const WorkSlot&) = delete;
    WorkSlot& operator=(const WorkSlot&) = delete;

private:
    WorkSlots& slots_;
};

struct App {
    explicit App(Options o)
        : options(std::move(o)),
          pool(options.db, options.limits.result_bytes),
          searches(options.jobs, std::max(1, static_cast<int>(options.limits.solve_seconds / 2)),
                   "every search slot is busy (--jobs); try again in a moment"),
          statements(options.jobs, std::max(1, static_cast<int>(options.limits.sql_seconds / 2)),
                     "every statement slot is busy (--jobs statements at once); try again in a moment") {}
    Options options;
    ConnectionPool pool;
    WorkSlots searches;
    WorkSlots statements;
    std::mutex writer;  // one Save at a time
};

// The request's body as text, refused (413) past the text limit.
const std::string& text_body(const App& app, const httplib::Request& req);

// A page of the puzzle list. A deep page asked for by number (deep_page())
// reads in a statement slot (503 when every one is busy) and within
// --sql-seconds (503 past it), as the SQL box's statements do; pages read
// from a cursor, and the first pages, need neither.
ListPage read_list_page(App& app, SQLite::Database& db, const ListFilter& f);

void json_reply(httplib::Response& res, std::string json, int status = 200);
void html_reply(httplib::Response& res, std::string html, int status = 200);
// The body moved in, not copied: a download of 30 MB is held once.
void body_reply(httplib::Response& res, std::string body, const std::string& content_type);

// Registers routes on the server, each handler wrapped so that what it
// throws becomes an answer (HttpError its status, a bad board 400, a
// statement past its time 503, anything else 500) in the route's kind: JSON
// under /api/, a page elsewhere. Remembers the routes, so that a path known
// for another method answers 405, not 404.
class Router {
public:
    using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;
    Router(httplib::Server& server, const Limits& limits)
        : server_(server),
          limits_(limits),
          bodies_(kOwnBodyBytes, limits.held_bytes,
                  std::chrono::milliseconds(static_cast<std::int64_t>(limits.held_idle_seconds * 1000))) {}
    // What any one body may hold without drawing on the shared budget: a
    // board's text or a statement, many times over.
    static constexpr std::size_t kOwnBodyBytes = 64 * 1024;
    void get(const std::string& pattern, Handler h);
    void post(const std::string& pattern, Handler h);
    // The methods that have a route for the path ("GET, HEAD, POST"); "" for none.
    std::string methods_for(const std::string& path) const;
    // Whether a route reads a body for the method and path (a POST's).
    bool takes_body(const std::string& method, const std::string& path) const;

private:
    Handler wrap(Handler h) const;
    // An answer past kOwnBodyBytes takes its room in bodies_ until written, or becomes a 503.
    void hold_answer(const httplib::Request& req, httplib::Response& res) const;
    // The 503 of a body past the budget, either way.
    void budget_spent(const httplib::Request& req, httplib::Response& res) const;
    httplib::Server& server_;
    Limits limits_;  // of a POST's body
    mutable BodyBudget bodies_;  // what bodies hold at once, requests' and answers'
    std::vector<std::pair<std::string, std::regex>> routes_;  // method, pattern
};

// An error as the path's kind of answer: {"error": ...} or a page.
void error_reply(const httplib::Request& req, httplib::Response& res, int status, const std::string& message);

// The routes: pages (pages.cpp) and the JSON API (api.cpp).
void add_pages(App& app, Router& router);
void add_api(App& app, Router& router);

}  // namespace slidedb::serve
