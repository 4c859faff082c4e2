#include "serve/headers.h"

namespace slidedb::serve {

namespace {

constexpr const char* kHeaders[][2] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "same-origin"},
    {"X-Frame-Options", "DENY"},
};

}  // namespace

void add_security_headers(httplib::Response& res) {
    for (const auto& [name, value] : kHeaders)
        if (!res.has_header(name)) res.set_header(name, value);
}

}  // namespace slidedb::serve
