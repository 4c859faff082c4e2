// Files a command reads whole (a report's SQL, an outline, a board to
// draw): only a regular file, and no more than a limit, checked before
// reading, so that /dev/zero, a pipe that never ends or a huge file given
// by mistake is refused rather than read into memory.
#pragma once

#include <cstdint>
#include <string>

namespace slidedb::cli {

// A report's SQL file (report --sql, serve --sql).
inline constexpr std::uintmax_t kMaxReportFileBytes = 1u << 20;

// The whole file; throws std::runtime_error naming it ("x.sql: is a named
// pipe (FIFO), not a regular file; not read", as import says it; "x.sql:
// 2000000 bytes; at most 1048576 are read").
std::string read_small_file(const std::string& path, std::uintmax_t limit);

}  // namespace slidedb::cli
