#include "cli/whole_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

namespace slidedb::cli {

WholeFile::WholeFile(std::string path) : path_(std::move(path)) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path_, ec);
    if (!fs::exists(status) || fs::is_regular_file(status)) part_ = fmt::format("{}.part-{}", path_, ::getpid());
    file_ = std::fopen((part_.empty() ? path_ : part_).c_str(), "wb");
    if (!file_) error_ = errno ? errno : EIO;
}

WholeFile::~WholeFile() {
    if (file_) std::fclose(file_);
    if (!part_.empty()) {
        std::error_code ec;
        std::filesystem::remove(part_, ec);
    }
}

bool WholeFile::write(std::string_view bytes) {
    if (error_ == 0 && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) error_ = errno ? errno : EIO;
    return error_ == 0;
}

std::string WholeFile::commit() {
    if (file_) {
        if (error_ == 0 && std::fflush(file_) != 0) error_ = errno;
        if (std::fclose(file_) != 0 && error_ == 0) error_ = errno;
        file_ = nullptr;
    }
    if (error_ != 0) return std::strerror(error_);
    if (part_.empty()) return {};
    std::error_code ec;
    std::filesystem::rename(part_, path_, ec);
    if (ec) return ec.message();
    part_.clear();
    return {};
}

std::string write_whole_file(const std::string& path, std::string_view bytes) {
    WholeFile file(path);
    file.write(bytes);
    return file.commit();
}

}  // namespace slidedb::cli
