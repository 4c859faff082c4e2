// Who may ask: the Host a request names and the page it comes from. A page
// of another site may send the browser here (a form, a fetch in no-cors
// mode, an image or a frame whose load it times), and a name of another
// site may be made to point here (DNS rebinding); both are refused before
// anything is read or run. Another site may only link to a page.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <httplib.h>

namespace slidedb::serve {

class SameOrigin {
public:
    // The names the server answers to: 127.0.0.1, localhost, [::1], the
    // address it is bound to, and `more` (--allow-host). `port` is the one
    // it listens on.
    SameOrigin(const std::string& bind, const std::vector<std::string>& more, int port);

    // 0 when the request may go on; else its status (421 a Host not ours,
    // 403 a POST from another origin, or anything but following a link to
    // a page from another site) and `why` says it.
    int refuse(const httplib::Request& req, std::string& why) const;

    // Whether the browser says the request comes from another site's page
    // (Sec-Fetch-Site): a link followed, when refuse() let it through.
    static bool from_another_site(const httplib::Request& req);

    // "localhost", "[::1]", "127.0.0.1": a Host header's name without its port.
    static std::string host_name(std::string_view host);

private:
    bool ours(std::string_view name) const;
    bool our_origin(std::string_view origin) const;
    std::vector<std::string> names_;
    int port_;
};

}  // namespace slidedb::serve
