// A file a command writes whole (report --out, graph --out, render --png,
// export): written beside its place and renamed over it once complete, so
// a write that fails (a full disk) or is stopped leaves the file that was
// there, not half of a new one.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace slidedb::cli {

// Empty when written; else why not ("No space left on device"). A path that
// is no regular file (/dev/stdout) is written in place.
std::string write_whole_file(const std::string& path, std::string_view bytes);

// The same written a piece at a time: nothing is at `path` until commit().
// Destroyed uncommitted, the part written is removed.
class WholeFile {
public:
    explicit WholeFile(std::string path);
    ~WholeFile();
    WholeFile(const WholeFile&) = delete;
    WholeFile& operator=(const WholeFile&) = delete;

    // False once the file could not be opened or a write failed; commit()
    // then says why.
    bool good() const { return error_ == 0; }
    bool write(std::string_view bytes);
    // Empty when the file is in place; else why not, and nothing was put there.
    std::string commit();

private:
    std::string path_, part_;  // part_ empty: written in place
    std::FILE* file_ = nullptr;
    int error_ = 0;
};

}  // namespace slidedb::cli
