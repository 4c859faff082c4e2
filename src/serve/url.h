// Percent-encoding for links the pages write (RFC 3986 unreserved kept).
#pragma once

#include <string>
#include <string_view>

namespace slidedb::serve {

std::string url_encode(std::string_view text);

}  // namespace slidedb::serve
