#include "serve/save.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "families/families.h"
#include "pipeline/read_input.h"
#include "serve/board_work.h"
#include "store/database.h"
#include "store/import_writer.h"
#include "store/puzzle_record.h"

namespace slidedb::serve {

namespace {

// Writes stop while the disk that holds the database is nearly full: a
// client saving boards in a loop could otherwise fill it, and SQLite with
// it, for every other program on the machine.
void require_free_disk(const App& app) {
    const std::uint64_t keep = app.options.limits.min_free_bytes;
    if (keep == 0) return;
    std::error_code ec;
    const std::filesystem::path db = std::filesystem::absolute(app.options.db, ec);
    const std::filesystem::space_info space = std::filesystem::space(db.parent_path(), ec);
    if (ec) throw HttpError(507, fmt::format("the free space of the database's disk is not known ({}): nothing was saved",
                                             ec.message()));
    if (space.available < keep)
        throw HttpError(507, fmt::format("the database's disk has {} MiB free, and the server keeps {} MiB free "
                                         "(--min-free-mb): nothing was saved",
                                         space.available >> 20, keep >> 20));
}

}  // namespace

std::vector<Saved> save_board(App& app, std::string_view bytes) {
    if (app.options.read_only) throw HttpError(403, "this server is read-only (--read-only): Save is off");
    const std::string hash = content_hash(bytes);
    // A picture's decoding and scan are a search of it: they take a slot,
    // as /api/scan's do, so saves at once cannot each hold a decoded picture.
    FoundFile file = [&] {
        if (!is_picture_bytes(bytes)) return read_bytes("upload", bytes);
        WorkSlot slot(app.searches);
        return read_bytes("upload", bytes);
    }();
    // The name is made here: no part of a request names a file.
    const std::string path = file.is_image ? fmt::format("upload/{}.image", hash.substr(0, 12))
                                           : fmt::format("editor/{}.txt", hash.substr(0, 12));
    file.path = path;
    if (!file.is_image) file.kind = "editor";
    // The editor saves what its checker passes: a text with any error is
    // refused whole, not saved in part with the bad boards dropped.
    if (file.puzzles.empty() || !file.errors.empty()) {
        std::vector<ReadError> errors;
        for (const FoundError& e : file.errors) errors.push_back({e.line, e.message});
        throw HttpError(400, (file.puzzles.empty() ? "nothing to save: " : "nothing was saved: ") +
                                 error_lines(errors));
    }
    // A Save is a board or a few, searched one after another in one request:
    // a whole collection is for `slidedb import`.
    const Limits& limits = app.options.limits;
    if (file.puzzles.size() > limits.save_puzzles)
        throw HttpError(413, fmt::format("a Save takes at most {} puzzles (--max-save-puzzles), and this holds {}: "
                                         "import it with `slidedb import`",
                                         limits.save_puzzles, file.puzzles.size()));
    require_free_disk(app);
    const auto started = std::chrono::steady_clock::now();
    std::vector<Saved> saved;
    {
        // Which boards the database has solved already: those are not searched.
        auto db = app.pool.take();
        // A board given twice is new once, and searched once.
        std::map<std::string, std::size_t> first;
        // The Save's searches share one --solve-seconds: a Save of many hard
        // boards holds a search slot no longer than one search may.
        const auto deadline = started + std::chrono::duration<double>(app.options.limits.solve_seconds);
        for (std::size_t i = 0; i < file.puzzles.size(); ++i) {
            FoundPuzzle& p = file.puzzles[i];
            const auto known = find_puzzle(*db, p.puzzle.key);
            const auto [at, is_first] = first.emplace(p.puzzle.key, i);
            saved.push_back({known ? known->id : 0, p.puzzle.key, !known && is_first});
            if (known && known->solved) continue;
            if (!is_first) {
                p.result = file.puzzles[at->second].result;
                continue;
            }
            SolveOptions options = solve_options(app.options.limits);
            if (options.max_seconds > 0)
                options.max_seconds = std::max(
                    0.001, std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count());
            WorkSlot slot(app.searches);
            p.result = family_of(p.puzzle).solve(p.puzzle, options);
        }
    }
    std::lock_guard lock(app.writer);
    require_free_disk(app);  // again: the searches took a while, and other saves wrote
    auto db = open_database(app.options.db, Access::ReadWrite);
    ImportWriter writer(*db, "slidedb serve: save " + path, 1, false);
    writer.write(file);
    writer.finish(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    for (Saved& s : saved)
        if (const auto stored = find_puzzle(*db, s.key)) s.id = stored->id;
    return saved;
}

}  // namespace slidedb::serve
