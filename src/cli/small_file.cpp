#include "cli/small_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "pipeline/walk.h"

namespace slidedb::cli {

std::string read_small_file(const std::string& path, std::uintmax_t limit) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw std::runtime_error(errno == ENOENT ? fmt::format("{}: no such file", path)
                                                 : fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
    if (S_ISDIR(st.st_mode)) throw std::runtime_error(fmt::format("{}: a folder, not a file", path));
    // A pipe or a device, named as import names it: opening one could block for ever.
    if (const std::string why = not_a_regular_file(st.st_mode); !why.empty())
        throw std::runtime_error(fmt::format("{}: {}", path, why));
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    if (size > limit) throw std::runtime_error(fmt::format("{}: {} bytes; at most {} are read", path, size, limit));
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(size)))
        throw std::runtime_error(fmt::format("{}: cannot read", path));
    // A file that grew since its size was read is taken as it was then.
    return text;
}

}  // namespace slidedb::cli
