// SQL's printf() and format() with their widths and precisions bounded.
//
// `printf('%.*c', 2147483647, 'x')` repeats a character two thousand million
// times inside one call: SQLite stops keeping the text once it passes the
// connection's longest value, but goes on counting, and no progress handler
// runs inside a function, so one such call held a statement past its time
// limit for 49 s, and four of them every statement slot for minutes. The
// functions installed here refuse a format whose widths and precisions add
// up to more than the connection's SQLITE_LIMIT_LENGTH, and hand every
// other call to SQLite's own printf, so what they return is SQLite's.
#pragma once

struct sqlite3;

namespace slidedb {

// Replaces printf() and format() on db. Throws StoreError.
void bound_printf(sqlite3* db);

}  // namespace slidedb
