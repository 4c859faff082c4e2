// Stage 2, the other way: the floor flood-filled from the prisoner, a grid fitted to its extent, the frame all round.
#include "families/unblock/scan/scanner.h"

#include <cmath>

namespace slidedb::scanning {

// ---- 2 (old). the board: floor flood-filled from around the prisoner ----
// Floor, or a thin dark warm line between lighter things: a gap between
// two blocks blurred by scaling or JPEG no longer has the floor's colour,
// but it is still a valley of brightness across its width.
// Black or dark grey (bezels, letterboxing, system bars): the blurred
// border between the frame and such a region has the floor's colour.
bool Scanner::cold(const std::uint8_t* p) {
    if (p[0] >= 60) return false;  // fast exit: floor and wood are redder
    const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
    return luma(p) < 48 && hi - lo < 10 && p[0] - p[2] < 6;
}

// (neighbours are reached from the pixel's own address: the fill asks
// this of thousands of samples)
bool Scanner::near_cold(int x, int y) const {
    constexpr int d = 2;  // the blurred border is one or two pixels wide
    const std::uint8_t* p = im_.px(x, y);
    const std::ptrdiff_t down = d * 3 * static_cast<std::ptrdiff_t>(im_.width);
    return (x >= d && cold(p - 3 * d)) || (x + d < im_.width && cold(p + 3 * d)) || (y >= d && cold(p - down)) ||
           (y + d < im_.height && cold(p + down));
}

bool Scanner::passable(int x, int y, int d) const {
    const std::uint8_t* p = im_.px(x, y);
    if (is_floor(p)) return !near_cold(x, y);
    const int r = p[0], g = p[1], b = p[2];
    if (r - b < 20 || g + 10 < b || r + 10 < g) return false;
    const int v = luma(p) * 100;
    const std::ptrdiff_t side = 3 * static_cast<std::ptrdiff_t>(d), down = side * im_.width;
    const bool valley = (x >= d && x + d < im_.width && v < 82 * std::min(luma(p - side), luma(p + side))) ||
                        (y >= d && y + d < im_.height && v < 82 * std::min(luma(p - down), luma(p + down)));
    return valley && !near_cold(x, y);
}

// The flood fill depends on the prisoner alone: it is done once and kept
// (both finders use it, the tray-edge finder on every grid it tries).
std::optional<Failure> Scanner::fill_floor() {
    if (floor_.done) {
        if (trace_ && floor_.found) trace_floor();
        return floor_.found ? std::nullopt : std::optional<Failure>{Failure{"board not found: no floor around the red block"}};
    }
    floor_.done = true;
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
    if (todo.empty()) return Failure{"board not found: no floor around the red block"};  // floor_.found stays false
    std::vector<int> rmin(static_cast<size_t>(sh), INT32_MAX), rmax(static_cast<size_t>(sh), -1);
    std::vector<int> cmin(static_cast<size_t>(sw), INT32_MAX), cmax(static_cast<size_t>(sw), -1);
    while (!todo.empty()) {
        const int item = todo.back();
        todo.pop_back();
        const int cx = item & 0xffff, cy = item >> 16;
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
    floor_.Ls = both(lefts, sw, false);
    floor_.Rs = both(rights, sw, true);
    floor_.Ts = both(tops, sh, false);
    floor_.Bs = both(bottoms, sh, true);
    floor_.step = s;
    floor_.seen = std::move(seen);
    floor_.sw = sw;
    floor_.sh = sh;
    floor_.found = true;
    if (trace_) trace_floor();
    return std::nullopt;
}

void Scanner::trace_floor() const {
    trace_->floor_x0 = static_cast<int>(floor_.Ls[0]);
    trace_->floor_y0 = static_cast<int>(floor_.Ts[0]);
    trace_->floor_x1 = static_cast<int>(floor_.Rs[0]) - 1;
    trace_->floor_y1 = static_cast<int>(floor_.Bs[0]) - 1;
}

std::optional<Failure> Scanner::find_board_by_floor() {
    if (auto f = fill_floor()) return f;
    std::vector<double> Ls = floor_.Ls, Rs = floor_.Rs, Ts = floor_.Ts, Bs = floor_.Bs;
    const int s = floor_.step;
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

void Scanner::use(const Grid& g) {
    cols_ = g.nx;
    rows_ = g.ny;
    px_ = g.px;
    py_ = g.py;
    left_ = g.left;
    top_ = g.top;
}

// Median colour of a few pixels around (x, y), clipped to the picture.
std::array<int, 3> Scanner::patch(double x, double y, double rx, double ry) const {
    std::array<std::array<int, 25>, 3> v;
    int n = 0;
    for (int i = -2; i <= 2; ++i)
        for (int j = -2; j <= 2; ++j) {
            const int px = round_px(x + j * rx / 2), py = round_px(y + i * ry / 2);
            if (px < 0 || py < 0 || px >= im_.width || py >= im_.height) continue;
            for (int k = 0; k < 3; ++k) v[static_cast<size_t>(k)][static_cast<size_t>(n)] = im_.px(px, py)[k];
            ++n;
        }
    if (n == 0) return {-1000, -1000, -1000};
    auto median = [&](std::size_t k) { return percentile_in_place(std::span<int>(v[k].data(), static_cast<std::size_t>(n)), 0.5); };
    return {median(0), median(1), median(2)};
}

// The frame must surround the box: just outside each side there is frame
// wood, of the colour seen outside the box's corners (where no block can
// be). When a whole outer row of blocks hides the floor's thin margin, the
// floor ends a row short; that row then shows here as blocks, and the box
// grows by one row, if the row really looks like board and not frame.
// Returns per side (top, bottom, left, right) how many cells look unlike
// the frame, or -1 where a cell's sample lies outside the picture.
std::array<int, 4> Scanner::odd_sides(double d, bool& ok) const {
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
bool Scanner::board_like(const std::array<int, 3>& c) {
    if (c[0] < 0) return false;
    const std::uint8_t p[3] = {static_cast<std::uint8_t>(c[0]), static_cast<std::uint8_t>(c[1]),
                               static_cast<std::uint8_t>(c[2])};
    return is_floor(p) || is_wood(p) || is_red(p);
}

int Scanner::colour_dist(const std::array<int, 3>& a, const std::array<int, 3>& b) {
    return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

std::optional<Failure> Scanner::check_edges() {
    for (int round = 0; round < 3; ++round) {
        bool ok = true;
        const auto odd = odd_sides(0.1, ok);
        if (!ok) return Failure{"board not found: no frame colour around the board's corners"};
        int grow = -1;
        for (int side = 0; side < 4; ++side) {
            if (odd[static_cast<size_t>(side)] < 0)
                return Failure{fmt::format("board not found: the frame's {} side is outside the picture",
                                           kSideName[side])};
            // One odd cell per side is the exit notch (or something on the frame).
            if (odd[static_cast<size_t>(side)] >= 2) {
                if (grow >= 0)
                    return Failure{"board not found: no frame along two sides of the board"};
                grow = side;
            }
        }
        if (grow < 0) return std::nullopt;
        if (round == 2 || (grow < 2 ? rows_ : cols_) >= kMaxSide)
            return Failure{fmt::format("board not found: no frame along the {} side of the board", kSideName[grow])};
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
                return Failure{fmt::format("board not found: no frame along the {} side of the board", kSideName[grow])};
            const auto col = patch(cx, cy, 0.2 * px_, 0.2 * py_);
            const double d = 0.1;
            const auto ref = patch(left_ - d * px_, top_ - d * py_, 0.02 * px_, 0.02 * py_);
            frame_like += !board_like(col) || colour_dist(col, ref) <= 45;
        }
        if (frame_like > 0)
            return Failure{fmt::format("board not found: unclear where the board ends on the {} side", kSideName[grow])};
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
double Scanner::prisoner_fit(double p, double x_line0, double y_line0, int& len) const {
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
void Scanner::fit_grid(double L, double R, double T, double B, bool framed, std::vector<Grid>& out) const {
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

bool Scanner::prisoner_alone() {
    if (im_.width < 32 || im_.height < 32) return false;
    if (!adopted_ && find_prisoner()) return false;
    if (fill_floor()) return false;
    const int s = floor_.step;
    const double x0 = floor_.Ls[0], x1 = floor_.Rs[0], y0 = floor_.Ts[0], y1 = floor_.Bs[0];
    const double thick = std::min(pr_ - pl_, pb_ - pt_) + 1.0;
    // (the prisoner's thickness is about a cell: 4 cells a side at least)
    if (x1 - x0 < 3.5 * thick || y1 - y0 < 3.5 * thick) return false;
    if (pl_ < x0 || pr_ > x1 || pt_ < y0 || pb_ > y1) return false;
    // The prisoner's outline, a few pixels, is neither floor nor red.
    const int rim = s + static_cast<int>(0.08 * thick);
    long long all = 0, covered = 0;
    for (int sy = static_cast<int>(std::ceil(y0 / s)); sy * s < y1 && sy < floor_.sh; ++sy)
        for (int sx = static_cast<int>(std::ceil(x0 / s)); sx * s < x1 && sx < floor_.sw; ++sx) {
            ++all;
            const int x = sx * s, y = sy * s;
            const bool on_prisoner = x >= pl_ - rim && x <= pr_ + rim && y >= pt_ - rim && y <= pb_ + rim;
            covered += on_prisoner || floor_.seen[static_cast<size_t>(sy) * floor_.sw + sx] == 1;
        }
    return all > 0 && covered >= 0.9 * static_cast<double>(all);
}

}  // namespace slidedb::scanning
