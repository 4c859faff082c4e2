// Percent-encoding for links the pages write (RFC 3986 unreserved kept),
// and decoding for a form the pages post.
#pragma once

#include <string>
#include <string_view>

namespace slidedb::serve {

std::string url_encode(std::string_view text);

// The value of `name` in a form's body (application/x-www-form-urlencoded:
// name=value pairs joined by '&', '+' a blank, %XX a byte); "" when absent.
// A '%' not followed by two hex digits stays as it is.
std::string form_field(std::string_view body, std::string_view name);

}  // namespace slidedb::serve
