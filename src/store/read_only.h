// A connection that can only read, whatever SQL it is handed.
//
// `PRAGMA query_only` stops writes to the database, but not ATTACH (which
// creates the file it names) nor VACUUM INTO (which writes a new one). An
// authorizer refuses those while the statement is prepared, before anything
// touches the file system; statements that would write are refused the same
// way.
#pragma once

#include <string>

struct sqlite3;

namespace slidedb {

// Installs the authorizer, the limits and a bounded printf() on db. Throws
// StoreError.
void make_read_only(sqlite3* db);

// True for a PRAGMA that only reports (`PRAGMA table_info(t)`,
// `PRAGMA user_version`); false for one that changes anything.
bool pragma_reads_only(const std::string& name, bool has_argument);

}  // namespace slidedb
