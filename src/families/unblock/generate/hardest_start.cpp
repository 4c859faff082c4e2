#include "families/unblock/generate/hardest_start.h"

#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "families/unblock/unblock_rules.h"
#include "solve/visited.h"

namespace slidedb {

namespace {

// The boards of one cluster, numbered as found, and each board's moves as
// the numbers of the boards they lead to: one pass of hashing builds it, and
// the distances from the goals then walk plain arrays. Reused from one board
// to the next by its thread.
template <class State>
class ClusterIndex {
public:
    void clear() {
        boards.clear();
        first_move.clear();
        moves.clear();
        if (++epoch_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0u), epoch_ = 1;
        if (slots_.empty()) grow(1u << 12);
    }

    // The board's number, numbering it when new.
    std::uint32_t number(State s) {
        if (boards.size() * 2 >= slots_.size()) grow(slots_.size() * 2);
        for (std::size_t at = home(s);; at = (at + 1) & (slots_.size() - 1)) {
            if (stamp_[at] != epoch_) {
                stamp_[at] = epoch_;
                slots_[at] = {s, static_cast<std::uint32_t>(boards.size())};
                boards.push_back(s);
                return slots_[at].number;
            }
            if (slots_[at].board == s) return slots_[at].number;
        }
    }

    std::vector<State> boards;
    std::vector<std::uint32_t> first_move;  // moves of board i: moves[first_move[i] .. first_move[i + 1])
    std::vector<std::uint32_t> moves;

private:
    struct Slot {
        State board;
        std::uint32_t number;
    };
    std::size_t home(State s) const { return static_cast<std::size_t>(hash_state(s) >> shift_); }
    void grow(std::size_t slots) {
        slots_.assign(slots, Slot{});
        stamp_.assign(slots, 0u);
        epoch_ = 1;
        shift_ = 64 - std::countr_zero(slots);
        for (std::uint32_t i = 0; i < boards.size(); ++i) {
            std::size_t at = home(boards[i]);
            while (stamp_[at] == epoch_) at = (at + 1) & (slots - 1);
            stamp_[at] = epoch_;
            slots_[at] = {boards[i], i};
        }
    }

    std::vector<Slot> slots_;
    std::vector<std::uint32_t> stamp_;  // a slot is taken when its stamp is the epoch
    std::uint32_t epoch_ = 0;
    int shift_ = 64;
};

template <class State>
ClusterHardest hardest_as(const Board& board, std::uint64_t max_boards) {
    thread_local ClusterIndex<State> index;
    thread_local std::vector<std::uint32_t> goals, queue;
    thread_local std::vector<std::uint16_t> distance;
    const UnblockRules<State> rules(board);
    index.clear();
    goals.clear();
    index.number(rules.start());
    for (std::uint32_t i = 0; i < index.boards.size(); ++i) {
        if (index.boards.size() > max_boards) return {board, -1, index.boards.size()};
        const State s = index.boards[i];
        if (rules.is_goal(s)) goals.push_back(i);
        index.first_move.push_back(static_cast<std::uint32_t>(index.moves.size()));
        rules.for_each_successor(s, [&](State b) { index.moves.push_back(index.number(b)); });
    }
    index.first_move.push_back(static_cast<std::uint32_t>(index.moves.size()));
    const auto n = static_cast<std::uint32_t>(index.boards.size());
    ClusterHardest out{board, -1, n};
    if (goals.empty()) return out;

    // Distances from every goal at once: moves are reversible.
    constexpr std::uint16_t kFar = 0xFFFF;
    distance.assign(n, kFar);
    queue = goals;
    for (const std::uint32_t g : goals) distance[g] = 0;
    std::size_t level_start = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::uint32_t i = queue[head];
        const std::uint16_t d = distance[i];
        if (d != distance[queue[level_start]]) level_start = head;
        for (std::uint32_t m = index.first_move[i]; m < index.first_move[i + 1]; ++m) {
            const std::uint32_t j = index.moves[m];
            if (distance[j] == kFar) distance[j] = static_cast<std::uint16_t>(d + 1), queue.push_back(j);
        }
    }
    out.moves = distance[queue.back()];

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
    State best = index.boards[queue[level_start]];
    auto least = masks(best);
    for (std::size_t q = level_start + 1; q < queue.size(); ++q) {
        const auto m = masks(index.boards[queue[q]]);
        if (m < least) least = m, best = index.boards[queue[q]];
    }
    for (int i = 0; i < rules.blocks(); ++i) {
        Block& k = out.board.blocks[static_cast<std::size_t>(i)];
        (k.axis == Axis::Horizontal ? k.col : k.row) = static_cast<std::uint8_t>(UnblockRules<State>::offset(best, i));
    }
    out.board = board_from_text(out.board.grid(), board.exit);
    return out;
}

}  // namespace

ClusterHardest hardest_start(const Board& board, std::uint64_t max_boards) {
    if (static_cast<int>(board.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks)
        return hardest_as<std::uint64_t>(board, max_boards);
    return hardest_as<unsigned __int128>(board, max_boards);
}

}  // namespace slidedb
