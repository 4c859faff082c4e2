// A file a command writes whole (report --out, graph --out, render --png):
// written beside its place and renamed over it once complete, so a write
// that fails (a full disk) leaves the file that was there, not half of a
// new one.
#pragma once

#include <string>
#include <string_view>

namespace slidedb::cli {

// Empty when written; else why not ("No space left on device"). A path that
// is no regular file (/dev/stdout) is written in place.
std::string write_whole_file(const std::string& path, std::string_view bytes);

}  // namespace slidedb::cli
