// Bytes as a data: URL, so that a page shows a picture the server made for
// one request without keeping it anywhere.
#pragma once

#include <string>
#include <string_view>

namespace slidedb::serve {

// "data:<type>;base64,..." (RFC 2397, base64 of RFC 4648).
std::string data_url(std::string_view type, std::string_view bytes);

}  // namespace slidedb::serve
