// Save: a board from the editor or an upload stored as an import stores
// it, through the pipeline's reader and the store's writer. The only write
// the web app makes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "serve/app.h"

namespace slidedb::serve {

struct Saved {
    std::int64_t id = 0;
    std::string key;
    bool is_new = false;  // not in the database before
};

// Reads the bytes as an import reads a file (a board file's text or a
// screenshot) named `editor/<hash>.txt` (source kind `editor`) or
// `upload/<hash>.image` (kind `screenshot`), solves
// the puzzles the database lacks within the server's limits, and writes
// them in one import run. Throws HttpError 400 when the bytes hold no
// puzzle, 403 when the server is read-only.
std::vector<Saved> save_board(App& app, std::string_view bytes);

}  // namespace slidedb::serve
