#include "families/unblock/generate/hardest_start.h"

#include <utility>
#include <vector>

#include "families/unblock/unblock_rules.h"
#include "solve/bfs.h"
#include "solve/goal_distance.h"

namespace slidedb {

namespace {

template <class State>
ClusterHardest hardest_as(const Board& board) {
    thread_local Visited<State> seen, from_goal;
    thread_local std::vector<State> goals;
    thread_local std::vector<Level> levels;
    const UnblockRules<State> rules(board);
    seen.clear();
    goals.clear();
    levels.clear();
    const State start = rules.start();
    seen.insert(&start, 1);
    std::uint32_t next = 0;
    expand_levels(rules, seen, Visited<State>::kNone - 1, levels, next, [&](std::uint32_t, State s, Level&) {
        if (rules.is_goal(s)) goals.push_back(s);
    });
    ClusterHardest out{board, -1, seen.size()};
    if (goals.empty()) return out;
    const GoalDistances<State> d = distances_to_goal(rules, goals, from_goal);
    out.moves = static_cast<int>(d.boards_at.size()) - 1;

    const int w = board.width;
    std::uint64_t fixed = 0;
    for (const Cell& c : board.fixed) fixed |= std::uint64_t{1} << (c.row * w + c.col);
    auto masks = [&](State s) {
        std::pair<std::uint64_t, std::uint64_t> m{fixed, 0};
        for (int i = 0; i < rules.blocks(); ++i) {
            const Block& k = board.blocks[static_cast<std::size_t>(i)];
            const int o = UnblockRules<State>::offset(s, i);
            for (int j = 0; j < k.length; ++j) {
                if (k.axis == Axis::Horizontal) m.first |= std::uint64_t{1} << (k.row * w + o + j);
                else m.second |= std::uint64_t{1} << ((o + j) * w + k.col);
            }
        }
        return m;
    };
    const auto last = static_cast<std::uint32_t>(d.boards_at.back());
    State best = from_goal.board(from_goal.size() - last);
    auto least = masks(best);
    for (std::uint32_t i = from_goal.size() - last + 1; i < from_goal.size(); ++i) {
        const auto m = masks(from_goal.board(i));
        if (m < least) least = m, best = from_goal.board(i);
    }
    for (int i = 0; i < rules.blocks(); ++i) {
        Block& k = out.board.blocks[static_cast<std::size_t>(i)];
        (k.axis == Axis::Horizontal ? k.col : k.row) = static_cast<std::uint8_t>(UnblockRules<State>::offset(best, i));
    }
    out.board = board_from_text(out.board.grid(), board.exit);
    return out;
}

}  // namespace

ClusterHardest hardest_start(const Board& board) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return hardest_as<std::uint64_t>(board);
    return hardest_as<unsigned __int128>(board);
}

}  // namespace slidedb
