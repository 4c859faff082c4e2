#include "families/unblock/cluster_representative.h"

#include <cstdint>
#include <utility>
#include <vector>

#include "families/unblock/line_types.h"
#include "families/unblock/unblock_rules.h"
#include "solve/bfs.h"
#include "solve/goal_distance.h"

namespace slidedb::enumeration {

bool fits_enumeration(const Board& b) {
    const int n = b.width;
    if (b.height != n || n < 4 || n > kMaxSize || b.exit != Side::Right || b.blocks.empty()) return false;
    const Block& primary = b.blocks[0];
    if (primary.axis != Axis::Horizontal || primary.length != 2 || primary.row != (n - 1) / 2) return false;
    std::vector<int> row_used(static_cast<std::size_t>(n), 0), column_used(static_cast<std::size_t>(n), 0);
    for (std::size_t i = 0; i < b.blocks.size(); ++i) {
        const Block& k = b.blocks[i];
        if (k.length < 2 || k.length > 3) return false;
        if (k.axis == Axis::Horizontal) {
            if (i > 0 && k.row == primary.row) return false;
            row_used[k.row] += k.length;
        } else {
            column_used[k.col] += k.length;
        }
    }
    for (const Cell& c : b.fixed) {
        if (c.row == primary.row && c.col > primary.col) return false;
        row_used[c.row] += 1;
    }
    for (int k = 0; k < n; ++k)
        if (row_used[static_cast<std::size_t>(k)] >= n || column_used[static_cast<std::size_t>(k)] >= n) return false;
    return true;
}

std::optional<Board> cluster_representative(const Board& board) {
    if (!fits_enumeration(board)) return std::nullopt;
    using State = std::uint64_t;
    const UnblockRules<State> rules(board);
    Visited<State> seen;
    const State start = rules.start();
    seen.insert(&start, 1);
    std::vector<Level> levels;
    std::vector<State> goals;
    std::uint32_t next = 0;
    expand_levels(rules, seen, Visited<State>::kNone - 1, levels, next, [&](std::uint32_t, State s, Level&) {
        if (rules.is_goal(s)) goals.push_back(s);
    });
    if (goals.empty()) return std::nullopt;
    Visited<State> from_goal;
    const GoalDistances<State> d = distances_to_goal(rules, goals, from_goal);
    const int n = board.width;
    // Cells as bits y * N + x: the enumeration's order between boards.
    auto masks = [&](State s) {
        std::pair<std::uint64_t, std::uint64_t> m{0, 0};
        for (const Cell& c : board.fixed) m.first |= std::uint64_t{1} << (c.row * n + c.col);
        for (int i = 0; i < rules.blocks(); ++i) {
            const Block& k = board.blocks[static_cast<std::size_t>(i)];
            const int o = UnblockRules<State>::offset(s, i);
            for (int j = 0; j < k.length; ++j) {
                if (k.axis == Axis::Horizontal) m.first |= std::uint64_t{1} << (k.row * n + o + j);
                else m.second |= std::uint64_t{1} << ((o + j) * n + k.col);
            }
        }
        return m;
    };
    const std::uint32_t last = static_cast<std::uint32_t>(d.boards_at.back());
    State best = from_goal.board(from_goal.size() - last);
    auto least = masks(best);
    for (std::uint32_t i = from_goal.size() - last; i < from_goal.size(); ++i) {
        const auto m = masks(from_goal.board(i));
        if (m < least) least = m, best = from_goal.board(i);
    }
    Board out = board;
    for (int i = 0; i < rules.blocks(); ++i) {
        Block& k = out.blocks[static_cast<std::size_t>(i)];
        (k.axis == Axis::Horizontal ? k.col : k.row) = static_cast<std::uint8_t>(UnblockRules<State>::offset(best, i));
    }
    return board_from_text(out.grid(), Side::Right);
}

}  // namespace slidedb::enumeration
