// The frame of every page: the menu, the style sheet and the scripts, all
// served by the binary itself.
#pragma once

#include <string>
#include <string_view>

namespace slidedb::serve {

// A whole page around `body` (HTML, already escaped). `title` is text.
std::string page_html(std::string_view title, std::string_view body);

}  // namespace slidedb::serve
