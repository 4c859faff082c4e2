#include "serve/server.h"

#include <arpa/inet.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "puzzle/html.h"
#include "puzzle/puzzle.h"
#include "serve/app.h"
#include "serve/headers.h"
#include "serve/json.h"
#include "serve/layout.h"
#include "serve/puzzle_list.h"
#include "store/database.h"
#include "store/query.h"

namespace slidedb::serve {

bool is_loopback(const std::string& address) {
    if (address == "localhost" || address == "::1") return true;
    in_addr a{};
    if (inet_pton(AF_INET, address.c_str(), &a) == 1) return (ntohl(a.s_addr) >> 24) == 127;
    return false;
}

void SearchSlots::take(std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    if (!freed_.wait_for(lock, wait, [&] { return free_ > 0; }))
        throw HttpError(503, "every search slot is busy; try again in a moment");
    --free_;
}

void SearchSlots::give_back() {
    {
        std::lock_guard lock(mutex_);
        ++free_;
    }
    freed_.notify_one();
}

const std::string& text_body(const App& app, const httplib::Request& req) {
    if (req.body.size() > app.options.limits.text_bytes)
        throw HttpError(413, fmt::format("the body is {} bytes; text is taken up to {} bytes", req.body.size(),
                                         app.options.limits.text_bytes));
    return req.body;
}

void json_reply(httplib::Response& res, const std::string& json, int status) {
    res.status = status;
    res.set_content(json, "application/json; charset=utf-8");
}

void html_reply(httplib::Response& res, const std::string& html, int status) {
    res.status = status;
    res.set_content(html, "text/html; charset=utf-8");
}

void error_reply(const httplib::Request& req, httplib::Response& res, int status, const std::string& message) {
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
    return [h = std::move(h)](const httplib::Request& req, httplib::Response& res) {
        try {
            h(req, res);
        } catch (const HttpError& e) {
            error_reply(req, res, e.status, e.what());
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
    };
}

void Router::get(const std::string& pattern, Handler h) {
    routes_.emplace_back("GET", std::regex(pattern));
    server_.Get(pattern, wrap(std::move(h)));
}

void Router::post(const std::string& pattern, Handler h) {
    routes_.emplace_back("POST", std::regex(pattern));
    server_.Post(pattern, wrap(std::move(h)));
}

std::string Router::methods_for(const std::string& path) const {
    std::string out;
    for (const auto& [method, re] : routes_)
        if (std::regex_match(path, re) && out.find(method) == std::string::npos)
            out += (out.empty() ? "" : ", ") + method;
    return out;
}

struct Server::Impl {
    explicit Impl(Options o) : app(std::move(o)), router(http) {}
    App app;
    httplib::Server http;
    Router router;
    int port = 0;
    // A stop asked for before the server runs (a signal right after the
    // address is printed) must still end run(): httplib's stop() does
    // nothing until its loop is running.
    std::atomic<bool> stop_asked{false};
    std::atomic<bool> run_over{false};
};

Server::Server(Options options) {
    // Fails here, with the path, rather than on the first request.
    open_database(options.db, Access::ReadOnly);
    options.jobs = std::max(1, options.jobs);
    impl_ = std::make_unique<Impl>(std::move(options));
    App& app = impl_->app;
    httplib::Server& http = impl_->http;
    const int threads = app.options.jobs;
    // A fixed number of threads; further connections wait for one.
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    http.set_payload_max_length(std::max(app.options.limits.image_bytes, app.options.limits.text_bytes));
    http.set_read_timeout(10);
    http.set_write_timeout(10);
    http.set_keep_alive_max_count(100);
    add_pages(app, impl_->router);
    add_api(app, impl_->router);
    // Every answer, the error pages and refusals included.
    http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) { add_security_headers(res); });
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

int Server::bind() {
    const Options& o = impl_->app.options;
    if (o.port == 0) {
        impl_->port = impl_->http.bind_to_any_port(o.bind);
        if (impl_->port < 0) impl_->port = 0;
    } else if (impl_->http.bind_to_port(o.bind, o.port)) {
        impl_->port = o.port;
    }
    if (impl_->port <= 0)
        throw std::runtime_error(fmt::format("cannot listen on {} port {}", o.bind, o.port));
    return impl_->port;
}

void Server::run() {
    if (!impl_->stop_asked) impl_->http.listen_after_bind();
    impl_->run_over = true;
}

void Server::stop() {
    impl_->stop_asked = true;
    // run() either saw the request and returned, or is starting its loop:
    // wait for one or the other.
    while (!impl_->http.is_running() && !impl_->run_over)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    impl_->http.stop();
}

std::string Server::address() const {
    const std::string& host = impl_->app.options.bind;
    return host.find(':') != std::string::npos ? fmt::format("http://[{}]:{}/", host, impl_->port)
                                               : fmt::format("http://{}:{}/", host, impl_->port);
}

}  // namespace slidedb::serve
