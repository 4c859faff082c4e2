#include "serve/url.h"

#include <cctype>

#include <fmt/format.h>

namespace slidedb::serve {

std::string url_encode(std::string_view text) {
    std::string out;
    for (unsigned char ch : text) {
        if (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '~')
            out += static_cast<char>(ch);
        else
            out += fmt::format("%{:02X}", ch);
    }
    return out;
}

}  // namespace slidedb::serve
