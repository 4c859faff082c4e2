#include "pipeline/walk.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace slidedb {

namespace fs = std::filesystem;

namespace {

bool hidden(const fs::path& p) {
    const std::string name = p.filename().string();
    return !name.empty() && name[0] == '.' && name != "." && name != "..";
}

void walk_folder(const fs::path& dir, std::vector<WalkEntry>& out, int depth) {
    std::error_code ec;
    std::vector<fs::path> children;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (!hidden(it->path())) children.push_back(it->path());
    if (ec) {
        out.push_back({dir.string(), "cannot list folder: " + ec.message()});
        return;
    }
    std::sort(children.begin(), children.end());
    for (const fs::path& child : children) {
        // A symlinked folder is followed, but not forever.
        if (fs::is_directory(child, ec)) {
            if (depth < 64) walk_folder(child, out, depth + 1);
            else out.push_back({child.string(), "folders nested too deep (a symlink loop?)"});
        } else {
            out.push_back({child.string(), {}});
        }
    }
}

}  // namespace

std::vector<WalkEntry> walk(const std::vector<std::string>& paths) {
    std::vector<WalkEntry> out;
    for (const std::string& p : paths) {
        std::error_code ec;
        const fs::file_status st = fs::status(p, ec);
        if (ec || !fs::exists(st)) out.push_back({p, "no such file or folder"});
        else if (fs::is_directory(st)) walk_folder(p, out, 0);
        else out.push_back({p, {}});
    }
    return out;
}

}  // namespace slidedb
