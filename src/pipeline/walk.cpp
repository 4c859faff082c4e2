#include "pipeline/walk.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <system_error>
#include <utility>

namespace slidedb {

namespace fs = std::filesystem;

namespace {

bool hidden(const fs::path& p) {
    const std::string name = p.filename().string();
    return !name.empty() && name[0] == '.' && name != "." && name != "..";
}

using FolderId = std::pair<dev_t, ino_t>;

class Walker {
public:
    explicit Walker(std::vector<WalkEntry>& out) : out_(out) {}

    // One path, followed through symlinks: a file, a folder, or an error.
    void visit(const fs::path& path) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            const int err = errno;
            out_.push_back({path.string(), err == ENOENT ? std::string("no such file or folder")
                                                         : std::string("cannot read: ") + std::strerror(err)});
            return;
        }
        if (S_ISDIR(st.st_mode)) return folder(path, {st.st_dev, st.st_ino});
        const std::string why = not_a_file(st.st_mode);
        out_.push_back({path.string(), why});
    }

    // Why a path that is neither a folder nor a regular file is not read;
    // opening a FIFO or a device could block for ever.
    static std::string not_a_file(mode_t mode) {
        if (S_ISREG(mode)) return {};
        if (S_ISFIFO(mode)) return "is a named pipe (FIFO), not a regular file; not read";
        if (S_ISSOCK(mode)) return "is a socket, not a regular file; not read";
        if (S_ISCHR(mode)) return "is a character device, not a regular file; not read";
        if (S_ISBLK(mode)) return "is a block device, not a regular file; not read";
        return "is not a regular file; not read";
    }

private:
    void folder(const fs::path& dir, FolderId id) {
        // A folder met again (through a symlink) is read once. One that
        // leads back to a folder being read is a loop: said once, not followed.
        if (const auto open = std::find_if(ancestors_.begin(), ancestors_.end(),
                                           [&](const auto& a) { return a.first == id; });
            open != ancestors_.end()) {
            out_.push_back({dir.string(), "symlink loop: leads back to " + open->second.string() + "; not followed"});
            return;
        }
        if (!seen_.insert(id).second) return;
        if (ancestors_.size() >= kMaxDepth) {
            out_.push_back({dir.string(), "folders nested too deep; not read"});
            return;
        }
        std::error_code ec;
        std::vector<fs::path> children;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (!hidden(it->path())) children.push_back(it->path());
        if (ec) {
            out_.push_back({dir.string(), "cannot list folder: " + ec.message()});
            return;
        }
        std::sort(children.begin(), children.end());
        ancestors_.emplace_back(id, dir);
        for (const fs::path& child : children) visit(child);
        ancestors_.pop_back();
    }

    static constexpr std::size_t kMaxDepth = 64;
    std::vector<WalkEntry>& out_;
    std::set<FolderId> seen_;
    std::vector<std::pair<FolderId, fs::path>> ancestors_;
};

}  // namespace

std::string not_a_regular_file(unsigned mode) { return Walker::not_a_file(static_cast<mode_t>(mode)); }

std::vector<WalkEntry> walk(const std::vector<std::string>& paths) {
    std::vector<WalkEntry> out;
    Walker walker(out);
    for (const std::string& p : paths) walker.visit(p);
    return out;
}

}  // namespace slidedb
