#include "families/unblock/signature_search.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <limits>
#include <utility>

#include "families/unblock/unblock_rules.h"

namespace slidedb::enumeration {

namespace {

constexpr std::uint8_t kFar = 0xFF;  // distance not known yet

// Whether the board reaches a goal board within `limit` moves. A board is
// at least 1 + b moves from the goal, b the pieces across the primary
// piece's way out (each moves at least once, then the primary piece), and
// one more when one of them cannot leave the way in one move (what stops it
// stands in its column, so is neither the primary piece nor another of
// them): boards farther than that from the limit are not expanded. Most
// calls end with no goal found, after the whole ball of `limit` moves; the
// bound spares its outer levels, the largest.
template <class State>
bool reaches_goal_within(const Board& board, int limit, BasicSeenBoards<State>& seen) {
    if (limit < 0) return false;
    const UnblockRules<State> rules(board);
    const State start = rules.start();
    if (rules.is_goal(start)) return true;
    // Pieces that can stand across the way: vertical ones over the primary row.
    const Block& primary = board.blocks[0];
    const int way_row = primary.row, height = board.height;
    std::array<int, UnblockRules<State>::kMaxBlocks> across{};
    int crossing = 0;
    for (std::size_t i = 1; i < board.blocks.size(); ++i) {
        const Block& b = board.blocks[i];
        if (b.axis == Axis::Vertical && b.col >= primary.length) across[static_cast<std::size_t>(crossing++)] = static_cast<int>(i);
    }
    const std::uint64_t row = ((std::uint64_t{1} << board.width) - 1) << (8 * way_row);
    auto rows = [](int from, int to) {  // rows from..to, every column
        return from > to ? 0 : ((std::uint64_t{1} << (8 * (to + 1))) - 1) & ~((std::uint64_t{1} << (8 * from)) - 1);
    };
    // Whether a piece across the way, at `cells`, can leave it in one move.
    auto leaves = [&](State s, std::uint64_t cells, int length) {
        std::uint64_t taken = rules.fixed_cells();
        for (int i = 0; i < rules.blocks(); ++i) taken |= rules.cells(s, i);
        const int top = __builtin_ctzll(cells) / 8, col = __builtin_ctzll(cells) % 8;
        const std::uint64_t column = std::uint64_t{0x0101010101010101} << col;
        const bool up = way_row - length >= 0 && !(taken & column & rows(way_row - length, top - 1));
        const bool down = way_row + length < height && !(taken & column & rows(top + length, way_row + length));
        return up || down;
    };
    auto least_moves = [&](State s, int most) {
        const std::uint64_t at = rules.cells(s, 0);
        const std::uint64_t way = row & ~(at | (at - 1));  // cells right of the primary piece
        int moves = 1;
        for (int k = 0; k < crossing; ++k) moves += (rules.cells(s, across[static_cast<std::size_t>(k)]) & way) != 0;
        // The extra move matters only at the limit.
        if (moves != most || moves == 1) return moves;
        for (int k = 0; k < crossing; ++k) {
            const int i = across[static_cast<std::size_t>(k)];
            const std::uint64_t cells = rules.cells(s, i);
            if ((cells & way) && !leaves(s, cells, board.blocks[static_cast<std::size_t>(i)].length)) return moves + 1;
        }
        return moves;
    };
    seen.clear();
    seen.insert(start);
    seen.level.assign(1, start);
    for (int depth = 0; depth < limit && !seen.level.empty(); ++depth) {
        seen.next.clear();
        for (const State s : seen.level) {
            if (depth + least_moves(s, limit - depth) > limit) continue;
            bool found = false;
            rules.for_each_successor(s, [&](State b) {
                found |= rules.is_goal(b);
                if (seen.insert(b)) seen.next.push_back(b);
            });
            if (found) return true;
        }
        std::swap(seen.level, seen.next);
    }
    return false;
}

}  // namespace

SignatureSearch::SignatureSearch(const Geometry& g, bool every_cluster)
    : g_(g), n_(g.size), every_cluster_(every_cluster) {
    for (int y = 0; y < n_; ++y) line_cells_[static_cast<std::size_t>(y)] = ((Cells{1} << n_) - 1) << (y * n_);
    for (int x = 0; x < n_; ++x) line_cells_[static_cast<std::size_t>(n_ + x)] = column_cells(n_, x, (1u << n_) - 1);
    std::size_t most = 1;
    for (const auto& types : g.columns)
        for (const LineType& t : types) most = std::max(most, t.placements.size());
    while ((std::size_t{1} << placement_bits_) < most) ++placement_bits_;
}

// Whether every item is felt by the primary piece: stops it, or stops a
// piece that is felt, and so on. An item stops a piece when it stands next
// to it along their line, or may cover a cell the piece may step into. A
// wall never moves, so nothing stops it: it is felt, never passes it on.
//
// Items not felt never stop a felt piece, so the felt pieces move as they
// would without them: a board is as far from the goal as its felt items
// alone, and taking off an item not felt leaves that distance. cover and
// step are each item's cells over the boards in question.
bool SignatureSearch::every_item_felt(const std::vector<Item>& items, int primary, const Cells* cover, const Cells* step) {
    const int count = static_cast<int>(items.size());
    std::uint64_t felt = std::uint64_t{1} << primary;
    std::array<int, 64> stack;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = primary;
    while (top > 0) {
        const int a = stack[static_cast<std::size_t>(--top)];
        const int line = items[static_cast<std::size_t>(a)].line;
        const Cells steps = step[a];
        for (int b = 0; b < count; ++b) {
            if (felt >> b & 1) continue;
            const Item& item = items[static_cast<std::size_t>(b)];
            if (item.line == line ? (b != a - 1 && b != a + 1) : !(cover[b] & steps)) continue;
            felt |= std::uint64_t{1} << b;
            if (!item.wall) stack[static_cast<std::size_t>(top++)] = b;
        }
    }
    return felt == (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1);
}

bool SignatureSearch::can_hold_puzzle() const {
    std::array<std::uint16_t, 2 * kMaxSize> every{};
    every.fill(0xFFFF);
    return can_hold_puzzle(every);
}

bool SignatureSearch::can_hold_puzzle(const std::array<std::uint16_t, 2 * kMaxSize>& used) const {
    std::array<Cells, 64> cover{}, step{};
    std::size_t k = 0;
    auto add = [&](const LineType& t, unsigned placements) {
        for (std::size_t p = 0; p < t.item_cells.size(); ++p) {
            if (!(placements >> p & 1)) continue;
            const LineType::ItemCells& c = t.item_cells[p];
            for (std::size_t i = 0; i < t.lengths.size(); ++i) cover[k + i] |= c.cover[i], step[k + i] |= c.step[i];
        }
        k += t.lengths.size();
    };
    for (int y = 0; y < n_; ++y) add(*row_type_[y], used[y]);
    for (int x = 0; x < n_; ++x) add(*column_type_[x], used[n_ + x]);
    return every_item_felt(items_, primary_item_, cover.data(), step.data());
}

void SignatureSearch::set_rows(const TypeChoice& row_types) {
    row_types_ = row_types;
    std::uint32_t total = 1;
    for (int y = n_ - 1; y >= 0; --y) {
        row_type_[y] = &g_.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(row_types[y])];
        row_stride_[y] = total;
        total *= static_cast<std::uint32_t>(row_type_[y]->placements.size());
    }
    hmask_.resize(total);
    digits_.assign(std::size_t{total} * kMaxSize, 0);
    pats_.assign(std::size_t{total} * kMaxSize, 0);
    goal_.resize(total);
    slot_.assign(total, -1);
    const LineType& primary = *row_type_[g_.primary_row];
    std::array<std::uint8_t, kMaxSize> d{};
    for (std::uint32_t r = 0; r < total; ++r) {
        Cells h = 0;
        for (int y = 0; y < n_; ++y) {
            digits_[r * kMaxSize + y] = d[y];
            h |= row_type_[y]->placements[d[y]].cells;
        }
        hmask_[r] = h;
        for (int x = 0; x < n_; ++x) {
            unsigned pat = 0;
            for (int k = 0; k < n_; ++k) pat |= static_cast<unsigned>(h >> (k * n_ + x) & 1) << k;
            pats_[r * kMaxSize + x] = static_cast<std::uint8_t>(pat);
        }
        goal_[r] = primary.placements[d[g_.primary_row]].start[primary.primary] == g_.goal_start();
        // Next combination: the last row counts fastest.
        for (int y = n_ - 1; y >= 0; --y) {
            if (++d[y] < row_type_[y]->placements.size()) break;
            d[y] = 0;
        }
    }
}

// Every goal board is at distance 0, and only the primary piece's moves
// lead off it (see signature_search.h), each to a board whose only goal
// board one move away is this one. The goal boards of a row combination lie
// together in rank order. At the goal the primary piece holds its row's
// last two cells, so the last two columns never stand in its way: its moves
// are looked up once for every placement of those two, and the boards they
// reach are ranked from a sum over the other columns made once.
std::size_t SignatureSearch::leave_goal_boards() {
    Node* const queue = queue_.data();
    std::uint8_t* const dist = dist_.data();
    std::uint32_t* const unfound = unfound_.data();
    std::size_t queued = 0;
    const int y = g_.primary_row, last = n_ - 2;  // last: first column the primary piece holds at the goal
    const LineType& row = *row_type_[y];
    const unsigned line = (1u << n_) - 1;
    for (const Feasible& f : feasible_) {
        if (!goal_[f.r]) continue;
        std::array<std::uint8_t, kMaxSize> k{}, fitting{};
        std::array<const std::uint8_t*, kMaxSize> nth{};
        std::uint64_t size = 1;
        for (int x = 0; x < n_; ++x) {
            fitting[x] = fit_[x]->count[f.pattern[x]];
            nth[x] = fit_[x]->nth[f.pattern[x]].data();
            size *= fitting[x];
        }
        std::memset(dist + f.offset, 0, size);
        const unsigned from = digits_[f.r * kMaxSize + y];
        const LinePlacement* const near = column_type_[last]->placements.data();
        const LinePlacement* const far = column_type_[last + 1]->placements.data();
        for (;;) {
            // Columns before the last two: their placements, cells and block digits.
            std::uint32_t q = 0, block = f.first_block;
            Cells vertical = 0;
            for (int x = 0; x < last; ++x) {
                const unsigned p = nth[x][k[x]];
                q |= p << (4 * x);
                vertical |= column_type_[x]->placements[p].cells;
                block += static_cast<std::uint32_t>(f.group[x][p]) * f.block_stride[x];
            }
            struct Target {
                std::uint32_t r, rank;  // the rank without the last two columns' shares
                const std::uint32_t* shares;
                Cells moved;
            };
            std::array<Target, kMaxFreeMoves> targets;
            int count = 0;
            const std::uint16_t* at = &row.free_begin[from * kPatterns + (vertical >> (y * n_) & line)];
            for (std::uint16_t i = at[0]; i < at[1]; ++i) {
                const LineStep m = row.free_moves[i];
                const std::uint32_t r = f.r + (static_cast<std::uint32_t>(m.to) - from) * row_stride_[y];
                const std::uint32_t* to = shares_of(slot_[r]);
                std::uint32_t rank = 0;
                for (int x = 0; x < last; ++x) rank += to[share_at(x, nth[x][k[x]])];
                targets[static_cast<std::size_t>(count++)] = {r, rank, to, Cells{4u * y + m.item + 1} << kMovedShift};
            }
            for (int a = 0; count && a < fitting[last]; ++a) {
                const unsigned pa = nth[last][a];
                for (int b = 0; b < fitting[last + 1]; ++b) {
                    const unsigned pb = nth[last + 1][b];
                    const std::uint32_t cluster = block_joined_[block + static_cast<std::uint32_t>(f.group[last][pa]) * f.block_stride[last] +
                                                                static_cast<std::uint32_t>(f.group[last + 1][pb]) * f.block_stride[last + 1]];
                    const std::uint32_t columns = q | pa << (4 * last) | pb << (4 * (last + 1)) | from << kPlacementShift;
                    const Cells cells = vertical | near[pa].cells | far[pb].cells;
                    for (int t = 0; t < count; ++t) {
                        const Target& to = targets[static_cast<std::size_t>(t)];
                        const std::uint32_t rank = to.rank + to.shares[share_at(last, pa)] + to.shares[share_at(last + 1, pb)];
                        dist[rank] = 1;
                        --unfound[cluster];  // a board's neighbours share its cluster
                        queue[queued++] = Node{to.r, columns, rank, cluster, cells | to.moved};
                    }
                }
            }
            int x = last - 1;
            while (x >= 0 && ++k[x] == fitting[x]) k[x--] = 0;
            if (x < 0) break;
        }
    }
    return queued;
}

// f(next, piece): piece is 4 * line + item, rows first then columns.
//
// A board b the search reached from a board a by moving a piece P keeps P
// (one more than its number, over kBoardCells) and where P stood (over
// kPlacementBits), and makes fewer moves:
// - none of P: in one move a piece goes anywhere its line leaves free, so
//   they lead where P went from a, all reached already;
// - none of a piece Q numbered below P whose cells from start to end of the
//   move miss P's: Q's move and P's then commute, and the board b + Q is
//   a + Q + P. When b + Q is one level beyond b, a + Q is on b's level (a
//   goal board, on level 0, makes every move of the primary piece) and makes
//   P's move to b + Q unless it was reached by moving P (then b + Q was
//   reached with it) or a piece numbered above P whose move misses P's (then
//   the same holds one step back): the last piece's number grows each step,
//   so some board on b's level makes the move.
// Together they spare three moves in five (6x6, two walls); most are passed
// over a line at a time, unlooked at.
//
// Each line's free moves are copied whole into one list (kMaxFreeMoves
// entries; the count then advances by the list's length), and the list is
// walked once: a loop per line, ended on a branch that cannot be foreseen,
// cost more than the moves it made, a dozen times a board.
template <class F>
void SignatureSearch::for_each_neighbour(const Node& n, F&& f) const {
    const Cells vertical = n.vertical & kBoardCells;
    const unsigned moved = static_cast<unsigned>(n.vertical >> kMovedShift);
    const std::uint32_t columns = n.q & ~kPlacementBits;
    // The cells P covered from start to end of its move: none at a goal
    // board. Pieces are numbered by line, rows first: below a row's piece
    // lie the rows above it, which miss it; below a column's lie the columns
    // left of it, which miss it, and the rows, which miss it unless they
    // cross its cells. Those lines are passed over whole.
    Cells swept = ~Cells{0};
    int first_row = 0, first_column = 0;
    Cells crossing = ~Cells{0};  // rows that can meet P: bit y * N
    if (moved != 0) {
        const int l = static_cast<int>(moved - 1) / 4;
        const unsigned from = n.q >> kPlacementShift;
        if (l < n_) {
            const LineType& t = *row_type_[l];
            swept = sweep(t, from, digits_[n.r * kMaxSize + l], static_cast<unsigned>(l));
            first_row = l;
        } else {
            const int x = l - n_;
            const LineType& t = *column_type_[x];
            swept = sweep(t, from, n.q >> (4 * x) & 15, static_cast<unsigned>(l));
            first_column = x;
            crossing = swept >> x;
        }
    }
    const unsigned line = (1u << n_) - 1;
    std::array<LineStep, (kMaxSize + 1) * kMaxFreeMoves> moves;
    std::uint32_t count = 0;
    for (int y = first_row; y < n_; ++y) {
        if (!(crossing >> (y * n_) & 1)) continue;
        const LineType& t = *row_type_[y];
        const std::uint16_t* at = &t.free_begin[digits_[n.r * kMaxSize + y] * kPatterns + (vertical >> (y * n_) & line)];
        std::memcpy(&moves[count], &t.free_moves[at[0]], sizeof(LineStep) * kMaxFreeMoves);
        count += at[1] - at[0];
    }
    // A row move keeps every column's placement: its digits, read once.
    std::array<unsigned, kMaxSize> placement;
    for (int x = 0; x < kMaxSize; ++x) placement[x] = n.q >> (4 * x) & 15;
    for (std::uint32_t i = 0; i < count; ++i) {
        const LineStep m = moves[i];
        const unsigned piece = 4u * m.line + m.item;
        const unsigned p = digits_[n.r * kMaxSize + m.line];
        if (piece + 1 == moved) continue;
        if (piece + 1 < moved) {
            const LineType& t = *row_type_[m.line];
            if (!(sweep(t, p, m.to, m.line) & swept)) continue;
        }
        const std::uint32_t r = n.r + (static_cast<std::uint32_t>(m.to) - p) * row_stride_[m.line];
        const std::uint32_t* to = shares_of(slot_[r]);
        std::uint32_t rank = 0;
        for (int x = 0; x < kMaxSize; ++x) rank += to[share_at(x, placement[x])];  // 0 past the board's side
        f(Node{r, columns | p << kPlacementShift, rank, n.cluster, vertical | Cells{piece + 1} << kMovedShift},
          static_cast<int>(piece));
    }
    const std::int32_t slot = slot_[n.r];
    const Feasible& here = feasible_[static_cast<std::size_t>(slot)];
    const std::uint32_t* shares = shares_of(slot);
    count = 0;
    for (int x = first_column; x < n_; ++x) {
        const LineType& t = *column_type_[x];
        const std::uint16_t* at = &t.free_begin[(n.q >> (4 * x) & 15) * kPatterns + here.pattern[x]];
        std::memcpy(&moves[count], &t.free_moves[at[0]], sizeof(LineStep) * kMaxFreeMoves);
        count += at[1] - at[0];
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        const LineStep m = moves[i];
        const int x = m.line;
        const unsigned piece = 4u * static_cast<unsigned>(n_ + x) + m.item;
        if (piece + 1 == moved) continue;
        const unsigned p = n.q >> (4 * x) & 15;
        const LineType& t = *column_type_[x];
        if (piece + 1 < moved && !(sweep(t, p, m.to, static_cast<unsigned>(n_ + x)) & swept))
            continue;
        const std::uint32_t q = (columns & ~(15u << (4 * x))) | static_cast<std::uint32_t>(m.to) << (4 * x) | p << kPlacementShift;
        const std::uint32_t r = n.rank - shares[share_at(x, p)] + shares[share_at(x, m.to)];
        f(Node{n.r, q, r, n.cluster,
               (vertical ^ t.placements[p].cells ^ t.placements[m.to].cells) | Cells{piece + 1} << kMovedShift},
          static_cast<int>(piece));
    }
}

void SignatureSearch::search(const TypeChoice& column_types, const std::vector<std::uint32_t>& feasible,
                             Counts& counts, std::vector<Puzzle>& puzzles) {
    column_types_ = column_types;
    for (int x = 0; x < n_; ++x) {
        column_type_[x] = &g_.columns[static_cast<std::size_t>(x)][static_cast<std::size_t>(column_types[x])];
        fit_[x] = &g_.fits[static_cast<std::size_t>(x)][static_cast<std::size_t>(column_types[x])];
    }
    clusters_.clear();
    items_.clear();
    for (int y = 0; y < n_; ++y)
        for (std::size_t i = 0; i < row_type_[y]->lengths.size(); ++i) {
            if (y == g_.primary_row && static_cast<int>(i) == row_type_[y]->primary) primary_item_ = static_cast<int>(items_.size());
            items_.push_back({y, row_type_[y]->lengths[i] == 1});
        }
    for (int x = 0; x < n_; ++x)
        for (std::size_t i = 0; i < column_type_[x]->lengths.size(); ++i) items_.push_back({n_ + x, false});
    // Every placement first: it needs no row combination, and already
    // rules out most signatures that cannot hold a puzzle.
    if (!every_cluster_ && !can_hold_puzzle()) return;
    // Placements the boards use: walls and pieces that always stand in a
    // line's way leave items fewer cells than their types allow. Every
    // combination given leaves each column a placement, so each holds boards.
    std::array<std::uint16_t, 2 * kMaxSize> used{};
    for (const std::uint32_t r : feasible) {
        for (int y = 0; y < n_; ++y) used[y] |= static_cast<std::uint16_t>(1u << digits_[r * kMaxSize + y]);
        for (int x = 0; x < n_; ++x) used[n_ + x] |= fit_[x]->fitting[pats_[r * kMaxSize + x]];
    }
    const bool can_hold = can_hold_puzzle(used);
    // In a signature where no board is a minimal puzzle, there is nothing
    // to count either when only puzzle clusters are asked for.
    if (!every_cluster_ && !can_hold) return;
    feasible_.resize(feasible.size());
    std::uint64_t total = 0, blocks = 0;
    for (std::size_t i = 0; i < feasible.size(); ++i) {
        const std::uint32_t r = feasible[i];
        // Columns past the board's side: group 0, strides 0.
        static constexpr std::array<std::int8_t, 16> kNoColumn{};
        Feasible& f = feasible_[i] = Feasible{total, r, {}, {}, static_cast<std::uint32_t>(blocks), {}, {}};
        f.group.fill(kNoColumn.data());
        std::uint64_t size = 1, block_size = 1;
        for (int x = n_ - 1; x >= 0; --x) {
            const std::uint8_t pattern = pats_[r * kMaxSize + x];
            f.stride[x] = static_cast<std::uint32_t>(size);
            f.pattern[x] = pattern;
            f.block_stride[x] = static_cast<std::uint32_t>(block_size);
            f.group[x] = fit_[x]->group[pattern].data();
            size *= fit_[x]->count[pattern];
            block_size *= fit_[x]->groups[pattern];
        }
        slot_[r] = static_cast<std::int32_t>(i);
        total += size;
        blocks += block_size;
    }
    if (total >= std::numeric_limits<std::uint32_t>::max()) throw std::overflow_error("a signature of over 4 billion boards");
    boards_ = total;
    blocks_ = static_cast<std::uint32_t>(blocks);
    if (every_cluster_ || can_hold) {
        counts.boards += total;
        join_blocks();
        count_clusters(counts);
    }
    // In a signature where no board is a minimal puzzle, counting was all.
    if (can_hold) goal_clusters(counts, puzzles);
    for (const Feasible& f : feasible_) slot_[f.r] = -1;
}

void SignatureSearch::goal_clusters(Counts& counts, std::vector<Puzzle>& puzzles) {
    // Distances to the goal, from the goal boards (leave_goal_boards()).
    dist_.assign(boards_, kFar);
    // Only the placements that fit are ever read; past the board's side,
    // placement 0's share stays 0 (never written), so a rank sums them all.
    shares_.resize(shares_begin(feasible_.size()));
    for (std::size_t i = 0; i < feasible_.size(); ++i) {
        const Feasible& f = feasible_[i];
        std::uint32_t* const shares = &shares_[shares_begin(i)];
        for (int x = 0; x < n_; ++x) {
            const std::uint8_t* nth = fit_[x]->nth[f.pattern[x]].data();
            std::uint32_t share = x == 0 ? static_cast<std::uint32_t>(f.offset) : 0;
            for (int k = 0, fitting = fit_[x]->count[f.pattern[x]]; k < fitting; ++k, share += f.stride[x])
                shares[share_at(x, nth[k])] = share;
        }
    }
    unfound_.resize(blocks_);
    for (std::uint32_t b = 0; b < blocks_; ++b)
        if (block_joined_[b] == b) unfound_[b] = static_cast<std::uint32_t>(block_boards_[b] - block_goals_[b]);
    // Each board enters the queue once: room for all of them, and the
    // queue's end kept in a local the compiler can hold in a register.
    if (queue_.size() < boards_) queue_.resize(boards_);
    Node* const queue = queue_.data();
    std::uint8_t* const dist = dist_.data();
    std::uint32_t* const unfound = unfound_.data();
    std::size_t queued = leave_goal_boards();
    auto reach = [&](std::uint8_t d) {
        return [&, d](const Node& next, int) {
            std::uint8_t& far = dist[next.rank];
            if (far != kFar) return;
            far = d;
            --unfound[next.cluster];  // a board's neighbours share its cluster
            queue[queued++] = next;
        };
    };
    // The queue holds the boards level by level, from distance 1: a board's
    // distance is its level's, never read back from dist_.
    for (std::size_t i = 0, level_end = queued, d = 1; i < queued; ++d, level_end = queued) {
        const auto on = reach(static_cast<std::uint8_t>(d + 1));
        for (; i < level_end; ++i) {
            const Node n = queue[i];
            if (unfound[n.cluster] == 0) continue;  // nothing of its cluster left to reach
            if (d + 1 >= kFar) throw std::overflow_error("a cluster deeper than 254 moves");
            for_each_neighbour(n, on);
        }
    }

    // Each cluster's hardest board: from the far end of the queue, its first
    // board gives its greatest distance. A cluster of goal boards alone has
    // none: its boards are 0 moves away, no puzzle.
    // The turned signature's puzzle is its own least hardest board: the
    // same boards, compared turned.
    const bool turning = turned_puzzles_ != nullptr;
    auto turned_key = [&](const Node& n) {
        return std::pair{turned(hmask_[n.r], n_), turned(n.vertical & kBoardCells, n_)};
    };
    cluster_of_.assign(blocks_, -1);
    clusters_.clear();
    for (std::size_t i = queued; i-- > 0;) {
        const Node& n = queue[i];
        const std::uint32_t top = n.cluster;
        std::int32_t& c = cluster_of_[top];
        const int d = dist_[n.rank];
        if (c < 0) {
            c = static_cast<std::int32_t>(clusters_.size());
            clusters_.push_back(Cluster{d, n, -1, n, -1});
            continue;
        }
        Cluster& cl = clusters_[static_cast<std::size_t>(c)];
        if (d != cl.moves) continue;
        if (std::pair{hmask_[n.r], n.vertical & kBoardCells} < std::pair{hmask_[cl.hardest.r], cl.hardest.vertical & kBoardCells})
            cl.hardest = n;
        if (turning && turned_key(n) < turned_key(cl.turned)) cl.turned = n;
    }
    if (!puzzles_kept_) return;
    bool kept = false;
    for (Cluster& cl : clusters_) {
        const std::uint64_t size = block_boards_[cl.hardest.cluster];
        const bool own = minimal(cl.hardest, cl.moves);
        if (own) {
            keep(board_of(cl.hardest, -1), cl.moves, size, counts, puzzles);
            cl.puzzle = static_cast<std::int32_t>(puzzles.size() - 1);
            kept = true;
        }
        if (turning && (cl.turned.rank == cl.hardest.rank ? own : minimal(cl.turned, cl.moves))) {
            keep(turned(board_of(cl.turned, -1)), cl.moves, size, *turned_counts_, *turned_puzzles_);
            cl.turned_puzzle = static_cast<std::int32_t>(turned_puzzles_->size() - 1);
            kept = true;
        }
    }
    if (!kept) return;
    auto level = [&](const Cluster& cl, std::size_t d) -> std::array<std::uint64_t*, 2> {
        return {cl.puzzle >= 0 ? &puzzles[static_cast<std::size_t>(cl.puzzle)].goal_levels[d] : nullptr,
                cl.turned_puzzle >= 0 ? &(*turned_puzzles_)[static_cast<std::size_t>(cl.turned_puzzle)].goal_levels[d]
                                      : nullptr};
    };
    for (const Cluster& cl : clusters_)
        for (std::uint64_t* at : level(cl, 0))
            if (at) *at = block_goals_[cl.hardest.cluster];
    for (std::size_t i = 0; i < queued; ++i) {
        const Node& n = queue[i];
        const Cluster& cl = clusters_[static_cast<std::size_t>(cluster_of_[n.cluster])];
        if (cl.puzzle < 0 && cl.turned_puzzle < 0) continue;
        for (std::uint64_t* at : level(cl, dist_[n.rank]))
            if (at) ++*at;
    }
}

std::optional<SignatureSearch::Farthest> SignatureSearch::farthest() const {
    const Cluster* best = nullptr;
    for (const Cluster& cl : clusters_)
        if (!best || cl.moves > best->moves) best = &cl;
    if (!best) return std::nullopt;
    return Farthest{board_of(best->hardest, -1), best->moves, block_boards_[best->hardest.cluster]};
}

void SignatureSearch::join_blocks() {
    // Blocks of each row combination, in mixed radix over the columns' groups.
    const std::uint32_t blocks = blocks_;
    block_joined_.resize(blocks);
    block_boards_.resize(blocks);
    block_goals_.resize(blocks);
    auto root = [&](std::uint32_t b) {
        while (block_joined_[b] != b) b = block_joined_[b] = block_joined_[block_joined_[b]];
        return b;
    };
    for (const Feasible& f : feasible_) {
        // One-cell moves of the rows from this row combination: a piece
        // takes the cell of one column and frees that of another; the other
        // columns keep their pattern, so their group. Blocks are numbered in
        // order of their row combination, and a move between two is met
        // from both: only those to an earlier one (a placement of the row
        // before this one) join.
        joins_.clear();
        for (int y = 0; y < n_; ++y) {
            const unsigned p = digits_[f.r * kMaxSize + y];
            for (const CellStep& s : row_type_[y]->cell_steps[p]) {
                const std::int32_t slot = slot_[f.r - (p - s.to) * row_stride_[y]];
                if (slot >= 0) joins_.push_back({&feasible_[static_cast<std::size_t>(slot)], static_cast<std::uint8_t>(y), s.take, s.free});
            }
        }
        std::array<std::uint8_t, kMaxSize> groups{}, g{};
        for (int x = 0; x < n_; ++x) groups[x] = fit_[x]->groups[f.pattern[x]];
        for (std::uint32_t b = f.first_block;; ++b) {
            std::uint64_t boards = 1;
            for (int x = 0; x < n_; ++x) boards *= fit_[x]->group_size[f.pattern[x]][g[x]];
            block_joined_[b] = b;
            block_boards_[b] = boards;
            block_goals_[b] = goal_[f.r] ? boards : 0;
            std::uint32_t top = b;  // the root of this block's cluster so far
            for (const Join& j : joins_) {
                const int take = j.take, free = j.free;
                const std::uint16_t landing = fit_[take]->narrowed[f.pattern[take]][g[take]][j.row];
                if (!landing) continue;  // every placement of that group covers the cell
                const Feasible& to = *j.to;
                std::uint32_t target = to.first_block;
                for (int x = 0; x < kMaxSize; ++x) target += g[x] * to.block_stride[x];
                const auto widened = static_cast<std::uint32_t>(fit_[free]->widened[f.pattern[free]][g[free]][j.row]);
                target += (widened - g[free]) * to.block_stride[free] - g[take] * to.block_stride[take];
                for (unsigned bits = landing; bits; bits &= bits - 1) {
                    const std::uint32_t other = target + static_cast<std::uint32_t>(__builtin_ctz(bits)) * to.block_stride[take];
                    const std::uint32_t c = root(other);
                    if (top == c) continue;
                    block_joined_[std::max(top, c)] = std::min(top, c);
                    top = std::min(top, c);
                }
            }
            int x = n_ - 1;
            while (x >= 0 && ++g[x] == groups[x]) g[x--] = 0;
            if (x < 0) break;
        }
    }
    // Each cluster's boards and goal, at its root (the least block, seen
    // first); every block then points at its root.
    for (std::uint32_t b = 0; b < blocks; ++b) {
        const std::uint32_t top = root(b);
        block_joined_[b] = top;
        if (top == b) continue;
        block_boards_[top] += block_boards_[b];
        block_goals_[top] += block_goals_[b];
    }
}

void SignatureSearch::count_clusters(Counts& counts) const {
    for (std::uint32_t b = 0; b < blocks_; ++b) {
        if (block_joined_[b] != b) continue;
        if (every_cluster_) ++counts.clusters;
        if (!block_goals_[b]) continue;
        if (!every_cluster_) ++counts.clusters;
        ++counts.with_goal;
    }
}


Board SignatureSearch::board_of(const Node& n, int without) const {
    Board b;
    b.width = b.height = n_;
    b.exit = Side::Right;
    b.blocks.push_back({});  // the primary piece, set below
    for (int y = 0; y < n_; ++y) {
        const LineType& t = *row_type_[y];
        const LinePlacement& p = t.placements[digits_[n.r * kMaxSize + y]];
        for (std::size_t i = 0; i < t.lengths.size(); ++i) {
            const auto row = static_cast<std::uint8_t>(y), col = static_cast<std::uint8_t>(p.start[i]);
            if (static_cast<int>(i) == t.primary) {
                b.blocks[0] = {row, col, 2, Axis::Horizontal};
            } else if (4 * y + static_cast<int>(i) == without) {
                continue;
            } else if (t.lengths[i] == 1) {
                b.fixed.push_back({row, col});
            } else {
                b.blocks.push_back({row, col, static_cast<std::uint8_t>(t.lengths[i]), Axis::Horizontal});
            }
        }
    }
    for (int x = 0; x < n_; ++x) {
        const LineType& t = *column_type_[x];
        const LinePlacement& p = t.placements[n.q >> (4 * x) & 15];
        for (std::size_t i = 0; i < t.lengths.size(); ++i) {
            if (4 * (n_ + x) + static_cast<int>(i) == without) continue;
            b.blocks.push_back({static_cast<std::uint8_t>(p.start[i]), static_cast<std::uint8_t>(x),
                                static_cast<std::uint8_t>(t.lengths[i]), Axis::Vertical});
        }
    }
    return b;
}

bool SignatureSearch::minimal(const Node& hardest, int moves) {
    // Pieces moved on one shortest way to the goal: taking one of them off
    // shortens that way, so only the others need a search.
    std::uint64_t moved = 0;
    Node at = hardest;
    for (int d = moves; d > 0; --d) {
        at.vertical &= kBoardCells;  // every move, the way back included
        bool stepped = false;
        Node next{};
        for_each_neighbour(at, [&](const Node& n, int piece) {
            if (stepped || dist_[n.rank] != d - 1) return;
            stepped = true;
            next = n;
            moved |= std::uint64_t{1} << piece;
        });
        at = next;
    }
    auto check = [&](int line, const LineType& t) {
        for (std::size_t i = 0; i < t.lengths.size(); ++i) {
            if (static_cast<int>(i) == t.primary) continue;
            const int piece = 4 * line + static_cast<int>(i);
            if (moved >> piece & 1) continue;
            const Board without = board_of(hardest, piece);
            // Up to 21 pieces a board fits 64 bits; a 7x7 board may hold 24.
            const bool reaches = static_cast<int>(without.blocks.size()) <= UnblockRules<std::uint64_t>::kMaxBlocks
                                     ? reaches_goal_within(without, moves - 1, probe_)
                                     : reaches_goal_within(without, moves - 1, wide_probe_);
            if (!reaches) return false;
        }
        return true;
    };
    for (int y = 0; y < n_; ++y)
        if (!check(y, *row_type_[y])) return false;
    for (int x = 0; x < n_; ++x)
        if (!check(n_ + x, *column_type_[x])) return false;
    return true;
}

void SignatureSearch::keep(const Board& b, int moves, std::uint64_t size, Counts& counts,
                           std::vector<Puzzle>& puzzles) {
    const int n = b.width;
    Puzzle p;
    // Labels in reading order of each piece's first cell, as Board::grid().
    std::vector<std::pair<int, int>> first;  // cell, block
    for (std::size_t i = 1; i < b.blocks.size(); ++i)
        first.push_back({b.blocks[i].row * n + b.blocks[i].col, static_cast<int>(i)});
    std::sort(first.begin(), first.end());
    p.grid.assign(static_cast<std::size_t>(n * n), '.');
    for (const Cell& c : b.fixed) p.grid[static_cast<std::size_t>(c.row * n + c.col)] = 'x';
    auto draw = [&](const Block& k, char label) {
        for (int j = 0; j < k.length; ++j) {
            const int cell = k.axis == Axis::Horizontal ? k.row * n + k.col + j : (k.row + j) * n + k.col;
            p.grid[static_cast<std::size_t>(cell)] = label;
        }
    };
    draw(b.blocks[0], Board::label(0));
    for (std::size_t k = 0; k < first.size(); ++k)
        draw(b.blocks[static_cast<std::size_t>(first[k].second)], Board::label(static_cast<int>(k + 1)));
    p.moves = moves;
    p.cluster_size = size;
    p.goal_levels.assign(static_cast<std::size_t>(moves) + 1, 0);  // filled by the caller
    p.walls = static_cast<int>(b.fixed.size());
    p.blocks = static_cast<int>(b.blocks.size());

    ++counts.puzzles;
    counts.puzzle_boards += p.cluster_size;
    if (counts.by_moves.size() <= static_cast<std::size_t>(moves)) counts.by_moves.resize(static_cast<std::size_t>(moves) + 1);
    ++counts.by_moves[static_cast<std::size_t>(moves)];
    puzzles.push_back(std::move(p));
}

}  // namespace slidedb::enumeration
