// The web app's scripts and style sheets (src/serve/assets/), compiled into
// the binary so the pages need nothing but the server: no network, no files.
#pragma once

#include <string_view>
#include <vector>

namespace slidedb::serve {

struct Asset {
    std::string_view name;  // "app.js": the path under /assets/
    std::string_view text;
};

const std::vector<Asset>& assets();

}  // namespace slidedb::serve
