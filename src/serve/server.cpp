#include "serve/server.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "puzzle/html.h"
#include "puzzle/puzzle.h"
#include "report/escape.h"
#include "serve/app.h"
#include "serve/board_work.h"
#include "serve/connection_threads.h"
#include "serve/free_memory.h"
#include "serve/held_connections.h"
#include "serve/headers.h"
#include "serve/json.h"
#include "serve/layout.h"
#include "serve/puzzle_list.h"
#include "serve/same_origin.h"
#include "serve/url.h"
#include "store/database.h"
#include "store/query.h"
#include "solve/result.h"

namespace slidedb::serve {

bool is_loopback(const std::string& address) {
    if (address == "localhost" || address == "::1") return true;
    in_addr a{};
    if (inet_pton(AF_INET, address.c_str(), &a) == 1) return (ntohl(a.s_addr) >> 24) == 127;
    return false;
}

void WorkSlots::take() {
    std::lock_guard lock(mutex_);
    if (free_ == 0)
        throw HttpError(503, busy_, retry_seconds_);
    --free_;
}

void WorkSlots::give_back() {
    {
        std::lock_guard lock(mutex_);
        ++free_;
    }
    give_back_free_memory();
}

ListPage read_list_page(App& app, SQLite::Database& db, const ListFilter& f) {
    if (!deep_page(f)) return list_puzzles(db, f);
    const WorkSlot slot(app.statements);
    try {
        return list_puzzles(db, f, app.options.limits.sql_seconds);
    } catch (const QueryStopped& e) {
        throw QueryStopped(e.why, std::string(e.what()) + " (--sql-seconds); the pager's links read any page at once "
                                                          "from the rows beside it (after=, before=)");
    }
}

const std::string& text_body(const App& app, const httplib::Request& req) {
    if (req.body.size() > app.options.limits.text_bytes)
        throw HttpError(413, fmt::format("the body is {} bytes; text is taken up to {} bytes", req.body.size(),
                                         app.options.limits.text_bytes));
    return req.body;
}

void body_reply(httplib::Response& res, std::string body, const std::string& content_type) {
    // What httplib's set_content does, with a move.
    res.body = std::move(body);
    res.headers.erase("Content-Type");
    res.set_header("Content-Type", content_type);
}

void json_reply(httplib::Response& res, std::string json, int status) {
    res.status = status;
    body_reply(res, std::move(json), "application/json; charset=utf-8");
}

void html_reply(httplib::Response& res, std::string html, int status) {
    res.status = status;
    body_reply(res, std::move(html), "text/html; charset=utf-8");
}

namespace {

// A refusal quotes what it refuses (a move, a line): a megabyte of it is
// cut to its first 400 bytes, at a character's start.
std::string quoted_short(const std::string& message) {
    constexpr std::size_t kMost = 400;
    if (message.size() <= kMost) return message;
    std::size_t end = kMost;
    while (end > 0 && (static_cast<unsigned char>(message[end]) & 0xC0) == 0x80) --end;
    return message.substr(0, end) + fmt::format("\u2026 ({} bytes in all)", message.size());
}

}  // namespace

void error_reply(const httplib::Request& req, httplib::Response& res, int status, const std::string& whole) {
    const std::string message = quoted_short(whole);
    if (req.path.rfind("/api/", 0) == 0) {
        json_reply(res, error_json(message), status);
        return;
    }
    html_reply(res,
               page_html(fmt::format("Error {}", status),
                         fmt::format("<h1>Error {}</h1><p class=\"error\">{}</p><p><a href=\"/\">Home</a></p>", status,
                                     html_escape(message))),
               status);
}

Router::Handler Router::wrap(Handler h) const {
    return [this, h = std::move(h)](const httplib::Request& req, httplib::Response& res) {
        const HeldConnections::Answering answering;  // never let go meanwhile
        try {
            h(req, res);
        } catch (const HttpError& e) {
            if (e.retry_after > 0) res.set_header("Retry-After", std::to_string(e.retry_after));
            error_reply(req, res, e.status, e.what());
        } catch (const SearchRefused& e) {
            error_reply(req, res, 503, e.what());
        } catch (const BadRequest& e) {
            error_reply(req, res, 400, e.what());
        } catch (const PuzzleError& e) {
            error_reply(req, res, 400, e.what());
        } catch (const QueryStopped& e) {
            error_reply(req, res, 503, e.what());
        } catch (const StoreError& e) {
            // SQLite's reason for user SQL (a refused write, a syntax error).
            error_reply(req, res, 400, e.what());
        } catch (const std::bad_alloc&) {
            error_reply(req, res, 503, "out of memory for this request");
        } catch (const std::exception& e) {
            error_reply(req, res, 500, e.what());
        }
        hold_answer(req, res);
    };
}

// An answer past a body's own bytes (a download, a long page of the SQL
// box) draws on the body budget until it is written: 40 clients reading a
// 30 MB download a few bytes at a time held 712 MB, and would hold it as
// long as they kept reading.
void Router::hold_answer(const httplib::Request& req, httplib::Response& res) const {
    if (res.body.size() <= kOwnBodyBytes) return;
    auto hold = std::make_unique<BodyBudget::Hold>(bodies_, HeldConnections::current_socket());
    if (hold->grow_to(res.body.size())) {
        HeldConnections::hold_answer(std::move(hold));
        return;
    }
    std::string().swap(res.body);
    give_back_free_memory();
    budget_spent(req, res);
}

void Router::budget_spent(const httplib::Request& req, httplib::Response& res) const {
    error_reply(req, res, 503,
                fmt::format("the server holds {} MiB of bodies being received and answers being sent, all it "
                            "takes at once (--max-held-mb), none of them idle for --held-idle-seconds; try again in "
                            "a moment",
                            bodies_.shared() >> 20));
    res.set_header("Retry-After", "1");
}

void Router::get(const std::string& pattern, Handler h) {
    routes_.emplace_back("GET", std::regex(pattern));
    server_.Get(pattern, wrap(std::move(h)));
}

void Router::post(const std::string& pattern, Handler h) {
    routes_.emplace_back("POST", std::regex(pattern));
    // The body is read here, a chunk at a time, and refused as soon as it
    // passes its limit: text's, or a picture's when its first bytes are a
    // picture's. Nothing larger is ever held, chunked or not.
    Handler handle = wrap(std::move(h));
    server_.Post(pattern, [this, handle](const httplib::Request& req, httplib::Response& res,
                                         const httplib::ContentReader& content) {
        if (req.is_multipart_form_data()) {
            error_reply(req, res, 415, "send the file's bytes as the body, not a multipart form");
            res.set_header("Connection", "close");
            return;
        }
        std::string body;
        std::size_t limit = limits_.text_bytes;
        bool over = false, crowded = false;
        BodyBudget::Hold hold(bodies_, HeldConnections::current_socket());  // until the request is answered
        const std::size_t most = std::max(limits_.text_bytes, limits_.image_bytes);
        // Digits, judged before (length_refusal()).
        const std::uint64_t declared =
            req.has_header("Content-Length") ? std::stoull(req.get_header_value("Content-Length")) : 0;
        const std::size_t stated = std::min<std::uint64_t>(declared, most);
        const bool whole = content([&](const char* data, std::size_t n) {
            over = body.size() + n > most;
            if (over) return false;
            // A stated length is reserved in one step, its pages taken as
            // bytes come, and drawn as they come: holding the budget takes
            // sending it. A chunked body grows by doubling, each step drawn
            // first, with the old buffer it is copied from.
            if (body.size() + n > body.capacity()) {
                if (stated >= body.size() + n) {
                    body.reserve(stated);
                } else {
                    const std::size_t room = std::max(body.size() + n, std::min(2 * body.capacity(), limit));
                    crowded = !hold.grow_to(room + body.capacity());
                    if (crowded) return false;
                    body.reserve(room);
                    hold.shrink_to(room);
                }
            }
            crowded = !hold.grow_to(body.size() + n);
            if (crowded) return false;
            body.append(data, n);
            if (limit == limits_.text_bytes && is_picture_bytes(body)) limit = limits_.image_bytes;
            over = body.size() > limit;
            return !over;
        });
        if (whole) hold.whole();
        if (!whole && !over) over = declared > limit;  // httplib skipped it unread
        // A refused body is let go at once, and a large one's pages given
        // back: refusals come in floods.
        auto let_go = [&] {
            const bool large = body.capacity() > kOwnBodyBytes;
            std::string().swap(body);
            if (large) give_back_free_memory();
        };
        // Refused before the end its Content-Length gives: the rest is read
        // and dropped. (A chunked body, of no known end, is just let go.)
        if (!whole && declared > body.size()) HeldConnections::drain_before_close(declared - body.size());
        if (crowded) {
            let_go();
            budget_spent(req, res);
            res.set_header("Connection", "close");
            return;
        }
        if (over || !whole) {
            const bool picture = is_picture_bytes(body);
            let_go();
            if (!over)
                error_reply(req, res, 400, "the body ended before the length it gave");
            else if (picture)
                error_reply(req, res, 413,
                            fmt::format("the picture is larger than {} bytes (--max-image-mb)", limits_.image_bytes));
            else
                error_reply(req, res, 413,
                            fmt::format("the body is larger than {} bytes: text is taken up to {} bytes "
                                        "(--max-text-mb), PNG and JPEG pictures up to {} (--max-image-mb)",
                                        limit, limits_.text_bytes, limits_.image_bytes));
            res.set_header("Connection", "close");
            return;
        }
        // httplib's request is the connection's own, not const: it takes the body read.
        const_cast<httplib::Request&>(req).body = std::move(body);
        handle(req, res);
    });
}

std::string Router::methods_for(const std::string& path) const {
    std::string out;
    for (const auto& [method, re] : routes_)
        if (std::regex_match(path, re) && out.find(method) == std::string::npos)
            out += (out.empty() ? "" : ", ") + method + (method == "GET" ? ", HEAD" : "");
    return out;
}

bool Router::takes_body(const std::string& method, const std::string& path) const {
    return std::any_of(routes_.begin(), routes_.end(), [&](const auto& route) {
        return route.first == "POST" && method == "POST" && std::regex_match(path, route.second);
    });
}

struct Server::Impl {
    explicit Impl(Options o) : app(std::move(o)), router(http, app.options.limits) {}
    App app;
    HoldingServer http;
    Router router;
    int port = 0;
    int listener = -1;  // the listening socket, once bound
    std::unique_ptr<SameOrigin> origin;  // made once the port is known
};

// A body's stated length, judged before a byte of it is read: one
// Content-Length of digits, not far past the largest body taken. Anything
// else would have the connection wait for bytes that never come, or read a
// huge body only to refuse it.
static int length_refusal(const httplib::Request& req, const Limits& limits, std::string& why) {
    const std::size_t count = req.get_header_value_count("Content-Length");
    if (count == 0) return 0;
    const std::string length = req.get_header_value("Content-Length");
    if (count > 1 || length.empty() || length.size() > 18 ||
        length.find_first_not_of("0123456789") != std::string::npos) {
        why = "the request's Content-Length is not one number";
        return 400;
    }
    // Up to twice the largest body, the bytes are read and dropped, so a
    // client that sends its whole body before reading an answer (most
    // libraries) sees the 413; past that, the answer comes at once and the
    // connection ends.
    const std::size_t largest = std::max(limits.image_bytes, limits.text_bytes);
    if (std::stoull(length) <= 2 * largest) return 0;
    why = fmt::format("the body is {} bytes: board text and SQL are taken up to {} bytes (--max-text-mb), PNG "
                      "and JPEG pictures up to {} (--max-image-mb)",
                      length, limits.text_bytes, limits.image_bytes);
    return 413;
}

// A body is read by a POST route only, a chunk at a time within the
// budget. httplib would read any other request's whole into memory first
// (10 MiB a connection, outside the budget) and unpack a compressed one
// without limit, so those are refused before a byte of the body is read:
// a compressed body anywhere, and a body where no route reads one. A
// request that gives neither a length nor chunks has no body (RFC 9112,
// 6.3), rather than one read until the connection ends. `req` is the
// connection's own, not const: it is told so. Judged after
// length_refusal(), so a Content-Length is one number.
static int body_refusal(const httplib::Request& req, const Router& router, std::string& why, std::string& allow) {
    if (req.has_header("Content-Encoding")) {
        why = "a request's body is taken as it is sent, not packed (Content-Encoding)";
        return 415;
    }
    const bool length = req.has_header("Content-Length"), chunked = req.has_header("Transfer-Encoding");
    if (chunked && (length || req.get_header_value_count("Transfer-Encoding") != 1 ||
                    lower_ascii(req.get_header_value("Transfer-Encoding")) != "chunked")) {
        why = "a body is sent with one Content-Length or as chunks (Transfer-Encoding: chunked), not both or other";
        return 400;
    }
    if (!length && !chunked) {
        const_cast<httplib::Request&>(req).set_header("Content-Length", "0");
        return 0;
    }
    if ((length && std::stoull(req.get_header_value("Content-Length")) == 0) || router.takes_body(req.method, req.path))
        return 0;
    const std::string methods = router.methods_for(req.path);
    if (methods.empty()) {
        why = fmt::format("nothing at {}", req.path);
        return 404;
    }
    if (req.method == "GET" || req.method == "HEAD" || methods.find(req.method) != std::string::npos) {
        why = fmt::format("{} {} takes no body", req.method, req.path);
        return 400;
    }
    why = fmt::format("{} is not answered for {}; use {}", req.method, req.path, methods);
    allow = methods;
    return 405;
}

// A NUL byte in a URL's parameter (%00) would cut every message that
// quotes it where it stands ("move 'GL1"): refused, named.
static int parameter_refusal(const httplib::Request& req, std::string& why) {
    for (const auto& [name, value] : req.params)
        if (name.find('\0') != std::string::npos || value.find('\0') != std::string::npos) {
            why = nul_refusal(visible_line(name.substr(0, 40)));
            return 400;
        }
    return 0;
}

// A header name with a blank in it ("Content-Length : 5") is one httplib
// keeps under that name and nothing reads: its body would then be taken
// for a request. RFC 9112 5.1: refused.
static int header_refusal(const httplib::Request& req, std::string& why) {
    for (const auto& [name, value] : req.headers)
        if (name.find_first_of(" \t") != std::string::npos) {
            why = fmt::format("a header's name has a blank in it (\"{}\")", visible_line(name.substr(0, 40)));
            return 400;
        }
    return 0;
}

// A target in absolute form ("GET http://127.0.0.1:8080/api/puzzles", as a
// proxy sends it) names its host, which stands for the Host header (RFC
// 9112 3.2.2), and its path, which is routed: before, nothing was found.
static void absolute_form(httplib::Request& req) {
    constexpr std::string_view scheme = "http://";
    if (!lower_ascii(req.path.substr(0, scheme.size())).starts_with(scheme)) return;
    const std::size_t slash = req.path.find('/', scheme.size());
    const std::string authority = req.path.substr(scheme.size(), slash - scheme.size());
    req.path = slash == std::string::npos ? "/" : req.path.substr(slash);
    req.headers.erase("Host");
    req.headers.emplace("Host", authority);
}

// Connections answered at once; a thread each, most of them idle or slow.
constexpr int kConnections = 512;
// Connections waiting to be accepted (httplib's own backlog is 5).
constexpr int kBacklog = 512;

Server::Server(Options options) {
    // Fails here, with the path, rather than on the first request.
    open_database(options.db, Access::ReadOnly);
    options.jobs = std::max(1, options.jobs);
    // Statements of the SQL box hold SQLite's memory (a group_concat of
    // large values): four held 6.6 GB. All of them together now stop at this.
    limit_sqlite_memory(options.limits.sql_memory);
    impl_ = std::make_unique<Impl>(std::move(options));
    Impl& impl = *impl_;
    App& app = impl.app;
    httplib::Server& http = impl.http;
    http.new_task_queue = [] { return new ConnectionThreads(kConnections); };
    // Only SO_REUSEADDR: httplib's default adds SO_REUSEPORT, which lets a
    // second server bind the same port and take half its connections.
    http.set_socket_options([&impl](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        impl.listener = sock;
    });
    http.set_payload_max_length(std::max(app.options.limits.image_bytes, app.options.limits.text_bytes));
    // A client silent this long between two reads, or unable to take an
    // answer, is dropped; an idle keep-alive connection after 5 s.
    http.set_read_timeout(5);
    http.set_write_timeout(10);
    http.set_keep_alive_timeout(5);
    http.set_keep_alive_max_count(100);
    // Host and Origin, the head's framing and parameters, before routing
    // and before a body is read: the refusal's status, its answer in res.
    const auto refusal = [&impl](const httplib::Request& req, httplib::Response& res) {
        absolute_form(const_cast<httplib::Request&>(req));  // the connection's own request; judged by its host
        std::string why, allow;
        int status = header_refusal(req, why);
        if (status == 0 && impl.origin) status = impl.origin->refuse(req, why);
        if (status == 0) status = length_refusal(req, impl.app.options.limits, why);
        if (status == 0) status = body_refusal(req, impl.router, why, allow);
        if (status == 0) status = parameter_refusal(req, why);
        if (status == 0) return 0;
        error_reply(req, res, status, why);
        if (!allow.empty()) res.set_header("Allow", allow);
        res.set_header("Connection", "close");
        return status;
    };
    http.set_pre_routing_handler([refusal](const httplib::Request& req, httplib::Response& res) {
        // Every answer is sent whole: httplib would copy it once for each
        // range asked (bytes=0-,0-,...), outside the answers' budget.
        const_cast<httplib::Request&>(req).ranges.clear();
        return refusal(req, res) == 0 ? httplib::Server::HandlerResponse::Unhandled
                                      : httplib::Server::HandlerResponse::Handled;
    });
    // "Expect: 100-continue" is answered before routing: a body refused from
    // the head is refused then, not invited first (100) and refused after.
    http.set_expect_100_continue_handler([refusal](const httplib::Request& req, httplib::Response& res) {
        const int status = refusal(req, res);
        if (status == 0) return 100;
        add_security_headers(res);
        return status;
    });
    add_pages(app, impl.router);
    add_api(app, impl.router);
    // Every answer, the error pages and refusals included.
    http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) { add_security_headers(res); });
    // Called as each answer is written, httplib's own refusals (a request
    // line it cannot read) included: a refusal ends its connection, so what
    // follows it (the rest of a refused body, or a request hidden in one)
    // is never read as a request of its own. Before, it was: a page of
    // another site had a POST refused with 403 and the board in its body,
    // framed as a second request, saved.
    http.set_logger([](const httplib::Request&, const httplib::Response& res) {
        const bool framing = res.status == 400 || res.status == 413 || res.status == 414 || res.status == 431;
        if (framing || res.get_header_value("Connection") == "close") HeldConnections::close_after_answer();
    });
    const Router& router = impl_->router;
    const Limits limits = app.options.limits;
    http.set_error_handler([&router, limits](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;  // a handler's own answer
        std::string message;
        if (res.status == 404) {
            const std::string methods = router.methods_for(req.path);
            if (!methods.empty()) {
                res.status = 405;
                res.set_header("Allow", methods);
                message = fmt::format("{} is not answered for {}; use {}", req.method, req.path, methods);
            } else {
                message = fmt::format("nothing at {}", req.path);
            }
        } else if (res.status == 413) {
            message = fmt::format("the body is too large: pictures up to {} bytes, text up to {} bytes",
                                  limits.image_bytes, limits.text_bytes);
        } else if (res.status == 400) {
            message = "the request is malformed";
        } else {
            message = fmt::format("the request was refused (HTTP {})", res.status);
        }
        error_reply(req, res, res.status, message);
    });
    http.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr) {
        error_reply(req, res, 500, "the request failed");
    });
}

Server::~Server() = default;

namespace {

// Why `bind` of the address and port failed, asked of a socket of our own:
// httplib says only that it did.
std::string bind_failure(const std::string& address, int port) {
    addrinfo hints{}, *found = nullptr;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    if (getaddrinfo(address.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found)
        return fmt::format("cannot listen on {}: no such address", address);
    int error = 0;
    const int sock = socket(found->ai_family, found->ai_socktype, found->ai_protocol);
    if (sock >= 0) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(sock, found->ai_addr, found->ai_addrlen) != 0) error = errno;
        close(sock);
    }
    freeaddrinfo(found);
    if (error == EADDRINUSE) return fmt::format("port {} is in use", port);
    if (error == EACCES) return fmt::format("port {} needs privileges to listen on", port);
    if (error == EADDRNOTAVAIL) return fmt::format("cannot listen on {}: not an address of this machine", address);
    return fmt::format("cannot listen on {} port {}", address, port);
}

}  // namespace

int Server::bind() {
    const Options& o = impl_->app.options;
    if (o.port == 0) {
        impl_->port = impl_->http.bind_to_any_port(o.bind);
        if (impl_->port < 0) impl_->port = 0;
    } else if (impl_->http.bind_to_port(o.bind, o.port)) {
        impl_->port = o.port;
    }
    if (impl_->port <= 0) throw BindError(bind_failure(o.bind, o.port));
    // A longer queue of connections not yet accepted than httplib's own.
    if (impl_->listener >= 0) ::listen(impl_->listener, kBacklog);
    impl_->origin = std::make_unique<SameOrigin>(o.bind, o.allow_hosts, impl_->port);
    return impl_->port;
}

bool Server::run() {
    impl_->http.accept_until_stopped(impl_->listener);
    return ConnectionThreads::running() == 0;
}

void Server::stop() { impl_->http.stop_accepting(); }

std::string Server::address() const {
    const std::string& host = impl_->app.options.bind;
    return host.find(':') != std::string::npos ? fmt::format("http://[{}]:{}/", host, impl_->port)
                                               : fmt::format("http://{}:{}/", host, impl_->port);
}

}  // namespace slidedb::serve
