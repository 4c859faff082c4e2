#include "cli/small_file.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>


namespace slidedb::cli {

std::string read_small_file(const std::string& path, std::uintmax_t limit) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw std::runtime_error(fmt::format("{}: no such file", path));
    if (fs::is_directory(status)) throw std::runtime_error(fmt::format("{}: a folder, not a file", path));
    if (!fs::is_regular_file(status)) throw std::runtime_error(fmt::format("{}: not a regular file", path));
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) throw std::runtime_error(fmt::format("{}: cannot read: {}", path, ec.message()));
    if (size > limit) throw std::runtime_error(fmt::format("{}: {} bytes; at most {} are read", path, size, limit));
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(size)))
        throw std::runtime_error(fmt::format("{}: cannot read", path));
    // A file that grew since its size was read is taken as it was then.
    return text;
}

}  // namespace slidedb::cli
