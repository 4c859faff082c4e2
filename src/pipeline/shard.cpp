#include "pipeline/shard.h"

#include <filesystem>
#include <unordered_set>

namespace slidedb {

std::vector<WalkEntry> entries_of_shard(std::vector<WalkEntry> entries, const ImportShard& shard) {
    if (shard.count <= 1) return entries;
    std::vector<WalkEntry> part;
    std::unordered_set<std::string> seen;
    std::size_t position = 0;
    for (WalkEntry& e : entries) {
        if (e.error.empty()) {
            std::error_code ec;
            const std::filesystem::path canonical = std::filesystem::canonical(e.path, ec);
            if (!seen.insert(ec ? e.path : canonical.string()).second) continue;
        }
        if (position++ % static_cast<std::size_t>(shard.count) == static_cast<std::size_t>(shard.index - 1))
            part.push_back(std::move(e));
    }
    return part;
}

}  // namespace slidedb
