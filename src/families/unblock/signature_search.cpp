#include "families/unblock/signature_search.h"

#include <algorithm>
#include <stdexcept>
#include <limits>
#include <utility>

#include "families/unblock/unblock_rules.h"

namespace slidedb::enumeration {

namespace {

constexpr std::uint8_t kFar = 0xFF;  // distance not known yet

// Whether the board reaches a goal board within `limit` moves.
bool reaches_goal_within(const Board& board, int limit, Visited<std::uint64_t>& seen) {
    if (limit < 0) return false;
    const UnblockRules<std::uint64_t> rules(board);
    const std::uint64_t start = rules.start();
    if (rules.is_goal(start)) return true;
    constexpr std::uint32_t kBatch = Visited<std::uint64_t>::kBatch;
    seen.clear();
    seen.insert(&start, 1);
    std::uint32_t begin = 0, before = 0;
    for (int depth = 0; depth < limit && begin < seen.size(); ++depth) {
        const std::uint32_t end = seen.size();
        seen.forget_before(before);
        before = begin;
        std::uint64_t batch[kBatch];
        std::uint32_t n = 0;
        bool found = false;
        for (std::uint32_t i = begin; i < end && !found; ++i) {
            rules.for_each_successor(seen.board(i), [&](std::uint64_t b) {
                found |= rules.is_goal(b);
                if (n == kBatch) seen.insert(batch, std::exchange(n, 0));
                batch[n++] = b;
            });
        }
        if (found) return true;
        seen.insert(batch, n);
        begin = end;
    }
    return false;
}

}  // namespace

SignatureSearch::SignatureSearch(const Geometry& g, bool every_cluster)
    : g_(g), n_(g.size), every_cluster_(every_cluster) {}

bool SignatureSearch::can_hold_puzzle() const {
    struct Item {
        Cells reach;
        int line;
    };
    std::array<Item, 2 * kMaxSize * kMaxLineItems> items;
    int count = 0, primary = 0;
    for (int y = 0; y < n_; ++y)
        for (std::size_t i = 0; i < row_type_[y]->lengths.size(); ++i) {
            if (y == g_.primary_row && static_cast<int>(i) == row_type_[y]->primary) primary = count;
            items[static_cast<std::size_t>(count++)] = {row_type_[y]->reach[i], y};
        }
    for (int x = 0; x < n_; ++x)
        for (std::size_t i = 0; i < column_type_[x]->lengths.size(); ++i)
            items[static_cast<std::size_t>(count++)] = {column_type_[x]->reach[i], n_ + x};
    // Grow the primary piece's group: items of one line always meet, others
    // when the cells they may cover overlap.
    std::uint64_t reached = std::uint64_t{1} << primary, grown = 0;
    while (reached != grown) {
        grown = reached;
        for (int a = 0; a < count; ++a) {
            if (!(reached >> a & 1)) continue;
            for (int b = 0; b < count; ++b)
                if (items[static_cast<std::size_t>(a)].line == items[static_cast<std::size_t>(b)].line ||
                    (items[static_cast<std::size_t>(a)].reach & items[static_cast<std::size_t>(b)].reach))
                    reached |= std::uint64_t{1} << b;
        }
    }
    return reached == (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1);
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

Cells SignatureSearch::vertical_cells(std::uint32_t q) const {
    Cells v = 0;
    for (int x = 0; x < n_; ++x) v |= column_type_[x]->placements[q >> (4 * x) & 15].cells;
    return v;
}

std::uint64_t SignatureSearch::rank_of(std::uint32_t r, std::uint32_t q) const {
    const Feasible& f = feasible_[static_cast<std::size_t>(slot_[r])];
    std::uint64_t rank = f.offset;
    for (int x = 0; x < n_; ++x)
        rank += static_cast<std::uint64_t>(fit_[x]->rank[pats_[r * kMaxSize + x]][q >> (4 * x) & 15]) * f.stride[x];
    return rank;
}

// f(next, piece): piece is 4 * line + item, rows first then columns.
template <class F>
void SignatureSearch::for_each_neighbour(const Node& n, F&& f) const {
    const Cells vertical = vertical_cells(n.q), horizontal = hmask_[n.r];
    for (int y = 0; y < n_; ++y) {
        const unsigned p = digits_[n.r * kMaxSize + y];
        for (const LineMove& m : row_type_[y]->moves[p]) {
            if (m.sweep & vertical) continue;
            const std::uint32_t r = n.r + (static_cast<std::uint32_t>(m.to) - p) * row_stride_[y];
            f(Node{r, n.q, rank_of(r, n.q)}, 4 * y + m.item);
        }
    }
    const Feasible& at = feasible_[static_cast<std::size_t>(slot_[n.r])];
    for (int x = 0; x < n_; ++x) {
        const unsigned p = n.q >> (4 * x) & 15;
        const auto& rank = fit_[x]->rank[pats_[n.r * kMaxSize + x]];
        for (const LineMove& m : column_type_[x]->moves[p]) {
            if (m.sweep & horizontal) continue;
            const std::uint32_t q = (n.q & ~(15u << (4 * x))) | static_cast<std::uint32_t>(m.to) << (4 * x);
            const std::uint64_t r = n.rank + static_cast<std::uint64_t>(rank[m.to] - rank[p]) * at.stride[x];
            f(Node{n.r, q, r}, 4 * (n_ + x) + m.item);
        }
    }
}

void SignatureSearch::search(const TypeChoice& column_types, const std::vector<std::uint32_t>& feasible,
                             Counts& counts, std::vector<Puzzle>& puzzles) {
    column_types_ = column_types;
    for (int x = 0; x < n_; ++x) {
        column_type_[x] = &g_.columns[static_cast<std::size_t>(x)][static_cast<std::size_t>(column_types[x])];
        fit_[x] = &g_.fits[static_cast<std::size_t>(x)][static_cast<std::size_t>(column_types[x])];
    }
    if (!every_cluster_ && !can_hold_puzzle()) return;
    feasible_.clear();
    std::uint64_t total = 0;
    for (const std::uint32_t r : feasible) {
        Feasible f{total, r, {}};
        std::uint64_t size = 1;
        for (int x = n_ - 1; x >= 0; --x) {
            f.stride[x] = static_cast<std::uint32_t>(size);
            size *= fit_[x]->count[pats_[r * kMaxSize + x]];
        }
        if (size == 0) continue;
        slot_[r] = static_cast<std::int32_t>(feasible_.size());
        feasible_.push_back(f);
        total += size;
    }
    if (total >= std::numeric_limits<std::uint32_t>::max()) throw std::overflow_error("a signature of over 4 billion boards");
    boards_ = total;
    counts.boards += total;
    if (local_.size() < total) local_.resize(total);
    visited_.assign((total + 63) / 64, 0);
    dist_.clear();

    for (std::size_t j = 0; j < feasible_.size(); ++j) {
        const Feasible& f = feasible_[j];
        if (!every_cluster_ && !goal_[f.r]) continue;
        const std::uint64_t end = j + 1 < feasible_.size() ? feasible_[j + 1].offset : total;
        for (std::uint64_t i = f.offset; i < end; ++i) {
            if (visited_[i >> 6] >> (i & 63) & 1) continue;
            std::uint64_t local = i - f.offset;
            std::uint32_t q = 0;
            for (int x = 0; x < n_; ++x) {
                const std::uint64_t k = local / f.stride[x];
                local %= f.stride[x];
                q |= static_cast<std::uint32_t>(fit_[x]->nth[pats_[f.r * kMaxSize + x]][k]) << (4 * x);
            }
            cluster_from(Node{f.r, q, i}, counts, puzzles);
        }
    }
    for (const Feasible& f : feasible_) slot_[f.r] = -1;
}

void SignatureSearch::cluster_from(const Node& start, Counts& counts, std::vector<Puzzle>& puzzles) {
    // The first search keeps each board's neighbours (as ranks), so the
    // second, from the goal boards, only walks those lists.
    cluster_.clear();
    edges_.clear();
    edge_begin_.clear();
    cluster_.push_back(start);
    local_[start.rank] = 0;
    visited_[start.rank >> 6] |= std::uint64_t{1} << (start.rank & 63);
    std::uint64_t goals = 0;
    for (std::size_t i = 0; i < cluster_.size(); ++i) {
        const Node n = cluster_[i];
        goals += goal_[n.r];
        edge_begin_.push_back(static_cast<std::uint32_t>(edges_.size()));
        for_each_neighbour(n, [&](const Node& next, int) {
            edges_.push_back(static_cast<std::uint32_t>(next.rank));
            std::uint64_t& word = visited_[next.rank >> 6];
            const std::uint64_t bit = std::uint64_t{1} << (next.rank & 63);
            if (word & bit) return;
            word |= bit;
            local_[next.rank] = static_cast<std::uint32_t>(cluster_.size());
            cluster_.push_back(next);
        });
    }
    edge_begin_.push_back(static_cast<std::uint32_t>(edges_.size()));
    ++counts.clusters;
    if (goals == 0) return;
    ++counts.with_goal;
    counts.goal_boards += cluster_.size();

    // Distances to the goal: a search from every goal board at once.
    if (dist_.empty()) dist_.assign(boards_, kFar);
    order_.clear();
    for (std::size_t i = 0; i < cluster_.size(); ++i)
        if (goal_[cluster_[i].r]) {
            dist_[cluster_[i].rank] = 0;
            order_.push_back(static_cast<std::uint32_t>(i));
        }
    for (std::size_t k = 0; k < order_.size(); ++k) {
        const std::uint32_t i = order_[k];
        const std::uint8_t d = dist_[cluster_[i].rank];
        if (d + 1 >= kFar) throw std::overflow_error("a cluster deeper than 254 moves");
        for (std::uint32_t e = edge_begin_[i]; e < edge_begin_[i + 1]; ++e) {
            std::uint8_t& far = dist_[edges_[e]];
            if (far != kFar) continue;
            far = static_cast<std::uint8_t>(d + 1);
            order_.push_back(local_[edges_[e]]);
        }
    }
    const int moves = dist_[cluster_[order_.back()].rank];
    // The hardest start: the least board, horizontal cells then vertical.
    Node hardest = cluster_[order_.back()];
    std::pair<Cells, Cells> least{hmask_[hardest.r], vertical_cells(hardest.q)};
    for (std::size_t k = order_.size(); k-- > 0 && dist_[cluster_[order_[k]].rank] == moves;) {
        const Node& n = cluster_[order_[k]];
        const std::pair<Cells, Cells> key{hmask_[n.r], vertical_cells(n.q)};
        if (key < least) least = key, hardest = n;
    }
    analyse(hardest, moves, counts, puzzles);
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

void SignatureSearch::analyse(const Node& hardest, int moves, Counts& counts, std::vector<Puzzle>& puzzles) {
    // Pieces moved on one shortest way to the goal: taking one of them off
    // shortens that way, so only the others need a search.
    std::uint64_t moved = 0;
    Node at = hardest;
    for (int d = moves; d > 0; --d) {
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
    int pieces = 0, walls = 0;
    auto check = [&](int line, const LineType& t) {
        for (std::size_t i = 0; i < t.lengths.size(); ++i) {
            if (static_cast<int>(i) == t.primary) continue;
            ++pieces;
            walls += t.lengths[i] == 1;
            const int piece = 4 * line + static_cast<int>(i);
            if (moved >> piece & 1) continue;
            if (!reaches_goal_within(board_of(hardest, piece), moves - 1, probe_)) return false;
        }
        return true;
    };
    for (int y = 0; y < n_; ++y)
        if (!check(y, *row_type_[y])) return;
    for (int x = 0; x < n_; ++x)
        if (!check(n_ + x, *column_type_[x])) return;

    Puzzle p;
    const Board b = board_of(hardest, -1);
    // Labels in reading order of each piece's first cell, as Board::grid().
    std::vector<std::pair<int, int>> first;  // cell, block
    for (std::size_t i = 1; i < b.blocks.size(); ++i)
        first.push_back({b.blocks[i].row * n_ + b.blocks[i].col, static_cast<int>(i)});
    std::sort(first.begin(), first.end());
    p.grid.assign(static_cast<std::size_t>(n_ * n_), '.');
    for (const Cell& c : b.fixed) p.grid[static_cast<std::size_t>(c.row * n_ + c.col)] = 'x';
    auto draw = [&](const Block& k, char label) {
        for (int j = 0; j < k.length; ++j) {
            const int cell = k.axis == Axis::Horizontal ? k.row * n_ + k.col + j : (k.row + j) * n_ + k.col;
            p.grid[static_cast<std::size_t>(cell)] = label;
        }
    };
    draw(b.blocks[0], Board::label(0));
    for (std::size_t k = 0; k < first.size(); ++k)
        draw(b.blocks[static_cast<std::size_t>(first[k].second)], Board::label(static_cast<int>(k + 1)));
    p.moves = moves;
    p.cluster_size = cluster_.size();
    p.goal_levels.assign(static_cast<std::size_t>(moves) + 1, 0);
    for (const std::uint32_t i : order_) ++p.goal_levels[dist_[cluster_[i].rank]];
    p.walls = static_cast<int>(b.fixed.size());
    p.blocks = static_cast<int>(b.blocks.size());
    (void)pieces;
    (void)walls;

    ++counts.puzzles;
    counts.puzzle_boards += p.cluster_size;
    if (counts.by_moves.size() <= static_cast<std::size_t>(moves)) counts.by_moves.resize(static_cast<std::size_t>(moves) + 1);
    ++counts.by_moves[static_cast<std::size_t>(moves)];
    puzzles.push_back(std::move(p));
}

}  // namespace slidedb::enumeration
