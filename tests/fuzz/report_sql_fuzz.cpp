// Fuzz target: a report file as `report --sql` reads it: split into
// sections, each held to one statement, prepared and run on a read-only
// connection (an empty in-memory database) under a short time limit.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <SQLiteCpp/Database.h>

#include "store/query.h"
#include "store/read_only.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::unique_ptr<SQLite::Database> db = [] {
        auto d = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE);
        d->exec("CREATE TABLE puzzles (id INTEGER PRIMARY KEY, moves INTEGER, board TEXT)");
        d->exec("INSERT INTO puzzles (moves, board) VALUES (3, 'AA....'), (49, 'BBBCDE')");
        slidedb::make_read_only(d->getHandle());
        return d;
    }();
    const std::string text(reinterpret_cast<const char*>(data), size);
    slidedb::QueryLimits limits;
    limits.timeout = std::chrono::milliseconds(50);
    for (const slidedb::SqlSection& s : slidedb::split_sections(text)) {
        try {
            slidedb::query_stream(*db, s.sql, {{"top", "5"}}, limits, [](const slidedb::Table&) {}, 64);
        } catch (const slidedb::StoreError&) {
            // Refused, malformed or stopped: what a user sees as a message.
        }
    }
    return 0;
}
