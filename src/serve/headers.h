// The headers every answer of the server carries: what a careful local app
// tells the browser (README, "serve": the security model).
#pragma once

#include <httplib.h>

namespace slidedb::serve {

// The page may load only the server's own scripts, styles, pictures and API
// (plus data: pictures, the scanner's debug view); no other site may frame
// it; the browser never guesses a type; links to elsewhere name no page of
// it. Styles may be inline: the boards' SVG places each piece with a style
// transform, which the players animate. Headers already set stay as they are.
void add_security_headers(httplib::Response& res);

}  // namespace slidedb::serve
