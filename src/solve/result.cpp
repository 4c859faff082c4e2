#include "solve/result.h"

#include <fmt/format.h>

namespace slidedb {

std::string_view status_name(Status s) {
    switch (s) {
        case Status::Solved: return "solved";
        case Status::Unsolvable: return "unsolvable";
        case Status::Limit: return "limit";
    }
    return "?";
}

Cut cut_from_name(std::string_view name) {
    for (const Cut c : {Cut::States, Cut::Memory, Cut::Time})
        if (name == cut_name(c)) return c;
    return Cut::None;
}

std::string_view cut_name(Cut c) {
    switch (c) {
        case Cut::None: return "";
        case Cut::States: return "states";
        case Cut::Memory: return "memory";
        case Cut::Time: return "time";
    }
    return "?";
}

std::vector<std::string> claim_disagreements(std::optional<int> claimed_moves,
                                             std::optional<std::uint64_t> claimed_cluster, int moves,
                                             std::int64_t cluster) {
    std::vector<std::string> out;
    if (claimed_moves && moves != *claimed_moves)
        out.push_back(fmt::format("claims {} moves, the search found {}", *claimed_moves,
                                  moves >= 0 ? std::to_string(moves) : std::string("no solution")));
    if (claimed_cluster && cluster >= 0 && static_cast<std::uint64_t>(cluster) != *claimed_cluster)
        out.push_back(fmt::format("claims a cluster of {} boards, the search found {}", *claimed_cluster, cluster));
    return out;
}

}  // namespace slidedb
