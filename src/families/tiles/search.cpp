#include "families/tiles/search.h"

#include "families/tiles/geometry.h"

namespace slidedb::tiles {

namespace {

constexpr int kMaxGroups = kMaxCells - 1;  // one tile a group at most
constexpr int kMaxDepth = 256;

// The board under search, with each group's placement kept as the table's
// index wants it, for the board and for its mirror image. A move changes one
// tile, so one group's entry on each side is looked up again.
class TileDomain {
public:
    using Move = BlankStep;
    static constexpr int kMaxBranch = 4;

    TileDomain(const TileBoard& start, const PatternSet& set) : set_(set), board_(start) {
        groups_ = static_cast<int>(set.groups.size());
        for (int k = 0; k < groups_; ++k) {
            index_.emplace_back(start.size(), static_cast<int>(set.groups[k].tiles.size()));
            table_[k] = set.groups[k].table->data();
        }
        for (int c = 0; c < start.size(); ++c) {
            const std::uint8_t t = board_.cells[c];
            if (t == kBlank) continue;
            where_[set.group_of[t]][set.slot_of[t]] = static_cast<std::uint8_t>(c);
            const std::uint8_t m = set.mirror_tile[t];
            mirror_where_[set.group_of[m]][set.slot_of[m]] = set.mirror_cell[c];
        }
        sum_ = mirror_sum_ = 0;
        for (int k = 0; k < groups_; ++k) {
            h_[k] = table_[k][index_[k].rank(where_[k])];
            mirror_h_[k] = table_[k][index_[k].rank(mirror_where_[k])];
            sum_ += h_[k];
            mirror_sum_ += mirror_h_[k];
        }
        if (!set.reflect) mirror_sum_ = 0;
    }

    int h() const { return sum_ > mirror_sum_ ? sum_ : mirror_sum_; }
    bool at_goal() const { return sum_ == 0 && board_.cells == set_.goal.cells; }
    int cost(Move) const { return 1; }

    int moves(const Move* last, Move* out) const { return board_.moves(last, out); }

    void apply(Move m) {
        const std::uint8_t t = board_.play(m);
        Saved& s = saved_[depth_++];
        const int k = set_.group_of[t];
        s.h = h_[k];
        where_[k][set_.slot_of[t]] = m.from;
        h_[k] = table_[k][index_[k].rank(where_[k])];
        sum_ += h_[k] - s.h;
        if (set_.reflect) {
            const std::uint8_t mt = set_.mirror_tile[t];
            const int mk = set_.group_of[mt];
            s.mirror_h = mirror_h_[mk];
            mirror_where_[mk][set_.slot_of[mt]] = set_.mirror_cell[m.from];
            mirror_h_[mk] = table_[mk][index_[mk].rank(mirror_where_[mk])];
            mirror_sum_ += mirror_h_[mk] - s.mirror_h;
        }
    }

    void undo(Move m) {
        const std::uint8_t t = board_.undo(m);
        const Saved& s = saved_[--depth_];
        const int k = set_.group_of[t];
        where_[k][set_.slot_of[t]] = m.to;
        sum_ += s.h - h_[k];
        h_[k] = s.h;
        if (set_.reflect) {
            const std::uint8_t mt = set_.mirror_tile[t];
            const int mk = set_.group_of[mt];
            mirror_where_[mk][set_.slot_of[mt]] = set_.mirror_cell[m.to];
            mirror_sum_ += s.mirror_h - mirror_h_[mk];
            mirror_h_[mk] = s.mirror_h;
        }
    }

private:
    struct Saved {
        int h, mirror_h;
    };
    const PatternSet& set_;
    SearchBoard board_;
    int groups_ = 0;
    std::vector<pdb::PlacementIndex> index_;
    const std::uint8_t* table_[kMaxGroups] = {};
    std::uint8_t where_[kMaxGroups][kMaxCells] = {};
    std::uint8_t mirror_where_[kMaxGroups][kMaxCells] = {};
    int h_[kMaxGroups] = {}, mirror_h_[kMaxGroups] = {};
    int sum_ = 0, mirror_sum_ = 0;
    Saved saved_[kMaxDepth + 1] = {};
    int depth_ = 0;
};

}  // namespace

TileSearchResult tile_result(const TileBoard& start, const IdaResult<BlankStep>& r, std::uint64_t bytes) {
    TileSearchResult out;
    out.solved = r.solved;
    out.limit = r.limit;
    out.moves = r.cost;
    out.iterations = r.iterations;
    out.expanded = r.expanded;
    out.generated = r.generated;
    out.seconds = r.seconds;
    out.peak_bytes = bytes + r.path.size() * sizeof(BlankStep);
    // Moves as tiles: replay from the start to name each one.
    const Geometry g(start.width, start.height);
    TileBoard at = start;
    for (const BlankStep& m : r.path) {
        Direction way = Direction::Up;
        for (int k = 0; k < g.degree[m.from]; ++k)
            if (g.neighbours[m.from][k] == m.to) way = g.direction[m.from][k];
        const TileMove tm{at.cells[m.to], way};
        out.solution.push_back(tm);
        at = apply_move(at, tm);
    }
    return out;
}

TileSearchResult solve_by_ida(const TileBoard& start, const PatternSet& set, const IdaLimits& limits) {
    TileDomain domain(start, set);
    IdaLimits bounded = limits;
    bounded.max_bound = std::min(bounded.max_bound, kMaxDepth);
    return tile_result(start, ida_star(domain, bounded), set.bytes() + sizeof(TileDomain));
}

int heuristic(const TileBoard& board, const PatternSet& set) { return TileDomain(board, set).h(); }

}  // namespace slidedb::tiles
