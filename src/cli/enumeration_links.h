// Links every solved puzzle of an enumerated size, of a family that
// enumerates, to the enumerated puzzle of its cluster: run after enumerate,
// merge and import.
#pragma once

#include <cstdint>

#include <SQLiteCpp/Database.h>

namespace slidedb::cli {

// Returns how many links it added.
std::uint64_t link_enumerated(SQLite::Database& db);

}  // namespace slidedb::cli
