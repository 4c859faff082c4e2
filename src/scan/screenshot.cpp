#include "scan/screenshot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>

#include <fmt/format.h>

namespace slidedb {

namespace {

// ---- Pixel classes -------------------------------------------------------
//
// Three colours matter: the dark brown floor that shows where no block
// stands, the wood of the blocks (pale, orange or cherry), and the red of the
// prisoner (orange-red to brick red). They differ in hue more than in
// brightness, so each test uses red-minus-green and green/red ratios as well
// as luma; a pixel may be none of them (frame shading, seams, overlays).

inline int luma(const std::uint8_t* p) { return (77 * p[0] + 150 * p[1] + 29 * p[2]) >> 8; }

inline bool is_red(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2];
    return r >= 100 && g * 100 <= r * 33 && b * 100 <= r * 40;
}

inline bool is_floor(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2], y = luma(p);
    return y >= 22 && y <= 105 && r - b >= 25 && r - g >= 8 && r - g <= 55 && g + 6 >= b;
}

inline bool is_wood(const std::uint8_t* p) {
    const int r = p[0], g = p[1], b = p[2], y = luma(p);
    return r - b >= 40 && r + 6 >= g && (y >= 112 || r - g >= 68) && !is_red(p);
}

struct Box {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive
    long long n = 0;                        // pixels (on the sampling grid)
    int w() const { return x1 - x0 + 1; }
    int h() const { return y1 - y0 + 1; }
};

// Connected components (8-neighbour) of `pred` on a grid sampled every `step`
// pixels; boxes are returned in sampling-grid coordinates.
template <class Pred>
std::vector<Box> components(const Image& im, int step, Pred pred) {
    const int sw = (im.width + step - 1) / step, sh = (im.height + step - 1) / step;
    std::vector<std::uint8_t> mask(static_cast<size_t>(sw) * static_cast<size_t>(sh));
    for (int y = 0; y < sh; ++y)
        for (int x = 0; x < sw; ++x)
            mask[static_cast<size_t>(y) * sw + x] = pred(im.px(x * step, y * step)) ? 1 : 0;
    std::vector<Box> out;
    std::vector<int> todo;
    for (int y = 0; y < sh; ++y) {
        for (int x = 0; x < sw; ++x) {
            if (mask[static_cast<size_t>(y) * sw + x] != 1) continue;
            Box b{x, y, x, y, 0};
            mask[static_cast<size_t>(y) * sw + x] = 2;
            todo.assign(1, y * sw + x);
            while (!todo.empty()) {
                const int i = todo.back();
                todo.pop_back();
                const int cx = i % sw, cy = i / sw;
                ++b.n;
                b.x0 = std::min(b.x0, cx);
                b.x1 = std::max(b.x1, cx);
                b.y0 = std::min(b.y0, cy);
                b.y1 = std::max(b.y1, cy);
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = cx + dx, ny = cy + dy;
                        if (nx < 0 || ny < 0 || nx >= sw || ny >= sh) continue;
                        auto& m = mask[static_cast<size_t>(ny) * sw + nx];
                        if (m == 1) {
                            m = 2;
                            todo.push_back(ny * sw + nx);
                        }
                    }
                }
            }
            out.push_back(b);
        }
    }
    return out;
}

struct Failure {
    std::string message;
};

double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

// Percentile (0..1) of a vector, by partial sort.
int percentile(std::vector<int> v, double q) {
    if (v.empty()) return 0;
    const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
}

// The value most of `v` (all in [0, n)) agree on within +-tol; ties go to
// the outer one (the largest when `high`). Where the floor's margin shows,
// rows reach the frame at one place; the exit notch and blurred dark lines
// beyond the frame reach further on fewer rows.
int mode(const std::vector<int>& v, int n, int tol, bool high) {
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

std::string at_cell(int r, int c) { return fmt::format("row {} col {}", r + 1, c + 1); }

// Two ways to find the board: from evidence inside the tray (its edges
// where the cells stop), or from the floor's extent and the frame all round.
enum class Finder { Evidence, Frame };

class Scanner {
public:
    Scanner(const Image& im, ScanTrace* trace, Finder finder) : im_(im), trace_(trace), finder_(finder) {}

    bool grew() const { return grew_; }
    // How far the scan got: 0 the prisoner, 1 the board, 2 the cells, 3 the
    // blocks and the exit. The refusal that got further says more.
    int stage() const { return stage_; }

    std::variant<ScanResult, ScanError> run() {
        if (im_.width < 32 || im_.height < 32)
            return ScanError{fmt::format("not a puzzle: image is only {}x{} pixels", im_.width, im_.height)};
        if (auto f = find_prisoner()) return ScanError{f->message};
        stage_ = 1;
        if (auto f = finder_ == Finder::Evidence ? find_board() : find_board_by_floor()) return ScanError{f->message};
        stage_ = 2;
        if (auto f = read_cells()) return ScanError{f->message};
        if (finder_ == Finder::Evidence) {
            if (auto f = check_beyond()) return ScanError{f->message};
        }
        stage_ = 3;
        if (auto f = read_blocks()) return ScanError{f->message};
        if (auto f = read_exit()) return ScanError{f->message};
        return finish();
    }

private:
    const Image& im_;
    ScanTrace* trace_;
    Finder finder_;
    bool grew_ = false;  // the frame finder added a row or column the floor did not reach
    int stage_ = 0;
    double conf_ = 1.0;  // smallest decision margin so far

    // prisoner face (inclusive) and what it tells
    int pl_ = 0, pt_ = 0, pr_ = 0, pb_ = 0;
    // the board
    double left_ = 0, top_ = 0, px_ = 0, py_ = 0;
    int cols_ = 0, rows_ = 0;
    bool cut_l_ = false, cut_r_ = false, cut_t_ = false, cut_b_ = false;
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
    double trim_red(const Box& bx, int step, int& l, int& t, int& r, int& b) const {
        const int x0 = std::max(0, bx.x0 * step - step), x1 = std::min(im_.width - 1, bx.x1 * step + 2 * step);
        const int y0 = std::max(0, bx.y0 * step - step), y1 = std::min(im_.height - 1, bx.y1 * step + 2 * step);
        std::vector<int> colc(static_cast<size_t>(x1 - x0 + 1)), rowc(static_cast<size_t>(y1 - y0 + 1));
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (is_red(im_.px(x, y))) {
                    ++colc[static_cast<size_t>(x - x0)];
                    ++rowc[static_cast<size_t>(y - y0)];
                }
        const int cmax = *std::max_element(colc.begin(), colc.end());
        const int rmax = *std::max_element(rowc.begin(), rowc.end());
        int cl = 0, cr = static_cast<int>(colc.size()) - 1, rt = 0, rb = static_cast<int>(rowc.size()) - 1;
        while (cl < cr && colc[static_cast<size_t>(cl)] * 2 < cmax) ++cl;
        while (cr > cl && colc[static_cast<size_t>(cr)] * 2 < cmax) --cr;
        while (rt < rb && rowc[static_cast<size_t>(rt)] * 2 < rmax) ++rt;
        while (rb > rt && rowc[static_cast<size_t>(rb)] * 2 < rmax) --rb;
        l = x0 + cl;
        r = x0 + cr;
        t = y0 + rt;
        b = y0 + rb;
        long n = 0;
        for (int y = t; y <= b; ++y)
            for (int x = l; x <= r; ++x) n += is_red(im_.px(x, y));
        return static_cast<double>(n) / ((r - l + 1.0) * (b - t + 1.0));
    }

    std::optional<Failure> find_prisoner() {
        // The smallest prisoner (cells of 25 px) is about 20 px thick: a sample
        // every few pixels finds it; its face is then measured at full resolution.
        const int step = std::clamp(std::min(im_.width, im_.height) / 160, 3, 5);
        auto comps = components(im_, step, is_red);
        // Only the largest few red things can be the prisoner (and measuring
        // each costs its box: bound the work on hostile pictures).
        std::erase_if(comps, [&](const Box& bx) { return bx.h() * step < 14 || bx.w() * step < 28; });
        std::sort(comps.begin(), comps.end(), [](const Box& a, const Box& b) { return a.n > b.n; });
        if (comps.size() > 12) comps.resize(12);
        long long best_area = 0, second_area = 0;
        for (const Box& bx : comps) {
            int l, t, r, b;
            const double fill = trim_red(bx, step, l, t, r, b);
            const int w = r - l + 1, h = b - t + 1;
            if (h < 14 || w < 28) continue;
            const double aspect = static_cast<double>(w) / h;
            if (aspect < 1.6 || aspect > 4.8 || fill < 0.85) continue;
            const long long area = static_cast<long long>(w) * h;
            if (area > best_area) {
                second_area = best_area;
                best_area = area;
                pl_ = l;
                pt_ = t;
                pr_ = r;
                pb_ = b;
            } else {
                second_area = std::max(second_area, area);
            }
        }
        if (best_area == 0) return Failure{"not a puzzle: no red prisoner block found"};
        if (second_area * 10 > best_area * 6)
            return Failure{"not a puzzle: several red blocks look like the prisoner"};
        if (trace_) {
            trace_->have_prisoner = true;
            trace_->px0 = pl_;
            trace_->py0 = pt_;
            trace_->px1 = pr_;
            trace_->py1 = pb_;
        }
        const double h = pb_ - pt_ + 1;
        if (h < 14) return Failure{"not a puzzle: the red block is too small"};
        return std::nullopt;
    }


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

    // What shows between blocks: the floor, its shadows, the seams.
    static bool gap_dark(const std::uint8_t* p) {
        if (is_floor(p)) return true;
        return luma(p) < 40 && p[0] >= p[2] + 8 && p[0] + 4 >= p[1];
    }

    bool dark_at(double x, double y) const {
        const int ix = static_cast<int>(std::lround(x)), iy = static_cast<int>(std::lround(y));
        if (ix < 0 || iy < 0 || ix >= im_.width || iy >= im_.height) return false;
        return gap_dark(im_.px(ix, iy));
    }

    int plen_ = 2;
    double p0_ = 0;
    bool fill_only_ = false;
    double fill_[4] = {0, 0, 0, 0};  // the floor's extent: top, bottom, left, right

    bool prisoner_pitch() {
        const double w = pr_ - pl_ + 1, h = pb_ - pt_ + 1;
        for (int L = 2; L <= 4; ++L) {
            const double p = (w - h) / (L - 1);
            if (p <= 0) continue;
            const double t = h / p;
            if (t >= 0.68 && t <= 1.02) {
                plen_ = L;
                p0_ = p;
                return true;
            }
        }
        return false;
    }

    // Prefix sums of the share of dark pixels per column (along_x) or row,
    // over the band [b0, b1] across.
    std::vector<double> dark_profile(bool along_x, int b0, int b1) const {
        const int n = along_x ? im_.width : im_.height;
        const int m = along_x ? im_.height : im_.width;
        b0 = std::max(0, b0);
        b1 = std::min(m - 1, b1);
        const int step = std::max(1, static_cast<int>(p0_ / 24));
        std::vector<double> pre(static_cast<size_t>(n) + 1, 0.0);
        std::vector<int> count(static_cast<size_t>(n), 0);
        int tot = 0;
        for (int j = b0; j <= b1; j += step, ++tot)
            for (int i = 0; i < n; ++i) count[static_cast<size_t>(i)] += gap_dark(along_x ? im_.px(i, j) : im_.px(j, i));
        for (int i = 0; i < n; ++i)
            pre[static_cast<size_t>(i) + 1] = pre[static_cast<size_t>(i)] + (tot ? static_cast<double>(count[static_cast<size_t>(i)]) / tot : 0);
        return pre;
    }

    // Pitch and phase (a grid line's position) that put grid lines where the
    // profile is darker than the cells' middles, near the prisoner's own line.
    std::pair<double, double> comb_fit(const std::vector<double>& pre, double anchor) const {
        const int n = static_cast<int>(pre.size()) - 1;
        auto avg = [&](double a, double b) {
            const int ia = std::clamp(static_cast<int>(std::floor(a)), 0, n);
            const int ib = std::clamp(static_cast<int>(std::ceil(b)), 0, n);
            return ib > ia ? (pre[static_cast<size_t>(ib)] - pre[static_cast<size_t>(ia)]) / (ib - ia) : 0.0;
        };
        double best = -1e9, bp = p0_, bph = anchor;
        const double pstep = p0_ / 400, phstep = std::max(0.25, p0_ / 200);
        for (double p = 0.9 * p0_; p <= 1.1 * p0_; p += pstep) {
            const double lw = std::max(1.0, 0.03 * p), mw = 0.15 * p;
            for (double ph = anchor - 0.07 * p0_; ph <= anchor + 0.07 * p0_; ph += phstep) {
                double s = 0;
                for (int k = -9; k <= 9; ++k) {
                    const double x = ph + k * p;
                    if (x - 0.5 * p < 0 || x + 0.5 * p > n) continue;
                    s += avg(x - lw, x + lw) -
                         0.5 * (avg(x - 0.5 * p - mw, x - 0.5 * p + mw) + avg(x + 0.5 * p - mw, x + 0.5 * p + mw));
                }
                if (s > best) {
                    best = s;
                    bp = p;
                    bph = ph;
                }
            }
        }
        return {bp, bph};
    }

    struct EdgeLook {
        double frac = 0;
        bool seam = false, ok = false;
    };

    // Is the grid line at `e` (a y for the top and bottom sides, an x for the
    // left and right) the tray's edge on `side` (0 top, 1 bottom, 2 left,
    // 3 right) along [a0, a1], the stretch [s0, s1] (the exit's row) aside?
    EdgeLook edge_look(int side, double e, double a0, double a1, double s0, double s1) const {
        const bool horiz = side < 2;
        const double p = horiz ? py_ : px_, q = horiz ? px_ : py_;
        const double o = (side == 0 || side == 2) ? -1 : 1;
        const double st = std::max(1.0, 0.02 * q);
        int total = 0;
        for (double a = a0; a <= a1; a += st) total += !(a >= s0 && a <= s1);
        EdgeLook look;
        if (total < 4) return look;
        const int allowed_bad = static_cast<int>(total * 0.15);
        int n = 0, bad = 0, run = 0, maxrun = 0;
        const double din = std::max(2.0, 0.04 * p);
        for (double a = a0; a <= a1; a += st) {
            if (a >= s0 && a <= s1) {
                run = 0;
                continue;
            }
            auto at = [&](double d) {
                const double u = e + o * d;
                return horiz ? dark_at(a, u) : dark_at(u, a);
            };
            const bool o1 = at(0.06 * p), o2 = at(0.10 * p), o3 = at(0.14 * p);
            // Inside, the tray's margin or rim: something dark within a few
            // pixels of the line (the outer blocks may touch the rim); a
            // block crossing the line shows none.
            bool in = false;
            for (double d = 0; d <= din && !in; d += 1) {
                const double u = e - o * d;
                const int ix = static_cast<int>(std::lround(horiz ? a : u)), iy = static_cast<int>(std::lround(horiz ? u : a));
                if (ix < 0 || iy < 0 || ix >= im_.width || iy >= im_.height) continue;
                const std::uint8_t* px = im_.px(ix, iy);
                in = gap_dark(px) || luma(px) < 30;
            }
            ++n;
            if (!(in && !o1 && !o2 && !o3) && ++bad > allowed_bad) return look;
            if (o1 && o2 && o3) maxrun = std::max(maxrun, ++run);
            else run = 0;
        }
        look.frac = 1.0 - static_cast<double>(bad) / n;
        look.seam = maxrun * st >= std::max(2.0, 0.04 * q);
        look.ok = !look.seam;
        return look;
    }

    // Walks out from the prisoner's grid line `start` one cell at a time to
    // the first line that is the tray's edge on `side`. Sets `edge` (its
    // position) and `cut` (the picture's border stands for the edge).
    std::optional<Failure> walk(int side, double start, double a0, double a1, double s0, double s1, double& edge,
                                bool& cut) {
        static constexpr const char* kSide[] = {"top", "bottom", "left", "right"};
        const double p = side < 2 ? py_ : px_;
        const double o = (side == 0 || side == 2) ? -1 : 1;
        const double limit = side < 2 ? im_.height : im_.width;
        for (int k = 0; k <= kMaxSide; ++k) {
            const double line = start + o * k * p;
            // Where the band outside the line leaves the picture, the border
            // stands for the edge (a crop of the board), if it falls on the line.
            const double beyond = line + o * 0.14 * p;
            if (beyond < 0 || beyond > limit - 1) {
                if (line < -0.2 * p || line > limit + 0.2 * p)
                    return Failure{fmt::format("board not found: the picture cuts through a row of cells on the {} "
                                               "side", kSide[side])};
                edge = o < 0 ? 0 : limit;
                cut = true;
                if (trace_) trace_->edges.push_back({side, edge, 1.0, true});
                return std::nullopt;
            }
            double lo = NAN, hi = NAN, frac = 0;
            const double es = std::max(1.0, 0.01 * p);
            for (double e = line - 0.12 * p; e <= line + 0.12 * p; e += es) {
                if (e + o * 0.14 * p < 0 || e + o * 0.14 * p > limit - 1) continue;
                const EdgeLook look = edge_look(side, e, a0, a1, s0, s1);
                frac = std::max(frac, look.frac);
                if (!look.ok) continue;
                if (std::isnan(lo)) lo = e;
                hi = e;
            }
            if (trace_) trace_->edges.push_back({side, std::isnan(lo) ? line : (lo + hi) / 2, frac, !std::isnan(lo)});
            if (!std::isnan(lo)) {
                edge = (lo + hi) / 2;
                cut = false;
                return std::nullopt;
            }
        }
        return Failure{fmt::format("board not found: no edge of the tray on the {} side within {} cells of the "
                                   "prisoner",
                                   kSide[side], kMaxSide)};
    }

    // The grid is fitted over a band of two and a half cells around the
    // prisoner, and if its edges cannot be found that way, over one cell
    // (a header panel or its writing near the prisoner can pull the fit).
    std::optional<Failure> find_board() {
        if (!prisoner_pitch())
            return Failure{"board not found: the red block is not one cell thick and two to four long"};
        const double h = pb_ - pt_ + 1;
        const double g0 = p0_ - h;
        std::optional<Failure> first;
        for (const double cells : {2.5, 1.2}) {
            const int reach = static_cast<int>(cells * p0_);
            const auto [pxf, phx] = comb_fit(dark_profile(true, pt_ - reach, pb_ + reach), pl_ - g0 / 2);
            const auto [pyf, phy] = comb_fit(dark_profile(false, pl_ - reach, pr_ + reach), pt_ - g0 / 2);
            auto f = find_board_on(pxf, phx, pyf, phy);
            if (!f) return f;
            if (!first) first = f;
        }
        // Then the prisoner's own measure, as it is and a little smaller (its
        // lit top edge may not count as red, which makes it look longer
        // than thick by more than a cell).
        for (const double k : {1.0, 0.95}) {
            const double p = k * p0_, g = p - h;
            if (!find_board_on(p, pl_ - g / 2, p, pt_ - g / 2)) return std::nullopt;
        }
        return first;
    }

    std::optional<Failure> find_board_on(double pxf, double phx, double pyf, double phy) {
        px_ = pxf;
        py_ = pyf;
        if (trace_) {
            trace_->pitch_x = px_;
            trace_->pitch_y = py_;
        }
        // The prisoner's cells, and the stretch of its row (the exit is there).
        const double pl = phx, pr = phx + plen_ * px_, ptop = phy, pbot = phy + py_;
        const double srow0 = ptop, srow1 = pbot;
        double T = ptop, B = pbot, L = pl, R = pr;
        bool ct = false, cb = false, cl = false, cr = false;
        // Top and bottom along the prisoner's cells first, then left and
        // right along the rows found, then again with what is known, until
        // nothing moves.
        // Where to look along each side at first: the extent of the floor
        // around the prisoner (inside the tray, unless it leaked), else the
        // prisoner's own cells. Then each side is walked again along the
        // edges found, until nothing moves.
        fill_only_ = true;
        const bool filled = !find_board_by_floor().has_value();
        fill_only_ = false;
        double sT = ptop, sB = pbot, sL = pl, sR = pr;
        if (filled) {
            sT = std::min(sT, fill_[0]);
            sB = std::max(sB, fill_[1]);
            sL = std::min(sL, fill_[2]);
            sR = std::max(sR, fill_[3]);
        }
        const double inset = 0.1;
        for (int round = 0; round < 4; ++round) {
            const double oL = L, oR = R, oT = T, oB = B;
            if (auto f = walk(2, pl, sT + inset * py_, sB - inset * py_, srow0, srow1, L, cl)) return f;
            if (auto f = walk(3, pr, sT + inset * py_, sB - inset * py_, srow0, srow1, R, cr)) return f;
            if (auto f = walk(0, ptop, sL + inset * px_, sR - inset * px_, 1, 0, T, ct)) return f;
            if (auto f = walk(1, pbot, sL + inset * px_, sR - inset * px_, 1, 0, B, cb)) return f;
            sT = T;
            sB = B;
            sL = L;
            sR = R;
            if (round > 0 && oL == L && oR == R && oT == T && oB == B) break;
            if (round == 3) return Failure{"board not found: the tray's edges do not settle"};
        }
        const int nx = static_cast<int>(std::lround((R - L) / px_)), ny = static_cast<int>(std::lround((B - T) / py_));
        if (trace_) {
            trace_->have_grid = true;
            trace_->left = L;
            trace_->top = T;
            trace_->cols = nx;
            trace_->rows = ny;
        }
        if (nx < kMinSide || ny < kMinSide || nx > kMaxSide || ny > kMaxSide)
            return Failure{fmt::format("board not found: the tray holds {}x{} cells", nx, ny)};
        const double fx = (R - L) / nx, fy = (B - T) / ny;
        if (std::abs(fx - px_) > 0.08 * px_ || std::abs(fy - py_) > 0.08 * py_)
            return Failure{fmt::format("board not found: the tray's edges ({:.0f}x{:.0f} px) do not fit cells of "
                                       "{:.1f} px",
                                       R - L, B - T, (px_ + py_) / 2)};
        if (std::abs(fx - fy) > 0.06 * std::max(fx, fy))
            return Failure{fmt::format("board not found: cells of {:.1f}x{:.1f} px are not square", fx, fy)};
        cut_l_ = cl;
        cut_r_ = cr;
        cut_t_ = ct;
        cut_b_ = cb;
        const int cuts = cl + cr + ct + cb;
        if (cuts != 0 && cuts != 4)
            return Failure{fmt::format("board not found: the picture cuts through the board ({} side{} without frame)",
                                       cuts, cuts > 1 ? "s" : "")};
        left_ = L;
        top_ = T;
        px_ = fx;
        py_ = fy;
        cols_ = nx;
        rows_ = ny;
        if (trace_) {
            trace_->pitch_x = px_;
            trace_->pitch_y = py_;
        }
        int len = 2;
        const double bad = prisoner_fit((px_ + py_) / 2, L, T, len);
        if (bad >= 1) return Failure{"board not found: the prisoner does not sit on the grid the tray's edges give"};
        note(1.0 - bad);
        if (std::min(px_, py_) < 20)
            return Failure{fmt::format("board too small: cells of {:.0f} px (at least 20 needed)", std::min(px_, py_))};
        return std::nullopt;
    }

    // Just outside each edge lies the frame or the strip under the header,
    // never wood of the blocks' own colour: a row of blocks taken for the
    // frame (one long block along a side, a side whose only gap is at the
    // exit) would show it.
    std::optional<Failure> check_beyond() const {
        static constexpr const char* kSide[] = {"top", "bottom", "left", "right"};
        std::array<std::vector<int>, 3> wood;
        for (int r = 0; r < rows_; ++r)
            for (int c = 0; c < cols_; ++c) {
                if (cls(r, c) != 1) continue;
                for (int i = 0; i < 3; ++i)
                    for (int j = 0; j < 3; ++j) {
                        const std::uint8_t* p = im_.px(static_cast<int>(cell_x(c) + px_ * (0.35 + 0.15 * j)),
                                                       static_cast<int>(cell_y(r) + py_ * (0.35 + 0.15 * i)));
                        for (int k = 0; k < 3; ++k) wood[static_cast<size_t>(k)].push_back(p[k]);
                    }
            }
        if (wood[0].empty()) return std::nullopt;
        const std::array<int, 3> ref{percentile(wood[0], 0.5), percentile(wood[1], 0.5), percentile(wood[2], 0.5)};
        const bool cut[4] = {cut_t_, cut_b_, cut_l_, cut_r_};
        const double prow0 = std::floor(((pt_ + pb_) / 2.0 - top_) / py_) * py_ + top_;
        for (int side = 0; side < 4; ++side) {
            if (cut[side]) continue;
            const bool horiz = side < 2;
            const double o = (side == 0 || side == 2) ? -1 : 1;
            const double e = side == 0 ? top_ : side == 1 ? top_ + rows_ * py_ : side == 2 ? left_ : left_ + cols_ * px_;
            const double a0 = horiz ? left_ : top_, len = horiz ? cols_ * px_ : rows_ * py_;
            int n = 0, same = 0;
            for (int k = 0; k < 48; ++k) {
                const double a = a0 + len * (k + 0.5) / 48;
                if (!horiz && a > prow0 - 0.2 * py_ && a < prow0 + 1.2 * py_) continue;  // the exit
                for (const double d : {0.08, 0.12}) {
                    const double u = e + o * d * (horiz ? py_ : px_);
                    const int x = static_cast<int>(horiz ? a : u), y = static_cast<int>(horiz ? u : a);
                    if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                    const std::uint8_t* p = im_.px(x, y);
                    ++n;
                    same += std::max({std::abs(p[0] - ref[0]), std::abs(p[1] - ref[1]), std::abs(p[2] - ref[2])}) <= 30;
                }
            }
            if (n > 0 && same * 10 >= n * 3)
                return Failure{fmt::format("board not found: unclear where the board ends on the {} side (wood of "
                                           "the blocks' colour beyond it)",
                                           kSide[side])};
        }
        return std::nullopt;
    }

    // ---- 2 (old). the board: floor flood-filled from around the prisoner ----
    // Floor, or a thin dark warm line between lighter things: a gap between
    // two blocks blurred by scaling or JPEG no longer has the floor's colour,
    // but it is still a valley of brightness across its width.
    // Black or dark grey (bezels, letterboxing, system bars): the blurred
    // border between the frame and such a region has the floor's colour.
    static bool cold(const std::uint8_t* p) {
        if (p[0] >= 60) return false;  // fast exit: floor and wood are redder
        const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
        return luma(p) < 48 && hi - lo < 10 && p[0] - p[2] < 6;
    }

    bool near_cold(int x, int y) const {
        constexpr int d = 2;  // the blurred border is one or two pixels wide
        return (x >= d && cold(im_.px(x - d, y))) || (x + d < im_.width && cold(im_.px(x + d, y))) ||
               (y >= d && cold(im_.px(x, y - d))) || (y + d < im_.height && cold(im_.px(x, y + d)));
    }

    bool passable(int x, int y, int d) const {
        const std::uint8_t* p = im_.px(x, y);
        if (is_floor(p)) return !near_cold(x, y);
        const int r = p[0], g = p[1], b = p[2];
        if (r - b < 20 || g + 10 < b || r + 10 < g) return false;
        const int v = luma(p) * 100;
        const bool valley =
            (x >= d && x + d < im_.width && v < 82 * std::min(luma(im_.px(x - d, y)), luma(im_.px(x + d, y)))) ||
            (y >= d && y + d < im_.height && v < 82 * std::min(luma(im_.px(x, y - d)), luma(im_.px(x, y + d))));
        return valley && !near_cold(x, y);
    }

    std::optional<Failure> find_board_by_floor() {
        // Sampled every fourteenth of the prisoner's thickness; thin lines the
        // samples miss are stepped over (see passable).
        const int s = std::max(1, (pb_ - pt_ + 1) / 14);
        const int sw = (im_.width + s - 1) / s, sh = (im_.height + s - 1) / s;
        std::vector<std::uint8_t> seen(static_cast<size_t>(sw) * static_cast<size_t>(sh));
        std::vector<int> todo;
        const int ring = (pb_ - pt_ + 1) / 6 + 2 * s + 1;
        const int jump = std::max(2, static_cast<int>(std::lround(0.15 * (pb_ - pt_ + 1) / s)));
        const int vd = std::max(2, static_cast<int>(std::lround(0.1 * (pb_ - pt_ + 1))));
        // Work items pack (x, y) on the sampling grid as y << 16 | x (sides are
        // at most 16384 px), sparing a division per step.
        for (int sy = std::max(0, pt_ - ring) / s; sy * s <= std::min(im_.height - 1, pb_ + ring); ++sy) {
            for (int sx = std::max(0, pl_ - ring) / s; sx * s <= std::min(im_.width - 1, pr_ + ring); ++sx) {
                const int x = sx * s, y = sy * s;
                if (x >= pl_ && x <= pr_ && y >= pt_ && y <= pb_) continue;
                const size_t i = static_cast<size_t>(sy) * sw + sx;
                if (!seen[i] && is_floor(im_.px(x, y))) {
                    seen[i] = 1;
                    todo.push_back(sy << 16 | sx);
                }
            }
        }
        if (todo.empty()) return Failure{"board not found: no floor around the red block"};
        std::vector<int> rmin(static_cast<size_t>(sh), INT32_MAX), rmax(static_cast<size_t>(sh), -1);
        std::vector<int> cmin(static_cast<size_t>(sw), INT32_MAX), cmax(static_cast<size_t>(sw), -1);
        long long count = 0;
        while (!todo.empty()) {
            const int item = todo.back();
            todo.pop_back();
            const int cx = item & 0xffff, cy = item >> 16;
            ++count;
            rmin[static_cast<size_t>(cy)] = std::min(rmin[static_cast<size_t>(cy)], cx);
            rmax[static_cast<size_t>(cy)] = std::max(rmax[static_cast<size_t>(cy)], cx);
            cmin[static_cast<size_t>(cx)] = std::min(cmin[static_cast<size_t>(cx)], cy);
            cmax[static_cast<size_t>(cx)] = std::max(cmax[static_cast<size_t>(cx)], cy);
            // Step over thin non-floor lines (a blurred gap between blocks,
            // always along the grid): in each of the four directions, the
            // nearest floor within `jump`.
            static constexpr int kDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (const auto& dir : kDirs) {
                const int dx = dir[0], dy = dir[1];
                {
                    for (int t = 1; t <= jump; ++t) {
                        const int nx = cx + dx * t, ny = cy + dy * t;
                        if (nx < 0 || ny < 0 || nx >= sw || ny >= sh) break;
                        const size_t j = static_cast<size_t>(ny) * sw + nx;
                        if (seen[j] == 1) break;
                        if (seen[j] == 0) {
                            if (passable(nx * s, ny * s, vd)) {
                                seen[j] = 1;
                                todo.push_back(ny << 16 | nx);
                                break;
                            }
                            seen[j] = 2;
                        }
                    }
                }
            }
        }
        // Robust extents: most rows reach the frame on both sides (the margin
        // between the outer blocks and the frame is floor); the exit notch
        // reaches further on a few rows only. Two estimates per side, a
        // percentile and the value most rows agree on; the frame decides.
        std::vector<int> lefts, rights, tops, bottoms;
        for (int y = 0; y < sh; ++y)
            if (rmax[static_cast<size_t>(y)] >= 0) {
                lefts.push_back(rmin[static_cast<size_t>(y)]);
                rights.push_back(rmax[static_cast<size_t>(y)]);
            }
        for (int x = 0; x < sw; ++x)
            if (cmax[static_cast<size_t>(x)] >= 0) {
                tops.push_back(cmin[static_cast<size_t>(x)]);
                bottoms.push_back(cmax[static_cast<size_t>(x)]);
            }
        const int tol = std::max(1, static_cast<int>(0.03 * (pb_ - pt_ + 1) / s));
        auto both = [&](const std::vector<int>& v, int n, bool high) {
            // A sample at k*s stands for the pixels around it: the edge lies
            // half a step beyond, on average.
            const int a = percentile(v, high ? 0.7 : 0.3), b = mode(v, n, tol, high);
            const double shift = high ? (s + 1) / 2.0 : -(s - 1) / 2.0;
            std::vector<double> out{std::max(0.0, a * static_cast<double>(s) + shift)};
            if (std::abs(a - b) > tol) out.push_back(std::max(0.0, b * static_cast<double>(s) + shift));
            return out;
        };
        std::vector<double> Ls = both(lefts, sw, false), Rs = both(rights, sw, true);
        std::vector<double> Ts = both(tops, sh, false), Bs = both(bottoms, sh, true);
        if (trace_) {
            trace_->floor_x0 = static_cast<int>(Ls[0]);
            trace_->floor_y0 = static_cast<int>(Ts[0]);
            trace_->floor_x1 = static_cast<int>(Rs[0]) - 1;
            trace_->floor_y1 = static_cast<int>(Bs[0]) - 1;
        }
        fill_[0] = Ts[0];
        fill_[1] = Bs[0];
        fill_[2] = Ls[0];
        fill_[3] = Rs[0];
        if (fill_only_) return std::nullopt;
        const double edge = 1.5 * s + 1;
        cut_l_ = *std::min_element(Ls.begin(), Ls.end()) <= edge;
        cut_t_ = *std::min_element(Ts.begin(), Ts.end()) <= edge;
        cut_r_ = *std::max_element(Rs.begin(), Rs.end()) >= im_.width - edge;
        cut_b_ = *std::max_element(Bs.begin(), Bs.end()) >= im_.height - edge;
        // Either the frame shows all round, or the picture is a crop of the
        // board edge to edge. A picture that cuts the board on some sides only
        // may have lost rows or columns: never guess them.
        const int cuts = cut_l_ + cut_r_ + cut_t_ + cut_b_;
        if (cuts != 0 && cuts != 4)
            return Failure{fmt::format("board not found: the picture cuts through the board ({} side{} without frame)",
                                       cuts, cuts > 1 ? "s" : "")};
        if (cuts == 4) {
            Ls = {0.0};
            Ts = {0.0};
            Rs = {static_cast<double>(im_.width)};
            Bs = {static_cast<double>(im_.height)};
        }
        std::vector<Grid> grids;
        for (double L : Ls)
            for (double R : Rs)
                for (double T : Ts)
                    for (double B : Bs) fit_grid(L, R, T, B, cuts == 0, grids);
        if (grids.empty())
            return Failure{"board not found: no grid of 4 to 8 cells fits the floor and the prisoner"};
        // A framed board: prefer the grids with frame all round them.
        if (cuts == 0) {
            for (Grid& g : grids) {
                use(g);
                bool ok = true;
                const auto odd = odd_sides(0.1, ok);
                g.frame_misses = ok ? 0 : 100;
                for (int k : odd) g.frame_misses += k < 0 ? 100 : std::max(0, k - 1);
            }
        }
        std::sort(grids.begin(), grids.end(), [](const Grid& a, const Grid& b) {
            return a.frame_misses != b.frame_misses ? a.frame_misses < b.frame_misses : a.bad < b.bad;
        });
        for (size_t i = 1; i < grids.size(); ++i) {
            const Grid& a = grids[0];
            const Grid& b = grids[i];
            if (b.frame_misses == a.frame_misses && b.bad < a.bad + 0.25 && (b.nx != a.nx || b.ny != a.ny))
                return Failure{fmt::format("ambiguous grid: {}x{} or {}x{} cells", a.nx, a.ny, b.nx, b.ny)};
        }
        use(grids.front());
        note(1.0 - grids.front().bad);
        if (std::min(px_, py_) < 20)
            return Failure{fmt::format("board too small: cells of {:.0f} px (at least 20 needed)", std::min(px_, py_))};
        if (trace_) {
            trace_->have_grid = true;
            trace_->left = left_;
            trace_->top = top_;
            trace_->pitch_x = px_;
            trace_->pitch_y = py_;
            trace_->cols = cols_;
            trace_->rows = rows_;
        }
        if (cuts == 0) {  // framed: all four sides
            if (auto f = check_edges()) return f;
            if (cols_ < kMinSide || rows_ < kMinSide)
                return Failure{fmt::format("board not found: only {}x{} cells inside the frame", cols_, rows_)};
        }
        return std::nullopt;
    }

    struct Grid {
        int nx, ny;
        double px, py, left, top, bad;
        int frame_misses = 0;
    };

    void use(const Grid& g) {
        cols_ = g.nx;
        rows_ = g.ny;
        px_ = g.px;
        py_ = g.py;
        left_ = g.left;
        top_ = g.top;
    }

    // Median colour of a few pixels around (x, y), clipped to the picture.
    std::array<int, 3> patch(double x, double y, double rx, double ry) const {
        std::array<std::vector<int>, 3> v;
        for (int i = -2; i <= 2; ++i)
            for (int j = -2; j <= 2; ++j) {
                const int px = static_cast<int>(std::lround(x + j * rx / 2)), py = static_cast<int>(std::lround(y + i * ry / 2));
                if (px < 0 || py < 0 || px >= im_.width || py >= im_.height) continue;
                for (int k = 0; k < 3; ++k) v[static_cast<size_t>(k)].push_back(im_.px(px, py)[k]);
            }
        if (v[0].empty()) return {-1000, -1000, -1000};
        return {percentile(v[0], 0.5), percentile(v[1], 0.5), percentile(v[2], 0.5)};
    }

    // The frame must surround the box: just outside each side there is frame
    // wood, of the colour seen outside the box's corners (where no block can
    // be). When a whole outer row of blocks hides the floor's thin margin, the
    // floor ends a row short; that row then shows here as blocks, and the box
    // grows by one row, if the row really looks like board and not frame.
    // Returns per side (top, bottom, left, right) how many cells look unlike
    // the frame, or -1 where a cell's sample lies outside the picture.
    std::array<int, 4> odd_sides(double d, bool& ok) const {
        const double W = cols_ * px_, H = rows_ * py_;
        const double rc = 0.02 * px_;
        std::array<int, 3> ref[4] = {patch(left_ - d * px_, top_ - d * py_, rc, rc),
                                     patch(left_ + W + d * px_, top_ - d * py_, rc, rc),
                                     patch(left_ - d * px_, top_ + H + d * py_, rc, rc),
                                     patch(left_ + W + d * px_, top_ + H + d * py_, rc, rc)};
        ok = true;
        std::array<int, 4> odd{0, 0, 0, 0};
        const int prow = static_cast<int>(std::floor(((pt_ + pb_) / 2.0 - top_) / py_));
        for (int side = 0; side < 4; ++side) {
            const bool horizontal_side = side < 2;  // top, bottom
            const int n = horizontal_side ? cols_ : rows_;
            for (int k = 0; k < n; ++k) {
                double x, y;
                if (horizontal_side) {
                    x = left_ + (k + 0.5) * px_;
                    y = side == 0 ? top_ - d * py_ : top_ + H + d * py_;
                } else {
                    x = side == 2 ? left_ - d * px_ : left_ + W + d * px_;
                    y = top_ + (k + 0.5) * py_;
                }
                if (x < 0 || y < 0 || x > im_.width - 1 || y > im_.height - 1) {
                    odd[static_cast<size_t>(side)] = -1;
                    break;
                }
                const auto c = patch(x, y, horizontal_side ? 0.15 * px_ : 0.02 * px_, horizontal_side ? 0.02 * py_ : 0.15 * py_);
                if (!board_like(c)) continue;  // something covers the frame here
                if (!horizontal_side && k == prow) continue;  // where the exit notch may be
                int near = 0;
                for (const auto& r : ref) near += colour_dist(c, r) <= 45;
                if (near < 2) ++odd[static_cast<size_t>(side)];
            }
        }
        int refs_agree = 0;
        for (int i = 0; i < 4; ++i)
            for (int j = i + 1; j < 4; ++j) refs_agree += colour_dist(ref[i], ref[j]) <= 45;
        ok = refs_agree >= 3;  // at least three corners show one frame colour
        return odd;
    }

    // Colours a board shows: floor, wood or the prisoner's red.
    static bool board_like(const std::array<int, 3>& c) {
        if (c[0] < 0) return false;
        const std::uint8_t p[3] = {static_cast<std::uint8_t>(c[0]), static_cast<std::uint8_t>(c[1]),
                                   static_cast<std::uint8_t>(c[2])};
        return is_floor(p) || is_wood(p) || is_red(p);
    }

    static int colour_dist(const std::array<int, 3>& a, const std::array<int, 3>& b) {
        return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
    }

    std::optional<Failure> check_edges() {
        static constexpr const char* kSide[] = {"top", "bottom", "left", "right"};
        for (int round = 0; round < 3; ++round) {
            bool ok = true;
            const auto odd = odd_sides(0.1, ok);
            if (!ok) return Failure{"board not found: no frame colour around the board's corners"};
            int grow = -1;
            for (int side = 0; side < 4; ++side) {
                if (odd[static_cast<size_t>(side)] < 0)
                    return Failure{fmt::format("board not found: the frame's {} side is outside the picture",
                                               kSide[side])};
                // One odd cell per side is the exit notch (or something on the frame).
                if (odd[static_cast<size_t>(side)] >= 2) {
                    if (grow >= 0)
                        return Failure{"board not found: no frame along two sides of the board"};
                    grow = side;
                }
            }
            if (grow < 0) return std::nullopt;
            if (round == 2 || (grow < 2 ? rows_ : cols_) >= kMaxSide)
                return Failure{fmt::format("board not found: no frame along the {} side of the board", kSide[grow])};
            // Grow by one row or column, then look at the new row: it must hold
            // cells of the board's colours, not the frame's.
            if (grow == 0) top_ -= py_;
            if (grow == 2) left_ -= px_;
            if (grow < 2) ++rows_;
            else ++cols_;
            const int n = grow < 2 ? cols_ : rows_;
            int frame_like = 0;
            for (int k = 0; k < n; ++k) {
                const int r = grow == 0 ? 0 : grow == 1 ? rows_ - 1 : k;
                const int c = grow == 2 ? 0 : grow == 3 ? cols_ - 1 : k;
                const double cx = cell_x(c) + 0.5 * px_, cy = cell_y(r) + 0.5 * py_;
                if (cx < 0 || cy < 0 || cx > im_.width - 1 || cy > im_.height - 1)
                    return Failure{fmt::format("board not found: no frame along the {} side of the board", kSide[grow])};
                const auto col = patch(cx, cy, 0.2 * px_, 0.2 * py_);
                const double d = 0.1;
                const auto ref = patch(left_ - d * px_, top_ - d * py_, 0.02 * px_, 0.02 * py_);
                frame_like += !board_like(col) || colour_dist(col, ref) <= 45;
            }
            if (frame_like > 0)
                return Failure{fmt::format("board not found: unclear where the board ends on the {} side", kSide[grow])};
            note(0.7);
            grew_ = true;
            if (trace_) {
                trace_->left = left_;
                trace_->top = top_;
                trace_->cols = cols_;
                trace_->rows = rows_;
            }
        }
        return std::nullopt;
    }

    // How well a pitch explains the prisoner: a block of L cells is L*p - g
    // long and p - g - (bevel) thick, with its face starting just after a line.
    // Returns a badness (< 1 acceptable) and the prisoner's length.
    double prisoner_fit(double p, double x_line0, double y_line0, int& len) const {
        const double w = pr_ - pl_ + 1, h = pb_ - pt_ + 1;
        double best = 1e9;
        for (int L = 2; L <= 4; ++L) {
            const double lw = w / p;
            if (lw < L - 0.35 || lw > L + 0.05) continue;
            if (h / p < 0.7 || h / p > 1.1) continue;
            // phase of the face's edges against the grid lines
            auto off = [&](double v, double line0) {
                const double u = (v - line0) / p;
                return u - std::floor(u + 0.3);  // in [-0.3, 0.7): small positive expected
            };
            const double ol = off(pl_, x_line0), ot = off(pt_, y_line0);
            const double orr = (pr_ + 1 - x_line0) / p - std::round((pr_ + 1 - x_line0) / p);
            if (ol < -0.12 || ol > 0.3 || ot < -0.12 || ot > 0.3 || orr > 0.12 || orr < -0.3) continue;
            const double bad = std::abs(ol - 0.05) * 3 + std::abs(orr + 0.05) * 3 + std::abs(ot - 0.05) * 2;
            if (bad < best) {
                best = bad;
                len = L;
            }
        }
        return best;
    }

    // Grids for one estimate of the floor's extent [L, R) x [T, B): every
    // number of columns and rows (4..8) whose square cells fit both the
    // extent and the prisoner.
    // A framed board may also come out one row or column short (an outer
    // row of blocks hiding the floor's margin): such grids are kept for
    // check_edges to grow, and refused if it does not.
    void fit_grid(double L, double R, double T, double B, bool framed, std::vector<Grid>& out) const {
        const int lo = framed ? kMinSide - 1 : kMinSide;
        for (int nx = lo; nx <= kMaxSide; ++nx) {
            for (int ny = lo; ny <= kMaxSide; ++ny) {
                const double px = (R - L) / nx, py = (B - T) / ny;
                if (std::abs(px - py) > 0.06 * std::max(px, py)) continue;
                int len = 2;
                const double bad = prisoner_fit((px + py) / 2, L, T, len);
                if (bad >= 1) continue;
                out.push_back({nx, ny, px, py, L, T, bad});
            }
        }
    }

    // ---- 3. cells -----------------------------------------------------------
    double cell_x(int c) const { return left_ + c * px_; }
    double cell_y(int r) const { return top_ + r * py_; }

    std::optional<Failure> read_cells() {
        cls_.assign(static_cast<size_t>(rows_ * cols_), -1);
        const int k = std::clamp(static_cast<int>(std::min(px_, py_) * 0.2), 4, 10);
        std::vector<std::string> seen(static_cast<size_t>(rows_), std::string(static_cast<size_t>(cols_), '?'));
        std::optional<Failure> fail;
        for (int r = 0; r < rows_; ++r) {
            for (int c = 0; c < cols_; ++c) {
                int nr = 0, nf = 0, nw = 0, n = 0;
                for (int i = 0; i < k; ++i) {
                    for (int j = 0; j < k; ++j) {
                        const int x = static_cast<int>(cell_x(c) + px_ * (0.3 + 0.4 * (j + 0.5) / k));
                        const int y = static_cast<int>(cell_y(r) + py_ * (0.3 + 0.4 * (i + 0.5) / k));
                        if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                        const std::uint8_t* p = im_.px(x, y);
                        ++n;
                        if (is_red(p)) ++nr;
                        else if (is_floor(p)) ++nf;
                        else if (is_wood(p)) ++nw;
                    }
                }
                if (n < k * k / 2) {
                    fail = fail ? fail : Failure{fmt::format("board not found: {} lies outside the picture", at_cell(r, c))};
                    continue;
                }
                const double fr = static_cast<double>(nr) / n, ff = static_cast<double>(nf) / n,
                             fw = static_cast<double>(nw) / n;
                int v = -1;
                // One class must dominate and the others be nearly absent; the
                // rest may be anything else (an overlay over part of the cell).
                // (light wood-like pixels on red are a word written on the prisoner)
                if (fr >= 0.4 && ff < 0.08 && (fw < 0.08 || (fr >= 0.6 && fw < 0.3))) {
                    v = 2;
                    note((fr - 0.4) / 0.3 + 0.5);
                } else if (fw >= 0.4 && ff < 0.08 && (fr < 0.08 || fw >= 0.6)) {
                    v = 1;
                    note((fw - 0.4) / 0.3 + 0.5);
                } else if (ff >= 0.4 && fw < 0.08 && (fr < 0.08 || ff >= 0.5)) {
                    v = 0;
                    note((ff - 0.4) / 0.3 + 0.5);
                }
                cls_[static_cast<size_t>(r * cols_ + c)] = v;
                seen[static_cast<size_t>(r)][static_cast<size_t>(c)] = v == 0 ? '.' : v == 1 ? '#' : v == 2 ? 'A' : '?';
                if (v < 0 && !fail)
                    fail = Failure{fmt::format("unclear cell at {}: neither floor nor block "
                                               "(floor {:.0f}%, wood {:.0f}%, red {:.0f}%)",
                                               at_cell(r, c), ff * 100, fw * 100, fr * 100)};
            }
        }
        if (trace_) trace_->cells = seen;
        if (fail) return fail;
        return check_floor_edges();
    }

    // An empty cell of the tray is floor right up to its edges (shadows are
    // dark too). Cells laid over a header panel are not: the light strip
    // under the panel, its rounded corners or its writing show near an edge.
    std::optional<Failure> check_floor_edges() {
        for (int r = 0; r < rows_; ++r) {
            for (int c = 0; c < cols_; ++c) {
                if (cls(r, c) != 0) continue;
                for (int side = 0; side < 4; ++side) {
                    int n = 0, dark = 0;
                    for (int k = 0; k < 8; ++k) {
                        const double along = 0.2 + 0.6 * (k + 0.5) / 8, across = side % 2 ? 0.9 : 0.1;
                        const double fx = side < 2 ? along : across, fy = side < 2 ? across : along;
                        const int x = static_cast<int>(cell_x(c) + px_ * fx), y = static_cast<int>(cell_y(r) + py_ * fy);
                        if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                        ++n;
                        dark += gap_dark(im_.px(x, y));
                    }
                    if (n > 0 && dark * 8 < n * 5)
                        return Failure{fmt::format("unclear cell at {}: empty in its middle but not near its {} edge",
                                                   at_cell(r, c), std::array{"top", "bottom", "left", "right"}[static_cast<size_t>(side)])};
                }
            }
        }
        return std::nullopt;
    }

    // ---- 4. seams and blocks ------------------------------------------------
    // Darkness across the edge between two block cells: the darkest line near
    // the edge against the wood on both sides. Returns min/base.
    // Measured over the part [f0, f1] of the edge's length.
    double edge_ratio(int r, int c, bool vertical_edge, double f0, double f1, int* at = nullptr) const {
        // Profile across the edge, averaged along the middle half of it.
        const double p = vertical_edge ? px_ : py_;
        const double q = vertical_edge ? py_ : px_;
        const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);  // edge position
        const double a0 = (vertical_edge ? cell_y(r) : cell_x(c)) + f0 * q;
        const double a1 = (vertical_edge ? cell_y(r) : cell_x(c)) + f1 * q;
        const int reach = static_cast<int>(std::ceil(0.24 * p));
        const int astep = std::max(1, static_cast<int>(q / 60));
        std::vector<double> prof(static_cast<size_t>(2 * reach + 1));
        for (int d = -reach; d <= reach; ++d) {
            const int u = static_cast<int>(std::lround(e + d));
            long sum = 0, n = 0;
            for (int a = static_cast<int>(a0); a <= static_cast<int>(a1); a += astep) {
                const int x = vertical_edge ? u : a, y = vertical_edge ? a : u;
                if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                sum += luma(im_.px(x, y));
                ++n;
            }
            prof[static_cast<size_t>(d + reach)] = n ? static_cast<double>(sum) / n : 0;
        }
        const int near = std::max(2, static_cast<int>(0.1 * p));
        const int far = static_cast<int>(0.13 * p);
        double lo = 1e9;
        std::vector<double> base;
        for (int d = -reach; d <= reach; ++d) {
            const double v = prof[static_cast<size_t>(d + reach)];
            if (std::abs(d) <= near && v < lo) {
                lo = v;
                if (at) *at = d;
            }
            if (std::abs(d) >= far) base.push_back(v);
        }
        std::nth_element(base.begin(), base.begin() + static_cast<long>(base.size() / 2), base.end());
        const double b = base[base.size() / 2];
        return b > 0 ? lo / b : 0;
    }

    // A seam is floor or shadow or the dark rim of wood: warm and not red,
    // or nearly black.
    // A stroke of colour lying along an edge (a stamp's ring, a pen line) is
    // dark too, but of the wrong colour.
    bool seam_colour_ok(int r, int c, bool vertical_edge, const int at[3]) const {
        const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);
        const double start = vertical_edge ? cell_y(r) : cell_x(c);
        const double q = vertical_edge ? py_ : px_;
        int n = 0, bad = 0;
        for (int part = 0; part < 3; ++part) {
            for (int k = 0; k < 8; ++k) {
                const double a = start + q * (0.15 + 0.233 * part + 0.233 * (k + 0.5) / 8);
                const int u = static_cast<int>(std::lround(e + at[part]));
                const int x = vertical_edge ? u : static_cast<int>(a), y = vertical_edge ? static_cast<int>(a) : u;
                if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                const std::uint8_t* p = im_.px(x, y);
                ++n;
                // (a dark red is the rim of cherry wood; a bright red is ink)
                const bool warm = p[0] - p[2] >= 20 && p[0] + 5 >= p[1] && !(is_red(p) && luma(p) >= 60);
                bad += !warm && luma(p) >= 45;  // deep shadow may be nearly black
            }
        }
        return n > 0 && bad * 4 <= n;
    }

    // Before two cells are joined: the line between them is of their own
    // colour (wood or red) nearly all along, not covered by something else.
    bool edge_colour_ok(int r, int c, bool vertical_edge, int cls) const {
        const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);
        const double start = vertical_edge ? cell_y(r) : cell_x(c);
        const double q = vertical_edge ? py_ : px_;
        int n = 0, good = 0;
        for (int k = 0; k < 24; ++k) {
            const double a = start + q * (0.1 + 0.8 * (k + 0.5) / 24);
            for (int d = -1; d <= 1; ++d) {
                const int x = static_cast<int>(std::lround(vertical_edge ? e + d : a));
                const int y = static_cast<int>(std::lround(vertical_edge ? a : e + d));
                if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                ++n;
                const std::uint8_t* p = im_.px(x, y);
                good += cls == 2 ? is_red(p) : is_wood(p);
            }
        }
        return n > 0 && good * 100 >= n * 85;
    }

    // Rivets: dark dots near the four corners of a fixed cell.
    // Returns how many corners show a rivet, stopping early once `need`
    // can no longer be reached.
    int rivets(int r, int c, double wood_luma, int need = 4) const {
        int found = 0;
        const double dark = 0.75 * wood_luma;
        const double rad = std::max(1.0, 0.03 * px_);
        const double reach = 0.07 * px_, stepv = std::max(1.0, reach / 3);
        auto lum = [&](double x, double y) {
            const int ix = std::clamp(static_cast<int>(std::lround(x)), 0, im_.width - 1);
            const int iy = std::clamp(static_cast<int>(std::lround(y)), 0, im_.height - 1);
            return luma(im_.px(ix, iy));
        };
        for (int corner = 0; corner < 4; ++corner) {
            if (found + (4 - corner) < need) break;
            const double cx = cell_x(c) + px_ * (corner % 2 ? 0.8 : 0.2);
            const double cy = cell_y(r) + py_ * (corner / 2 ? 0.8 : 0.2);
            // Quick look: nothing dark near the spot, no rivet.
            bool any = false;
            for (double oy = -reach; oy <= reach + 1e-9 && !any; oy += stepv)
                for (double ox = -reach; ox <= reach + 1e-9 && !any; ox += stepv) any = lum(cx + ox, cy + oy) < dark;
            if (!any) continue;
            // The darkest small spot near where the rivet should be (the grid
            // may be off by a few pixels) that is a dot, not a grain line:
            // wood around it on the five sides facing the cell's middle
            // (towards the corner lie the seam and the shadow).
            const double sx = corner % 2 ? -1 : 1, sy = corner / 2 ? -1 : 1;
            double darkest = 1e9;
            for (double oy = -reach; oy <= reach + 1e-9; oy += stepv) {
                for (double ox = -reach; ox <= reach + 1e-9; ox += stepv) {
                    std::array<int, 9> v{};
                    for (int i = 0; i < 9; ++i) v[static_cast<size_t>(i)] = lum(cx + ox + (i % 3 - 1) * rad, cy + oy + (i / 3 - 1) * rad);
                    std::nth_element(v.begin(), v.begin() + 4, v.end());
                    const double m = v[4];
                    if (m >= darkest || m >= dark) continue;
                    int bright = 0;
                    for (int k = 0; k < 8; ++k) {
                        const double ux = std::cos(k * M_PI / 4), uy = std::sin(k * M_PI / 4);
                        if (ux * sx + uy * sy < -0.1) continue;
                        bright += lum(cx + ox + 0.13 * px_ * ux, cy + oy + 0.13 * py_ * uy) > 0.85 * wood_luma;
                    }
                    if (bright >= 4) darkest = m;
                }
            }
            if (darkest < dark) ++found;
        }
        return found;
    }

    double cell_luma(int r, int c) const {
        std::vector<int> v;
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j) {
                const int x = static_cast<int>(cell_x(c) + px_ * (0.35 + 0.075 * j));
                const int y = static_cast<int>(cell_y(r) + py_ * (0.35 + 0.075 * i));
                if (x >= 0 && y >= 0 && x < im_.width && y < im_.height) v.push_back(luma(im_.px(x, y)));
            }
        return percentile(v, 0.5);
    }

    std::optional<Failure> read_blocks() {
        constexpr double kSeam = 0.74, kJoin = 0.88;
        const int n = rows_ * cols_;
        std::vector<int> parent(static_cast<size_t>(n));
        std::iota(parent.begin(), parent.end(), 0);
        auto find = [&](int i) {
            while (parent[static_cast<size_t>(i)] != i) i = parent[static_cast<size_t>(i)] = parent[static_cast<size_t>(parent[static_cast<size_t>(i)])];
            return i;
        };
        for (int r = 0; r < rows_; ++r) {
            for (int c = 0; c < cols_; ++c) {
                for (int dir = 0; dir < 2; ++dir) {
                    const int r2 = r + dir, c2 = c + 1 - dir;
                    if (r2 >= rows_ || c2 >= cols_) continue;
                    const int a = cls(r, c), b = cls(r2, c2);
                    if (a == 0 || b == 0 || a != b) continue;  // floor, or wood against red
                    // A seam runs the whole edge: all three thirds must agree.
                    // Something dark crossing the edge (a pen stroke) darkens
                    // one part only; something light (a label) hides a seam
                    // and is caught by the colour check before joining.
                    double lo = 1e9, hi = 0;
                    int at[3] = {0, 0, 0};
                    for (int part = 0; part < 3; ++part) {
                        const double ratio =
                            edge_ratio(r, c, dir == 0, 0.15 + 0.233 * part, 0.383 + 0.233 * part, &at[part]);
                        lo = std::min(lo, ratio);
                        hi = std::max(hi, ratio);
                    }
                    const double ratio = hi < kSeam ? hi : lo;
                    if (hi < kSeam && seam_colour_ok(r, c, dir == 0, at)) {
                        note((kSeam - hi) / 0.2 + 0.5);
                        continue;
                    }
                    if (lo > kJoin && edge_colour_ok(r, c, dir == 0, a)) {
                        note((lo - kJoin) / 0.1 + 0.5);
                        parent[static_cast<size_t>(find(r * cols_ + c))] = find(r2 * cols_ + c2);
                        continue;
                    }
                    return Failure{fmt::format("ambiguous seam at {} ({} edge, darkness {:.2f})", at_cell(r, c),
                                               dir == 0 ? "right" : "bottom", ratio)};
                }
            }
        }
        // Groups of joined cells must be straight blocks of two or more, or
        // single riveted cells.
        std::vector<std::vector<int>> groups(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i)
            if (cls_[static_cast<size_t>(i)] > 0) groups[static_cast<size_t>(find(i))].push_back(i);
        grid_.assign(static_cast<size_t>(rows_), std::string(static_cast<size_t>(cols_), '.'));
        int next = 1, reds = 0;
        for (int i = 0; i < n; ++i) {
            const auto& g = groups[static_cast<size_t>(i)];
            if (g.empty()) continue;
            const int r0 = g.front() / cols_, c0 = g.front() % cols_;
            bool straight = true;
            const bool horiz = g.size() == 1 || g[1] / cols_ == r0;
            for (size_t k = 0; k < g.size(); ++k) {
                const int want = horiz ? r0 * cols_ + c0 + static_cast<int>(k) : (r0 + static_cast<int>(k)) * cols_ + c0;
                straight = straight && g[k] == want;
            }
            if (!straight)
                return Failure{fmt::format("ambiguous seams near {}: joined cells do not form a straight block",
                                           at_cell(r0, c0))};
            const bool red = cls_[static_cast<size_t>(g.front())] == 2;
            char label;
            if (red) {
                if (!horiz || g.size() < 2)
                    return Failure{fmt::format("not a valid board: the red block at {} is not horizontal", at_cell(r0, c0))};
                ++reds;
                label = 'A';
            } else if (g.size() == 1) {
                const int seen = rivets(r0, c0, cell_luma(r0, c0), 3);
                if (seen < 3)
                    return Failure{fmt::format("ambiguous seam at {}: a single wooden cell without rivets", at_cell(r0, c0))};
                note(seen == 4 ? 1.0 : 0.6);
                label = 'x';
            } else {
                label = Board::label(next < kMaxBlocks ? next : kMaxBlocks - 1);
                ++next;
            }
            if (!red && g.size() > 1) {
                // A riveted cell inside a longer block would mean a missed seam.
                for (int cell : g) {
                    if (rivets(cell / cols_, cell % cols_, cell_luma(cell / cols_, cell % cols_)) == 4)
                        return Failure{fmt::format("ambiguous seam near {}: rivets inside a block",
                                                   at_cell(cell / cols_, cell % cols_))};
                }
            }
            for (int cell : g) grid_[static_cast<size_t>(cell / cols_)][static_cast<size_t>(cell % cols_)] = label;
        }
        if (reds != 1)
            return Failure{reds == 0 ? std::string("not a puzzle: no prisoner on the board")
                                     : fmt::format("not a valid board: {} red blocks", reds)};
        if (next > kMaxBlocks) return Failure{fmt::format("not a valid board: more than {} blocks", kMaxBlocks)};
        return std::nullopt;
    }

    // ---- 5. the exit ----------------------------------------------------------
    // Per side and row: 1 notch (floor beyond the box), 0 frame, -1 cut off
    // by the picture's edge, -2 unclear.
    int side_state(int r, bool right) const {
        // A strip of the frame beside the row, as much of it as the picture holds.
        double x0 = right ? left_ + cols_ * px_ + 0.05 * px_ : left_ - 0.17 * px_;
        double x1 = x0 + 0.12 * px_;
        x0 = std::max(x0, 0.0);
        x1 = std::min(x1, im_.width - 1.0);
        if (x1 - x0 < 1.5) return -1;
        int nf = 0, nw = 0, n = 0;
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 4; ++j) {
                const int x = static_cast<int>(x0 + (x1 - x0) * j / 3.0);
                const int y = static_cast<int>(cell_y(r) + py_ * (0.3 + 0.08 * i));
                if (y < 0 || y >= im_.height) continue;
                const std::uint8_t* p = im_.px(x, y);
                ++n;
                if (is_floor(p) || luma(p) < 50) ++nf;
                else if (is_wood(p)) ++nw;
            }
        if (n == 0) return -1;
        if (nf * 10 >= n * 7) return 1;
        if (nw * 10 >= n * 6) return 0;
        return -2;
    }

    // The exit is on the prisoner's row (a board file may not say otherwise),
    // so that row decides; a notch on any other row makes the picture
    // ambiguous, and things covering the frame beside other rows are ignored.
    std::optional<Failure> read_exit() {
        const int prow = static_cast<int>(std::floor(((pt_ + pb_) / 2.0 - top_) / py_));
        if (prow < 0 || prow >= rows_) return Failure{"board not found: the prisoner lies outside the grid"};
        int state[2] = {0, 0};
        for (int side = 0; side < 2; ++side) {
            for (int r = 0; r < rows_; ++r) {
                const int s = side_state(r, side == 1);
                if (r == prow) state[side] = s;
                else if (s == 1)
                    return Failure{fmt::format("ambiguous exit: an opening in the frame on row {}, but the "
                                               "prisoner is on row {}",
                                               r + 1, prow + 1)};
            }
        }
        const int left = state[0], right = state[1];
        exit_row_ = prow;
        if ((left == 1) != (right == 1)) {
            const int other = left == 1 ? right : left;
            if (other != 0) return Failure{fmt::format("exit unclear: the frame beside row {} is hidden or cut", prow + 1)};
            exit_ = left == 1 ? Side::Left : Side::Right;
            exit_seen_ = true;
            return std::nullopt;
        }
        if (left == 1) return Failure{fmt::format("ambiguous exit: openings on both sides of row {}", prow + 1)};
        if (left == -1 && right == -1) {
            // No frame at all (a crop of the board): the exit is assumed on the right.
            exit_ = Side::Right;
            exit_seen_ = false;
            exit_row_ = -1;
            note(0.8);
            return std::nullopt;
        }
        return Failure{fmt::format("exit not found: no opening in the frame beside the prisoner's row {}", prow + 1)};
    }

    std::variant<ScanResult, ScanError> finish() {
        ScanResult res;
        try {
            res.board = board_from_grid(grid_, exit_, exit_row_);
        } catch (const BoardError& e) {
            return ScanError{fmt::format("not a valid board: {}", e.what())};
        }
        if (trace_) trace_->grid = res.board.grid();
        res.image_width = im_.width;
        res.image_height = im_.height;
        res.box.x = static_cast<int>(std::lround(left_));
        res.box.y = static_cast<int>(std::lround(top_));
        res.box.w = static_cast<int>(std::lround(cols_ * px_));
        res.box.h = static_cast<int>(std::lround(rows_ * py_));
        res.box.cell_px = (px_ + py_) / 2;
        res.confidence = conf_;
        res.exit_seen = exit_seen_;
        return res;
    }
};

// Is `big` the board of `small` with empty rows or columns around it?
bool same_plus_empty(const ScanResult& small, const ScanResult& big) {
    const double cell = small.box.cell_px;
    if (std::abs(big.box.cell_px - cell) > 0.1 * cell) return false;
    const int dr = static_cast<int>(std::lround((small.box.y - big.box.y) / cell));
    const int dc = static_cast<int>(std::lround((small.box.x - big.box.x) / cell));
    const Board& s = small.board;
    const Board& b = big.board;
    if (dr < 0 || dc < 0 || dr + s.height > b.height || dc + s.width > b.width) return false;
    if (std::abs(small.box.y - big.box.y - dr * cell) > 0.3 * cell || std::abs(small.box.x - big.box.x - dc * cell) > 0.3 * cell)
        return false;
    std::vector<std::string> rows;
    const std::string grid = b.grid();
    for (int r = 0; r < b.height; ++r) {
        const std::string row = grid.substr(static_cast<size_t>(r * (b.width + 1)), static_cast<size_t>(b.width));
        for (int c = 0; c < b.width; ++c) {
            const bool inside = r >= dr && r < dr + s.height && c >= dc && c < dc + s.width;
            if (!inside && row[static_cast<size_t>(c)] != '.') return false;
        }
        if (r >= dr && r < dr + s.height) rows.push_back(row.substr(static_cast<size_t>(dc), static_cast<size_t>(s.width)));
    }
    try {
        return board_from_grid(rows, s.exit, s.exit_row()) == s;
    } catch (const BoardError&) {
        return false;
    }
}

}  // namespace

std::variant<ScanResult, ScanError> scan_image(const Image& image, ScanTrace* trace) {
    try {
        // The board found from the tray's own edges is checked against the
        // board found from the frame: both must agree when both read one.
        // The frame alone is trusted only when it showed all round without
        // help (a header panel can pass for a missing row).
        ScanTrace frame_trace;
        Scanner evidence(image, trace, Finder::Evidence);
        auto by_evidence = evidence.run();
        Scanner frame(image, trace ? &frame_trace : nullptr, Finder::Frame);
        auto by_frame = frame.run();
        auto* e = std::get_if<ScanResult>(&by_evidence);
        auto* f = std::get_if<ScanResult>(&by_frame);
        if (e && f) {
            const double tol = 0.3 * e->box.cell_px;
            if (e->board == f->board && std::abs(e->box.x - f->box.x) <= tol && std::abs(e->box.y - f->box.y) <= tol &&
                std::abs(e->box.w - f->box.w) <= tol && std::abs(e->box.h - f->box.h) <= tol)
                return by_evidence;
            // The frame finder took a header panel for empty rows: its board
            // is the tray's plus empty cells. (The tray's edges are never
            // short of an empty row: floor beyond a line is no edge.)
            if (same_plus_empty(*e, *f)) return by_evidence;
            return ScanError{fmt::format("ambiguous board: the tray's edges give {}x{} cells at {},{}, the frame "
                                         "{}x{} at {},{}",
                                         e->board.width, e->board.height, e->box.x, e->box.y, f->board.width,
                                         f->board.height, f->box.x, f->box.y)};
        }
        if (e) return by_evidence;
        // A header panel of the floor's colour passes for empty rows: the
        // frame alone never vouches for an empty top row.
        const bool empty_top = f && f->board.grid().substr(0, static_cast<size_t>(f->board.width)) ==
                                        std::string(static_cast<size_t>(f->board.width), '.');
        if (f && !frame.grew() && !empty_top) {
            if (trace) *trace = frame_trace;
            return by_frame;
        }
        if (!e && !f && frame.stage() > evidence.stage()) {
            if (trace) *trace = frame_trace;
            return by_frame;
        }
        return by_evidence;
    } catch (const std::exception& e) {
        return ScanError{fmt::format("scan failed: {}", e.what())};
    }
}

std::variant<ScanResult, ScanError> scan_screenshot(std::string_view file_bytes) {
    auto decoded = decode_image(file_bytes);
    if (auto* e = std::get_if<DecodeError>(&decoded)) return ScanError{e->message};
    return scan_image(std::get<Image>(decoded));
}

}  // namespace slidedb
