#include "cli/whole_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

namespace slidedb::cli {

namespace {

// Writes and closes; empty when every byte went, else why not.
std::string write_to(const std::string& path, std::string_view bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return std::strerror(errno);
    const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0;
    const int error = errno;
    if (std::fclose(f) != 0 || !written) return std::strerror(written ? errno : error);
    return {};
}

}  // namespace

std::string write_whole_file(const std::string& path, std::string_view bytes) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) return write_to(path, bytes);
    const std::string part = fmt::format("{}.part-{}", path, ::getpid());
    if (std::string why = write_to(part, bytes); !why.empty()) {
        fs::remove(part, ec);
        return why;
    }
    fs::rename(part, path, ec);
    if (ec) {
        fs::remove(part, ec);
        return ec.message();
    }
    return {};
}

}  // namespace slidedb::cli
