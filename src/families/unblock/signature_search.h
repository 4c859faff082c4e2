// The clusters of one signature: a type for every row and every column.
//
// Boards of a signature differ only in where each line's items stand, and a
// move keeps the signature, so its boards split into whole clusters. They are
// numbered densely: for a row combination r (one placement per row) the
// columns are independent, each taking any of its placements that avoid the
// rows' cells, so the boards with rows r form a product, ranked in mixed
// radix after the boards of the row combinations before r. A byte per board
// holds its distance to the goal.
//
// Clusters are found on blocks of boards rather than boards (see
// Feasible::first_block): a block lies in one cluster, and one-cell row moves
// join blocks. The blocks also give each cluster's size and its goal boards
// (a block's boards are all goal boards or none).
//
// One search from every goal board of the signature at once then gives each
// board of a cluster with a goal its distance (a board's nearest goal is in
// its own cluster). A move that leaves a goal board with the primary piece in
// place reaches a goal board, so from the goal boards only the primary piece
// is moved, and they are not queued: a quarter of the boards searched are
// goal boards, and their other moves were a fifth of all the moves looked
// at. Each board carries its cluster, and once the search has reached every
// board of a cluster it expands none of them: the boards at its greatest
// distance, and often more, are never expanded.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "families/unblock/enumeration.h"
#include "families/unblock/line_types.h"
#include "families/unblock/mirror.h"
#include "families/unblock/signature.h"
#include "families/unblock/seen_boards.h"
#include "families/unblock/board.h"

namespace slidedb::enumeration {

class SignatureSearch {
public:
    // every_cluster false: only clusters with a goal board, and only in
    // signatures where a minimal puzzle can be (see can_hold_puzzle()).
    SignatureSearch(const Geometry& g, bool every_cluster);

    // Fixes the row types; row combinations are then 0 .. row_combinations() - 1.
    void set_rows(const TypeChoice& row_types);
    std::uint32_t row_combinations() const { return static_cast<std::uint32_t>(hmask_.size()); }
    // Cells of column x that rows of combination r hold, as an N-bit pattern.
    unsigned pattern(std::uint32_t r, int x) const { return pats_[r * kMaxSize + x]; }

    // Visits every cluster of the signature (rows as set, these column
    // types), given the row combinations that leave every column a placement.
    void search(const TypeChoice& column_types, const std::vector<std::uint32_t>& feasible,
                Counts& counts, std::vector<Puzzle>& puzzles);

    // Off: search() finds each cluster's hardest board but checks none for
    // minimality and keeps no puzzle; farthest() then says which is hardest.
    void set_puzzles_kept(bool kept) { puzzles_kept_ = kept; }

    // On a board of odd side: search() also keeps the puzzles of the
    // signatures turned upside down (mirror.h), counted into these (puzzles
    // alone: every other figure is the signature's own); nullptr: not.
    void turn_into(Counts* counts, std::vector<Puzzle>* puzzles) {
        turned_counts_ = counts;
        turned_puzzles_ = puzzles;
    }

    // After search(): the cluster with a goal whose hardest board needs the
    // most moves (ties: the first found), its board and size; nothing when
    // no cluster has a goal or the signature can hold no puzzle.
    struct Farthest {
        Board board;
        int moves = 0;
        std::uint64_t cluster_size = 0;
    };
    std::optional<Farthest> farthest() const;

    // Whether every piece and wall can stop the primary piece, or stop a
    // piece that can, and so on (see every_item_felt()). One that cannot never changes
    // how far a board is from the goal, so taking it off never shortens the
    // way: no board of the signature is a minimal puzzle.
    bool can_hold_puzzle() const;
    // The same, over only the placements boards of the signature use
    // (search() has set the row combinations that fit): by line, rows then
    // columns, a bit a placement.
    bool can_hold_puzzle(const std::array<std::uint16_t, 2 * kMaxSize>& used) const;

private:
    struct Node {
        std::uint32_t r;  // row combination
        std::uint32_t q;  // column placements, 4 bits each; over kPlacementBits, where the piece moved last stood
        std::uint32_t rank;
        std::uint32_t cluster;  // its root block
        Cells vertical;   // cells of the columns' pieces; over kBoardCells, the piece moved last (+ 1)
    };
    static constexpr int kMovedShift = 56;  // a 7x7 board's cells take 49 bits
    static constexpr Cells kBoardCells = (Cells{1} << kMovedShift) - 1;
    static constexpr int kPlacementShift = 28;  // 7 columns' placements take 28 bits
    static constexpr std::uint32_t kPlacementBits = 15u << kPlacementShift;
    // The cells a move of one item of line l (type t) covers from start to
    // end, placement a to b: the placements differ in that item alone.
    Cells sweep(const LineType& t, unsigned a, unsigned b, unsigned l) const {
        const Cells changed = t.placements[a].cells ^ t.placements[b].cells;
        const Cells low = changed & (~changed + 1), high = Cells{1} << (63 - __builtin_clzll(changed));
        return ((high << 1) - low) & line_cells_[l];
    }
    // A row combination that leaves every column a placement: where its
    // boards start in rank order, and for each column the stride of its
    // digit and the pattern of cells the rows hold there (a placement's rank
    // among those that fit is in its rank shares, shares_).
    // Its blocks likewise: the first, and for each column the stride of its
    // group's digit and the group of each placement.
    struct Feasible {
        std::uint64_t offset;
        std::uint32_t r;
        std::array<std::uint32_t, kMaxSize> stride;
        std::array<std::uint8_t, kMaxSize> pattern;
        std::uint32_t first_block;
        std::array<std::uint32_t, kMaxSize> block_stride;
        std::array<const std::int8_t*, kMaxSize> group;
    };

    // What the search from the goal boards learned of one cluster.
    // Its size and goal boards are those of its root block (hardest.cluster).
    struct Cluster {
        int moves = -1;   // greatest distance to the goal
        Node hardest{};   // the least board at that distance
        std::int32_t puzzle = -1;  // index into the puzzles found, when kept
        Node turned{};    // the board at that distance least once turned upside down
        std::int32_t turned_puzzle = -1;
    };

    // Marks the goal boards and queues the boards one move from them; gives how many.
    std::size_t leave_goal_boards();
    // f(next, piece) for every move.
    template <class F>
    void for_each_neighbour(const Node& n, F&& f) const;
    void join_blocks();
    void count_clusters(Counts& counts) const;
    void goal_clusters(Counts& counts, std::vector<Puzzle>& puzzles);
    // Whether taking any one piece or wall off the board shortens its way to the goal.
    bool minimal(const Node& hardest, int moves);
    static void keep(const Board& b, int moves, std::uint64_t size, Counts& counts, std::vector<Puzzle>& puzzles);
    Board board_of(const Node& n, int without) const;

    const Geometry& g_;
    int n_;  // board side
    std::array<Cells, 2 * kMaxSize> line_cells_{};  // every cell of each line, rows then columns
    bool every_cluster_;
    bool puzzles_kept_ = true;
    Counts* turned_counts_ = nullptr;
    std::vector<Puzzle>* turned_puzzles_ = nullptr;
    TypeChoice row_types_{}, column_types_{};
    std::array<std::uint32_t, kMaxSize> row_stride_{};
    const LineType* row_type_[kMaxSize] = {};
    const LineType* column_type_[kMaxSize] = {};
    const ColumnFit* fit_[kMaxSize] = {};

    // By row combination.
    std::vector<Cells> hmask_;
    std::vector<std::uint8_t> digits_;  // placement of each row, kMaxSize a combination
    std::vector<std::uint8_t> pats_;    // pattern of each column, kMaxSize a combination
    std::vector<std::uint8_t> goal_;    // the primary piece at the goal
    std::vector<std::int32_t> slot_;    // index into feasible_, -1 when not feasible

    std::vector<Feasible> feasible_;
    // By feasible row combination: each column placement's share of a
    // board's rank (its rank times the column's stride, the combination's
    // offset in column 0's), so a board's rank is a sum of loads. A
    // combination's shares are kMaxSize columns of 1 << placement_bits_
    // (the most placements of a column type, rounded up to a power of two:
    // 8 below 7x7), so that they span few cache lines.
    std::vector<std::uint32_t> shares_;
    int placement_bits_ = 0;
    std::size_t shares_begin(std::size_t slot) const { return slot * kMaxSize << placement_bits_; }
    const std::uint32_t* shares_of(std::int32_t slot) const {
        return shares_.data() + shares_begin(static_cast<std::size_t>(slot));
    }
    std::size_t share_at(int x, unsigned placement) const {
        return (static_cast<std::size_t>(x) << placement_bits_) + placement;
    }
    std::uint64_t boards_ = 0;
    std::vector<std::uint8_t> dist_;    // by rank
    std::vector<std::int32_t> cluster_of_;  // by root block: index into clusters_
    std::vector<std::uint32_t> unfound_;    // by root block: boards of the cluster the search has not reached
    std::vector<Cluster> clusters_;
    std::vector<Node> queue_;           // boards reached, by distance to the goal
    // A block is a row combination and, in each column, a group of
    // placements one-cell moves connect (ColumnFit::group).
    std::uint32_t blocks_ = 0;
    std::vector<std::uint32_t> block_joined_;  // union-find parent, then the cluster's root (the least block)
    std::vector<std::uint64_t> block_boards_;  // boards of each block, then of each cluster (at its root)
    std::vector<std::uint64_t> block_goals_;   // goal boards of each block (all or none), then of each cluster
    struct Join {
        const Feasible* to;       // the row combination a one-cell row move leads to
        std::uint8_t row;
        std::int8_t take, free;   // columns of the cells it takes and frees
    };
    std::vector<Join> joins_;  // from one row combination
    SeenBoards probe_;  // for the minimality searches
    WideSeenBoards wide_probe_;  // for those of boards of over 21 pieces
    // Items of the signature, rows then columns, each along its line: its line and whether a wall.
    struct Item {
        int line;
        bool wall;
    };
    static bool every_item_felt(const std::vector<Item>& items, int primary, const Cells* cover, const Cells* step);
    std::vector<Item> items_;
    int primary_item_ = 0;
};

}  // namespace slidedb::enumeration
