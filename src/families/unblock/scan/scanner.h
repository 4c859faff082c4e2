// The scanner's state and its stages, one file each: pixel_classes.h,
// find_prisoner.cpp, find_board.cpp (the tray's own edges),
// frame_finder.cpp (the floor's extent and the frame), read_cells.cpp,
// read_blocks.cpp, read_hidden.cpp, read_exit.cpp; screenshot.cpp runs
// them, and on a refusal reads again (overlays.h: grid_lines.cpp,
// cell_tags.cpp). Internal to src/families/unblock/scan/.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "families/unblock/scan/ink_map.h"
#include "families/unblock/scan/pixel_classes.h"
#include "families/unblock/scan/screenshot.h"

namespace slidedb::scanning {

struct Box {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive
    long long n = 0;                        // pixels (on the sampling grid)
    int w() const { return x1 - x0 + 1; }
    int h() const { return y1 - y0 + 1; }
};

struct Failure {
    std::string message;
};

inline double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

// Percentile (0..1) of some values, by partial sort of them in place.
inline int percentile_in_place(std::span<int> v, double q) {
    if (v.empty()) return 0;
    const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
}

// The same of a copy.
inline int percentile(std::vector<int> v, double q) { return percentile_in_place(v, q); }

// The value most of `v` (all in [0, n)) agree on within +-tol; ties go to
// the outer one (the largest when `high`). Where the floor's margin shows,
// rows reach the frame at one place; the exit notch and blurred dark lines
// beyond the frame reach further on fewer rows.
inline int mode(const std::vector<int>& v, int n, int tol, bool high) {
    if (v.empty()) return 0;
    std::vector<int> hist(static_cast<size_t>(n) + 1);
    for (int x : v) ++hist[static_cast<size_t>(std::clamp(x, 0, n))];
    int best = 0, best_count = -1, window = 0;
    // window sum over [i - tol, i + tol]
    for (int i = 0; i <= std::min(tol, n); ++i) window += hist[static_cast<size_t>(i)];
    for (int i = 0; i <= n; ++i) {
        if (window > best_count || (high && window == best_count)) {
            best_count = window;
            best = i;
        }
        if (i + tol + 1 <= n) window += hist[static_cast<size_t>(i + tol + 1)];
        if (i - tol >= 0) window -= hist[static_cast<size_t>(i - tol)];
    }
    // the outermost value present inside the winning window
    const int lo = std::max(0, best - tol), hi = std::min(n, best + tol);
    if (high) {
        for (int i = hi; i >= lo; --i)
            if (hist[static_cast<size_t>(i)]) return i;
    } else {
        for (int i = lo; i <= hi; ++i)
            if (hist[static_cast<size_t>(i)]) return i;
    }
    return best;
}

// The four sides, in the order the scanner numbers them.
inline constexpr const char* kSideName[4] = {"top", "bottom", "left", "right"};
// The side of every board of the game (Unblock Me); a picture shows others
// only with its frame all round (slidedb's own drawings of any size).
inline constexpr int kGameSide = 6;

inline std::string at_cell(int r, int c) { return fmt::format("row {} col {}", r + 1, c + 1); }

// Two ways to find the board: from evidence inside the tray (its edges
// where the cells stop), or from the floor's extent and the frame all round.
enum class Finder { Evidence, Frame };

class Scanner {
public:
    // `ink` is the picture's ink map, shared by the scanners of one picture.
    Scanner(const Image& im, ScanTrace* trace, Finder finder, InkMap& ink)
        : im_(im), trace_(trace), finder_(finder), ink_(ink) {}

    bool grew() const { return grew_; }
    // The lattice across the prisoner takes the pitch fitted along it (the
    // game's cells are square): for a second reading, where the pitch
    // across, fitted alone, may drift with no block to fit it to.
    void square_cells() { square_ = true; }
    // How far the scan got: 0 the prisoner, 1 the board, 2 the cells, 3 the
    // blocks and the exit. The refusal that got further says more.
    int stage() const { return stage_; }

    // Takes the prisoner and the floor from a scanner that found them on
    // the same picture, instead of looking again.
    void adopt(const Scanner& other) {
        pl_ = other.pl_;
        pt_ = other.pt_;
        pr_ = other.pr_;
        pb_ = other.pb_;
        floor_ = other.floor_;
        adopted_ = true;
        if (trace_) trace_prisoner();
    }

    // Finds the prisoner (unless adopted) and the board's grid.
    std::optional<Failure> locate() {
        if (im_.width < 32 || im_.height < 32)
            return Failure{fmt::format("not a puzzle: image is only {}x{} pixels", im_.width, im_.height)};
        if (!adopted_) {
            if (auto f = find_prisoner()) return f;
        }
        stage_ = 1;
        if (auto f = finder_ == Finder::Evidence ? find_board() : find_board_by_floor()) return f;
        stage_ = 2;
        return std::nullopt;
    }

    // Reads the cells, the blocks and the exit on the grid located.
    std::variant<ScanResult, ScanError> read() {
        // (cells read already were read by past_wood, which found no wood
        // beyond this grid's edges: it is not looked for twice)
        if (!cells_read_) {
            if (auto f = read_cells()) return ScanError{f->message};
            // (either finder: a grid a row short, its edge on a line
            // between blocks, has their wood beyond it)
            if (auto f = check_beyond()) return ScanError{f->message};
        }
        if (auto f = check_cut_ends()) return ScanError{f->message};
        stage_ = 3;
        if (auto f = read_blocks()) return ScanError{f->message};
        // (cells a mark hid are known now: those on a side cut off show
        // their ends there too)
        if (!unclear_.empty()) {
            if (auto f = check_cut_ends()) return ScanError{f->message};
        }
        if (auto f = read_exit()) return ScanError{f->message};
        return finish();
    }

    // Is the prisoner the only block on the board (the tutorial's first
    // screen)? The floor round it, and it, fill the floor's extent, 4
    // cells a side at least. Finds the prisoner and the floor itself.
    bool prisoner_alone();

    std::variant<ScanResult, ScanError> run() {
        if (auto f = locate()) return ScanError{f->message};
        return read();
    }

    // Is the grid located the one of `box` (cols x rows cells), within a
    // tenth of a cell on every side?
    bool same_grid(const BoardBox& box, int cols, int rows) const {
        const double tol = 0.1 * box.cell_px;
        return cols == cols_ && rows == rows_ && std::abs(left_ - box.x) <= tol && std::abs(top_ - box.y) <= tol &&
               std::abs(cols_ * px_ - box.w) <= tol && std::abs(rows_ * py_ - box.h) <= tol;
    }

private:
    const Image& im_;
    ScanTrace* trace_;
    Finder finder_;
    InkMap& ink_;
    bool grew_ = false;  // the frame finder added a row or column the floor did not reach
    bool adopted_ = false;  // the prisoner came from another scanner (adopt)
    bool square_ = false;   // see square_cells
    int stage_ = 0;
    double conf_ = 1.0;  // smallest decision margin so far

    // prisoner face (inclusive) and what it tells
    int pl_ = 0, pt_ = 0, pr_ = 0, pb_ = 0;
    // the board
    double left_ = 0, top_ = 0, px_ = 0, py_ = 0;
    int cols_ = 0, rows_ = 0;
    bool cut_l_ = false, cut_r_ = false, cut_t_ = false, cut_b_ = false;
    // The picture cuts off the frame on some sides, not all.
    bool partial_cut() const {
        const int cuts = cut_l_ + cut_r_ + cut_t_ + cut_b_;
        return cuts > 0 && cuts < 4;
    }
    // cells: 0 floor, 1 wood, 2 red
    std::vector<int> cls_;
    std::vector<std::string> grid_;
    Side exit_ = Side::Right;
    int exit_row_ = -1;
    bool exit_seen_ = false;

    void note(double margin) { conf_ = std::min(conf_, clamp01(margin)); }

    int cls(int r, int c) const { return cls_[static_cast<size_t>(r * cols_ + c)]; }

    // ---- 1. the prisoner ----------------------------------------------------
    // The red face inside a component's box (sampling-grid coordinates), at
    // full resolution: the rows and columns at least half as red as the
    // reddest, which trims off thin red things touching the block (a stamp,
    // a pen mark). Returns the fill of the trimmed box.
    double trim_red(const Box& bx, int step, int& l, int& t, int& r, int& b) const;

    std::optional<Failure> find_prisoner();
    void trace_prisoner() const;


    // ---- 2. the board, from evidence inside it ------------------------------
    // The prisoner gives the cell pitch (a block of L cells is L*p - g long
    // and p - g thick, so length minus thickness is (L-1)*p) and the phase of
    // the grid. The pitch is then fitted to the gaps and seams between blocks
    // near the prisoner (grid lines are darker than cell middles wherever
    // blocks stand). The tray's extent is where the cells stop: walking out
    // from the prisoner one grid line at a time, the first line with the
    // tray's dark margin on its inside and, all along it, something light
    // (the frame, the strip under the header) just outside is the edge. A
    // row of blocks is never taken for that light band: seams or floor
    // break it, and a block crossing the line darkens nothing inside.

    int plen_ = 2;
    double p0_ = 0;

    bool prisoner_pitch();

    // Prefix sums of the share of dark pixels per column (along_x) or row,
    // over the band [b0, b1] across; quick: sampled.
    std::vector<double> dark_profile(bool along_x, int b0, int b1, bool quick) const;

    // Pitch and phase (a grid line's position) that put grid lines where the
    // profile is darker than the cells' middles, near the prisoner's own line.
    // quick: coarser, over the lines within [lo, hi] only.
    std::pair<double, double> comb_fit(const std::vector<double>& pre, double anchor, double lo, double hi,
                                       bool quick) const;

    struct EdgeLook {
        double frac = 0;
        bool seam = false, ok = false;
    };

    // The samples along a side, by their index j on its lattice (at j times
    // along_step): [j0, j1], the stretch [s0, s1] (the exit's row) aside;
    // `total` of them. What those in [0, kept) showed is kept.
    struct Samples {
        int j0 = 0, j1 = -1, s0 = 0, s1 = -1, total = 0, kept = 0;
    };

    // Is the grid line at `e` (a y for the top and bottom sides, an x for the
    // left and right) the tray's edge on `side` (0 top, 1 bottom, 2 left,
    // 3 right) along the samples `along`? `seen` keeps what each sample
    // showed (0 not looked at yet), by its index. rim_allowed: a short run
    // of dark next to the exit's opening is its rounded corner, not a seam.
    EdgeLook edge_look(int side, double e, const Samples& along, std::uint8_t* seen, bool rim_allowed);
    std::vector<std::ptrdiff_t> before_;  // edge_look's pixels before the line (kept to spare an allocation per look)

    // Per side and grid line walked, what each sample showed at each
    // position tried (see edge_look), for the current grid.
    std::array<std::array<std::vector<std::uint8_t>, kMaxSide + 1>, 4> looks_;

    // Samples along a side are a fiftieth of a cell apart, at multiples of
    // that step (the same samples whatever stretch of the side is looked at).
    double along_step(int side) const { return std::max(1.0, 0.02 * (side < 2 ? px_ : py_)); }

    // Walks out from the prisoner's grid line `start` one cell at a time to
    // the first line that is the tray's edge on `side`. Sets `edge` (its
    // position) and `cut` (the picture cuts off what lies beyond: the line
    // itself stands for the edge).
    std::optional<Failure> walk(int side, double start, double a0, double a1, double s0, double s1, double& edge,
                                bool& cut, bool rim_allowed);

    // The grid is fitted over a band of two and a half cells around the
    // prisoner, and if its edges cannot be found that way, over one cell
    // (a header panel or its writing near the prisoner can pull the fit).
    std::optional<Failure> find_board();

    std::optional<Failure> find_board_on(double pxf, double phx, double pyf, double phy);

    // Pitch and phase along one axis (x: the lines down the picture)
    // refined from the middles of the gaps between blocks all over the
    // picture (see seam_lattice.cpp), near the lattice given; none when
    // too few gaps show or they disagree.
    std::optional<std::pair<double, double>> seam_lattice(bool along_x, double pitch, double phase) const;

    // Just outside each edge lies the frame or the strip under the header,
    // never wood of the blocks' own colour: a row of blocks taken for the
    // frame (one long block along a side, a side whose only gap is at the
    // exit) would show it.
    std::optional<Failure> check_beyond() const;
    int wood_beyond() const;  // the side (0 top .. 3 right) with wood beyond, or -1

    // Walks a side with wood beyond it again from the next line (see
    // find_board.cpp), on the grid fitted as given.
    void past_wood(double pxf, double phx, double pyf, double phy);

    // Where each side's walk starts (grid lines from the prisoner's) and
    // where it stopped.
    std::array<int, 4> walk_from_{0, 0, 0, 0}, edge_k_{0, 0, 0, 0};
    bool cells_read_ = false;  // read_cells ran on the grid located, no wood beyond it
    int short_ = 0;  // the tray came out under 4 cells: 1 high, 2 wide
    std::array<bool, 4> walked_cut_{};  // the sides the last walks found cut off (top, bottom, left, right)

    // Walks the two sides across a tray too small again from their next
    // line (see find_board.cpp); returns `why` when that finds no board.
    std::optional<Failure> past_short(double pxf, double phx, double pyf, double phy, const Failure& why);

    // ---- 2 (old). the board: floor flood-filled from around the prisoner ----
    // Floor, or a thin dark warm line between lighter things: a gap between
    // two blocks blurred by scaling or JPEG no longer has the floor's colour,
    // but it is still a valley of brightness across its width.
    // Black or dark grey (bezels, letterboxing, system bars): the blurred
    // border between the frame and such a region has the floor's colour.
    static bool cold(const std::uint8_t* p);

    bool near_cold(int x, int y) const;

    bool passable(int x, int y, int d) const;

    // The floor's extent, two estimates per side (see fill_floor), found once.
    struct Floor {
        bool done = false, found = false;
        int step = 1;  // the sampling step of the fill
        std::vector<double> Ls, Rs, Ts, Bs;
        // the samples the fill reached (1), sw x sh on the step's grid
        std::vector<std::uint8_t> seen;
        int sw = 0, sh = 0;
    };
    Floor floor_;

    std::optional<Failure> fill_floor();
    void trace_floor() const;

    std::optional<Failure> find_board_by_floor();

    struct Grid {
        int nx, ny;
        double px, py, left, top, bad;
        int frame_misses = 0;
    };

    void use(const Grid& g);

    // Median colour of a few pixels around (x, y), clipped to the picture.
    std::array<int, 3> patch(double x, double y, double rx, double ry) const;

    // The frame must surround the box: just outside each side there is frame
    // wood, of the colour seen outside the box's corners (where no block can
    // be). When a whole outer row of blocks hides the floor's thin margin, the
    // floor ends a row short; that row then shows here as blocks, and the box
    // grows by one row, if the row really looks like board and not frame.
    // Returns per side (top, bottom, left, right) how many cells look unlike
    // the frame, or -1 where a cell's sample lies outside the picture.
    std::array<int, 4> odd_sides(double d, bool& ok) const;

    // Colours a board shows: floor, wood or the prisoner's red.
    static bool board_like(const std::array<int, 3>& c);

    static int colour_dist(const std::array<int, 3>& a, const std::array<int, 3>& b);

    std::optional<Failure> check_edges();

    // How well a pitch explains the prisoner: a block of L cells is L*p - g
    // long and p - g - (bevel) thick, with its face starting just after a line.
    // Returns a badness (< 1 acceptable) and the prisoner's length.
    double prisoner_fit(double p, double x_line0, double y_line0, int& len) const;

    // Grids for one estimate of the floor's extent [L, R) x [T, B): every
    // number of columns and rows (4..8) whose square cells fit both the
    // extent and the prisoner.
    // A framed board may also come out one row or column short (an outer
    // row of blocks hiding the floor's margin): such grids are kept for
    // check_edges to grow, and refused if it does not.
    void fit_grid(double L, double R, double T, double B, bool framed, std::vector<Grid>& out) const;

    // ---- marks ----------------------------------------------------------------
    // Is there ink of a mark (see is_ink) within ink_reach() of (x, y)?
    // red_too: red counts as ink (on wood or floor, where no prisoner is).
    bool near_ink(int x, int y, bool red_too) const { return near_ink(x, y, red_too, ink_reach()); }
    bool near_ink(int x, int y, bool red_too, int reach) const;
    // Is there white (a word written in white; no floor, no cherry or
    // orange wood, is near white) within `reach` of (x, y)?
    // `spread`: how far apart its channels may be (JPEG yellows a thin
    // word on the floor; pale wood's highlight is far more yellow still,
    // but the prisoner's red tints a word on it pink).
    bool near_white(int x, int y, int reach, int spread = 45) const;
    // Is there ink (or red) on the cell or just round it? Cells without
    // are read without looking for marks.
    bool ink_near_cell(int r, int c) const;
    // Is a mark on the cell: ink, or a stroke blurred into the floor or
    // the wood (tinted blue or green, or redder than the wood)? White
    // alone is not (a header panel's writing is white).
    bool mark_on_cell(int r, int c) const;
    // Is there ink within `rad` of (x, y)? Red only where it is far redder
    // than shaded orange wood; a stroke blurred into the wood too.
    bool ink_round(double x, double y, double rad) const;
    int ink_reach() const { return std::max(2, static_cast<int>(0.06 * std::min(px_, py_))); }
    // A thin red stroke blurred into the floor under it (scaling, JPEG) is
    // no longer red as the prisoner is, but still redder than the blocks'
    // wood (its green a tenth less of its red than the wood's) and
    // brighter than cherry's dark rim.
    int wood_hue_ = 0;  // green over red of the blocks' wood, in thousandths (read_cells)
    bool redder_than_wood(const std::uint8_t* p) const {
        const int r = p[0], g = p[1], b = p[2];
        return wood_hue_ > 0 && r >= 110 && 1000 * g <= r * (wood_hue_ - 60) && b * 100 <= r * 40 && luma(p) >= 55;
    }

    // ---- 3. cells -----------------------------------------------------------
    double cell_x(int c) const { return left_ + c * px_; }
    double cell_y(int r) const { return top_ + r * py_; }

    std::optional<Failure> read_cells();

    // A cell a mark hides (class -1 in cls_), left to be read from the
    // blocks round it (read_hidden.cpp): which classes what shows of it
    // leaves open, and why it could not be read alone.
    struct UnclearCell {
        int cell;  // row * cols + col
        bool floor_ok, wood_ok;
        std::string why;
    };
    std::vector<UnclearCell> unclear_;
    // At most this many cells are read from their neighbours.
    static constexpr size_t kMaxUnclear = 3;
    // Samples of one class, with none of the other in sight, that rule the
    // other out.
    static constexpr int kRuleOut = 5;

    // An empty cell of the tray is floor right up to its edges (shadows are
    // dark too). Cells laid over a header panel are not: the light strip
    // under the panel, its rounded corners or its writing show near an edge.
    std::optional<Failure> check_floor_edges();

    // Every block touching a side the picture cuts off shows its end there
    // (see read_cut_ends.cpp).
    std::optional<Failure> check_cut_ends() const;

    // ---- 4. seams and blocks ------------------------------------------------
    // Darkness across the edge between two block cells: the darkest line near
    // the edge against the wood on both sides. Returns min/base.
    // Measured over the part [f0, f1] of the edge's length.
    // Lines across the edge near a mark are left out; `seen` is the share kept.
    // `seen_dark`: the share kept at the darkest line and beside it.
    // `seen_line`: the share kept at the darkest line alone.
    double edge_ratio(int r, int c, bool vertical_edge, double f0, double f1, int* at = nullptr,
                      double* seen = nullptr, double* seen_dark = nullptr, double* seen_line = nullptr) const;

    // A seam is floor or shadow or the dark rim of wood: warm and not red,
    // or nearly black.
    // A stroke of colour lying along an edge (a stamp's ring, a pen line) is
    // dark too, but of the wrong colour.
    bool seam_colour_ok(int r, int c, bool vertical_edge, const int at[3]) const;

    // Before two cells are joined: the line between them is of their own
    // colour (wood or red) nearly all along, not covered by something else.
    bool edge_colour_ok(int r, int c, bool vertical_edge, int cls) const;

    // Rivets: dark dots near the four corners of a fixed cell.
    // Returns how many corners show a rivet, stopping early once `need`
    // can no longer be reached.
    // `hidden`, when given, counts the corners a mark hides (within 0.12
    // cell of ink); those are not looked at.
    int rivets(int r, int c, double wood_luma, int need = 4, int* hidden = nullptr) const;
    // Every block of the game is of one wood, and shows its grain: a cell
    // read as wood far darker than the others' is floor a brightened
    // picture lifted into wood's colours, and a flat one something laid
    // over the board (a fingertip, a tap's dot).
    std::optional<Failure> check_one_wood() const;

    double cell_luma(int r, int c) const;

    std::optional<Failure> read_blocks();

    // What an edge between two cells of one class shows: a seam, a join,
    // neither because a mark hides it, or neither in full sight.
    enum class EdgeSeen { Seam, Join, Hidden, Unclear };
    EdgeSeen look_edge(int r, int c, int dir, int cls, std::string& why);

    // An edge left to decide (cells a and b, row * cols + col): one seen as
    // neither seam nor join, and why; or one of a cell a mark hides, with
    // what it showed when looked at as an edge between two wooden cells.
    struct HiddenEdge {
        int a, b;
        std::string why;
        EdgeSeen seen = EdgeSeen::Hidden;
    };
    // Decides hidden edges, and the cells marks hide (unclear_), by the
    // blocks each way would make (see read_hidden.cpp): sets the cells'
    // classes and joins the cells in `parent` (a union-find forest) where
    // they are one block, or refuses.
    std::optional<Failure> decide_hidden(const std::vector<HiddenEdge>& edges, std::vector<int>& parent);

    // ---- 5. the exit ----------------------------------------------------------
    // Per side and row: 1 notch (floor beyond the box), 2 floor in a
    // sliver, 0 frame, -1 cut off by the picture's edge, -2 unclear;
    // `glimpse`: unclear, a mark over most of it, but what shows is all
    // the frame's wood.
    int side_state(int r, bool right, bool* glimpse = nullptr) const;

    // The exit is on the prisoner's row (a board file may not say otherwise),
    // so that row decides; a notch on any other row makes the picture
    // ambiguous, and things covering the frame beside other rows are ignored.
    std::optional<Failure> read_exit();

    std::variant<ScanResult, ScanError> finish();
};

}  // namespace slidedb::scanning
