#include "families/tiles/manhattan.h"

#include <algorithm>
#include <cstdlib>

#include "families/tiles/geometry.h"

namespace slidedb::tiles {

namespace {

constexpr int kMaxDepth = 256;

// The board under search with its taxicab sum and the conflicts of each row
// and column. A move changes one tile's line: two rows (a vertical move) or
// two columns (a horizontal one) are counted again, the rest stand.
class ManhattanDomain {
public:
    using Move = BlankStep;
    static constexpr int kMaxBranch = 4;

    ManhattanDomain(const TileBoard& start, const TileBoard& goal)
        : board_(start), width_(start.width), height_(start.height) {
        const int n = start.size();
        for (int c = 0; c < n; ++c) {
            const std::uint8_t t = goal.cells[c];
            goal_row_[t] = static_cast<std::uint8_t>(c / width_);
            goal_col_[t] = static_cast<std::uint8_t>(c % width_);
        }
        for (int t = 1; t < n; ++t)
            for (int c = 0; c < n; ++c)
                distance_[t][c] = static_cast<std::uint8_t>(std::abs(c / width_ - goal_row_[t]) +
                                                            std::abs(c % width_ - goal_col_[t]));
        for (int c = 0; c < n; ++c)
            if (board_.cells[c] != kBlank) taxicab_ += distance_[board_.cells[c]][c];
        for (int r = 0; r < height_; ++r) conflicts_ += row_[r] = row_conflicts(r);
        for (int c = 0; c < width_; ++c) conflicts_ += col_[c] = col_conflicts(c);
    }

    int h() const { return taxicab_ + 2 * conflicts_; }
    bool at_goal() const { return taxicab_ == 0; }
    int cost(Move) const { return 1; }
    int moves(const Move* last, Move* out) const { return board_.moves(last, out); }

    void apply(Move m) {
        const std::uint8_t t = board_.play(m);
        taxicab_ += distance_[t][m.from] - distance_[t][m.to];
        recount(saved_[depth_++], m);
    }

    void undo(Move m) {
        const std::uint8_t t = board_.undo(m);
        taxicab_ += distance_[t][m.to] - distance_[t][m.from];
        const Saved& s = saved_[--depth_];
        std::uint8_t* line = s.rows ? row_ : col_;
        conflicts_ += s.a_value + s.b_value - line[s.a] - line[s.b];
        line[s.a] = s.a_value;
        line[s.b] = s.b_value;
    }

private:
    struct Saved {
        bool rows;
        std::uint8_t a, b, a_value, b_value;
    };

    // The two lines the moved tile left and entered, counted again.
    void recount(Saved& s, Move m) {
        s.rows = m.from / width_ != m.to / width_;
        s.a = static_cast<std::uint8_t>(s.rows ? m.from / width_ : m.from % width_);
        s.b = static_cast<std::uint8_t>(s.rows ? m.to / width_ : m.to % width_);
        std::uint8_t* line = s.rows ? row_ : col_;
        s.a_value = line[s.a];
        s.b_value = line[s.b];
        line[s.a] = static_cast<std::uint8_t>(s.rows ? row_conflicts(s.a) : col_conflicts(s.a));
        line[s.b] = static_cast<std::uint8_t>(s.rows ? row_conflicts(s.b) : col_conflicts(s.b));
        conflicts_ += line[s.a] + line[s.b] - s.a_value - s.b_value;
    }

    // Tiles of a line that must leave it: those at home in the line, less
    // the longest run of them already in goal order (patience sorting over
    // at most five).
    static int must_leave(const std::uint8_t* goals, int count) {
        std::uint8_t tails[kMaxSide];
        int longest = 0;
        for (int i = 0; i < count; ++i) {
            int k = 0;
            while (k < longest && tails[k] < goals[i]) ++k;
            tails[k] = goals[i];
            if (k == longest) ++longest;
        }
        return count - longest;
    }

    // The line of `length` cells from `first`, `stride` apart: its tiles at
    // home in it (line_of[t] == index), ordered by `place`.
    int conflicts(int first, int stride, int length, int index, const std::uint8_t* line_of,
                  const std::uint8_t* place) const {
        std::uint8_t goals[kMaxSide];
        int count = 0;
        for (int i = 0; i < length; ++i) {
            const std::uint8_t t = board_.cells[first + i * stride];
            if (t != kBlank && line_of[t] == index) goals[count++] = place[t];
        }
        return must_leave(goals, count);
    }
    int row_conflicts(int r) const { return conflicts(r * width_, 1, width_, r, goal_row_, goal_col_); }
    int col_conflicts(int c) const { return conflicts(c, width_, height_, c, goal_col_, goal_row_); }

    SearchBoard board_;
    int width_, height_;
    std::uint8_t goal_row_[kMaxCells] = {}, goal_col_[kMaxCells] = {};
    std::uint8_t distance_[kMaxCells][kMaxCells] = {};  // tile, cell -> taxicab distance home
    std::uint8_t row_[kMaxSide] = {}, col_[kMaxSide] = {};  // tiles that must leave each line
    int taxicab_ = 0, conflicts_ = 0;
    Saved saved_[kMaxDepth + 1] = {};
    int depth_ = 0;
};

}  // namespace

TileSearchResult solve_by_manhattan(const TileBoard& start, const TileBoard& goal, const IdaLimits& limits) {
    ManhattanDomain domain(start, goal);
    IdaLimits bounded = limits;
    bounded.max_bound = std::min(bounded.max_bound, kMaxDepth);
    return tile_result(start, ida_star(domain, bounded), sizeof(ManhattanDomain));
}

int manhattan_bound(const TileBoard& board, const TileBoard& goal) { return ManhattanDomain(board, goal).h(); }

}  // namespace slidedb::tiles
