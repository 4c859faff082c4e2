#include "serve/same_origin.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "serve/url.h"

namespace slidedb::serve {

namespace {

// An address as a Host header writes it: IPv6 in brackets.
std::string as_host(std::string_view address) {
    std::string out(address);
    if (address.find(':') != std::string_view::npos && !address.starts_with('[')) {
        out.insert(out.begin(), '[');
        out.push_back(']');
    }
    return out;
}

}  // namespace

SameOrigin::SameOrigin(const std::string& bind, const std::vector<std::string>& more, int port)
    : names_{"127.0.0.1", "localhost", "[::1]"}, port_(port) {
    // A wildcard address is no name anybody asks by: those come with --allow-host.
    if (bind != "0.0.0.0" && bind != "::") names_.push_back(lower_ascii(as_host(bind)));
    for (const std::string& m : more) names_.push_back(lower_ascii(as_host(m)));
}

std::string SameOrigin::host_name(std::string_view host) {
    if (host.starts_with('[')) {
        const auto close = host.find(']');
        return lower_ascii(close == std::string_view::npos ? host : host.substr(0, close + 1));
    }
    return lower_ascii(host.substr(0, host.find(':')));
}

bool SameOrigin::ours(std::string_view name) const {
    return std::find(names_.begin(), names_.end(), name) != names_.end();
}

bool SameOrigin::our_origin(std::string_view origin) const {
    // "http://name[:port]", exactly: no path, no other scheme.
    constexpr std::string_view scheme = "http://";
    if (!origin.starts_with(scheme)) return false;
    const std::string_view rest = origin.substr(scheme.size());
    const std::string name = host_name(rest);
    if (name.empty() || !ours(name)) return false;
    const std::string_view after = rest.substr(name.size());
    const std::string port = after.empty() ? "80" : std::string(after.substr(1));
    return (after.empty() || after.front() == ':') && port == std::to_string(port_);
}

bool SameOrigin::from_another_site(const httplib::Request& req) {
    const std::string site = lower_ascii(req.get_header_value("Sec-Fetch-Site"));
    return site == "cross-site" || site == "same-site";
}

int SameOrigin::refuse(const httplib::Request& req, std::string& why) const {
    const std::string host = req.get_header_value("Host");
    const std::string name = host_name(host);
    // "name" or "name:port", nothing after: "[::1]evil" and "localhost:80@evil" are no Host of ours.
    const std::string_view after = std::string_view(host).substr(std::min(name.size(), host.size()));
    const bool port_only = after.empty() || (after.size() >= 2 && after.size() <= 6 && after.front() == ':' &&
                                             std::all_of(after.begin() + 1, after.end(), [](char c) {
                                                 return c >= '0' && c <= '9';
                                             }));
    if (req.get_header_value_count("Host") != 1 || !port_only || !ours(name)) {
        why = fmt::format("this server answers to 127.0.0.1, localhost and the names given with --allow-host, not "
                          "to \"{}\"",
                          host.substr(0, 100));
        return 421;
    }
    if (req.method != "POST") {
        // A page of another site's fetch() names it, with or without
        // Sec-Fetch-Site (browsers before it): the statement is not run.
        if (req.has_header("Origin") &&
            (req.get_header_value_count("Origin") != 1 || !our_origin(lower_ascii(req.get_header_value("Origin"))))) {
            why = fmt::format("a page of another site (\"{}\") may link to this server's pages, not load them or "
                              "its API",
                              req.get_header_value("Origin").substr(0, 100));
            return 403;
        }
        // A link followed to a page is a top-level navigation; an image, a
        // script or a frame loading a page or the API could time statements
        // it makes the server run.
        if (!from_another_site(req)) return 0;
        if (!req.path.starts_with("/api/") && req.get_header_value("Sec-Fetch-Mode") == "navigate" &&
            req.get_header_value("Sec-Fetch-Dest") == "document")
            return 0;
        why = fmt::format("a page of another site (Sec-Fetch-Site: {}) may link to this server's pages, not load "
                          "them or its API",
                          req.get_header_value("Sec-Fetch-Site").substr(0, 40));
        return 403;
    }
    // Browsers name the page a POST comes from; programs name none and may ask.
    if (req.has_header("Origin")) {
        const std::string origin = req.get_header_value("Origin");
        if (req.get_header_value_count("Origin") == 1 && our_origin(lower_ascii(origin))) return 0;
        why = fmt::format("a page of another site (\"{}\") may not send requests that act", origin.substr(0, 100));
        return 403;
    }
    const std::string site = req.get_header_value("Sec-Fetch-Site");
    if (site.empty() || site == "same-origin" || site == "none") return 0;
    why = fmt::format("a page of another site (Sec-Fetch-Site: {}) may not send requests that act", site.substr(0, 40));
    return 403;
}

}  // namespace slidedb::serve
