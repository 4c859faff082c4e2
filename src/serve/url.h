// Percent-encoding for links the pages write (RFC 3986 unreserved kept),
// decoding for a form the pages post, and the words of header values.
#pragma once

#include <string>
#include <string_view>

namespace slidedb::serve {

std::string url_encode(std::string_view text);

// The value of `name` in a form's body (application/x-www-form-urlencoded:
// name=value pairs joined by '&', '+' a blank, %XX a byte); "" when absent.
// A '%' not followed by two hex digits stays as it is.
std::string form_field(std::string_view body, std::string_view name);

// Whether a Content-Type names a form (application/x-www-form-urlencoded,
// in any case, parameters after ';' aside).
bool is_form_type(std::string_view content_type);

// ASCII text in lower case: header values and media types compare so.
std::string lower_ascii(std::string_view text);

// The refusal of a parameter holding a NUL byte, which would cut any
// message quoting it where it stands.
std::string nul_refusal(std::string_view name);

}  // namespace slidedb::serve
