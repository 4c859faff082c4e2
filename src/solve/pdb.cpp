#include "solve/pdb.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace slidedb::pdb {

PlacementIndex::PlacementIndex(int cells, int pieces)
    : n_(cells), k_(pieces), all_(cells >= 32 ? ~0u : (1u << cells) - 1), count_(1) {
    for (int i = 0; i < pieces; ++i) count_ *= static_cast<std::uint64_t>(cells - i);
}

std::filesystem::path default_cache_dir() {
    if (const char* s = std::getenv("SLIDEDB_CACHE"); s && *s) return s;
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::filesystem::path(x) / "slidedb";
    if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".cache" / "slidedb";
    return std::filesystem::temp_directory_path() / "slidedb-cache";
}

Table::~Table() {
    if (map_) munmap(map_, map_bytes_);
}

std::unique_ptr<Table> Table::map(const std::filesystem::path& file, std::string_view header) {
    const int fd = ::open(file.c_str(), O_RDONLY);
    if (fd < 0) return nullptr;
    struct stat st {};
    if (fstat(fd, &st) != 0 || static_cast<std::uint64_t>(st.st_size) < header.size()) {
        ::close(fd);
        return nullptr;
    }
    void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED) return nullptr;
    if (std::memcmp(p, header.data(), header.size()) != 0) {
        munmap(p, static_cast<std::size_t>(st.st_size));
        return nullptr;
    }
    auto t = std::make_unique<Table>();
    t->map_ = p;
    t->map_bytes_ = static_cast<std::uint64_t>(st.st_size);
    t->data_ = static_cast<const std::uint8_t*>(p) + header.size();
    t->size_ = t->map_bytes_ - header.size();
    // The search reads it at random: ask for all of it now.
    madvise(p, t->map_bytes_, MADV_WILLNEED);
    return t;
}

std::unique_ptr<Table> Table::hold(std::vector<std::uint8_t> values) {
    auto t = std::make_unique<Table>();
    t->held_ = std::move(values);
    t->data_ = t->held_.data();
    t->size_ = t->held_.size();
    return t;
}

void Table::write(const std::filesystem::path& file, std::string_view header,
                  const std::vector<std::uint8_t>& values) {
    std::filesystem::create_directories(file.parent_path());
    const std::filesystem::path tmp = file.string() + ".part" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(header.data(), static_cast<std::streamsize>(header.size()));
        out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size()));
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
    }
    std::filesystem::rename(tmp, file);
}

}  // namespace slidedb::pdb
