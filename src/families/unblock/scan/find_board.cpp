// Stage 2: the board from evidence inside it (the tray's edges where the cells stop).
#include "families/unblock/scan/scanner.h"

#include <cstdio>

namespace slidedb::scanning {

bool Scanner::prisoner_pitch() {
    const double w = pr_ - pl_ + 1, h = pb_ - pt_ + 1;
    for (int L = 2; L <= 4; ++L) {
        const double p = (w - h) / (L - 1);
        if (p <= 0) continue;
        const double t = h / p;
        // (up to 1.10: at cells of 21 px a pixel of blur on the face's
        // ends is 5 % of the pitch; L = 3 would give twice as much. Two
        // long is taken from 0.6 to 1.25, where three or four cannot fit
        // (0.34 to 0.55): on a small JPEG the red blurs a pixel or two
        // past the face's ends and the lit edge and shadow along it are
        // not red.)
        if ((t >= 0.68 && t <= 1.10) || (L == 2 && t >= 0.6 && t <= 1.25)) {
            plen_ = L;
            p0_ = p;
            return true;
        }
    }
    return false;
}

// Prefix sums of the share of dark pixels per column (along_x) or row,
// over the band [b0, b1] across. A quick profile samples it: gaps between
// blocks are a twentieth of a cell wide or more, so a sample every fortieth
// of a cell along finds them (each pixel takes its nearest sample), and one
// every eighth across is plenty. The full one reads every pixel along
// and every twenty-fourth across.
std::vector<double> Scanner::dark_profile(bool along_x, int b0, int b1, bool quick) const {
    const int n = along_x ? im_.width : im_.height;
    const int m = along_x ? im_.height : im_.width;
    b0 = std::max(0, b0);
    b1 = std::min(m - 1, b1);
    const int step = std::max(1, static_cast<int>(p0_ / (quick ? 8 : 24)));
    const int sa = quick ? std::max(1, static_cast<int>(p0_ / 40)) : 1;
    const int ns = (n - 1) / sa + 1;
    std::vector<int> count(static_cast<size_t>(ns), 0);
    int tot = 0;
    for (int j = b0; j <= b1; j += step) ++tot;
    if (along_x) {
        for (int j = b0; j <= b1; j += step) {
            const std::uint8_t* row = im_.px(0, j);
            for (int k = 0; k < ns; ++k) count[static_cast<size_t>(k)] += is_gap_dark(row + 3 * k * sa);
        }
    } else {
        // Row by row, each sampled row read once from left to right (a
        // column at a time would read a cache line per sample).
        for (int k = 0; k < ns; ++k) {
            const std::uint8_t* row = im_.px(0, k * sa);
            int n = 0;
            for (int j = b0; j <= b1; j += step) n += is_gap_dark(row + 3 * j);
            count[static_cast<size_t>(k)] = n;
        }
    }
    std::vector<double> pre(static_cast<size_t>(n) + 1, 0.0);
    for (int i = 0; i < n; ++i)
        pre[static_cast<size_t>(i) + 1] =
            pre[static_cast<size_t>(i)] +
            (tot ? static_cast<double>(count[static_cast<size_t>(std::min(ns - 1, (i + sa / 2) / sa))]) / tot : 0);
    return pre;
}

// Pitch and phase (a grid line's position) that put grid lines where the
// profile is darker than the cells' middles, near the prisoner's own line.
// The quick fit tries a coarser set of pitches and phases, counts only the
// lines within [lo, hi] and half a cell beyond (where the floor reaches: a
// header panel above the tray has lines of writing a comb would fit to),
// and takes the middle of the best scores: the score is flat near its top
// (a line leaves its gap only once it has moved by the gap's width), and its
// first best point leans to the smallest pitch. The full fit tries every
// pitch and phase finely, over the whole picture, and takes the first best.
std::pair<double, double> Scanner::comb_fit(const std::vector<double>& pre, double anchor, double lo, double hi,
                                            bool quick) const {
    const int n = static_cast<int>(pre.size()) - 1;
    lo = quick ? std::max(0.0, lo - 0.6 * p0_) : 0.0;
    hi = quick ? std::min(static_cast<double>(n), hi + 0.6 * p0_) : n;
    auto avg = [&](double a, double b) {
        const int ia = std::clamp(floor_px(a), 0, n);
        const int ib = std::clamp(ceil_px(b), 0, n);
        return ib > ia ? (pre[static_cast<size_t>(ib)] - pre[static_cast<size_t>(ia)]) / (ib - ia) : 0.0;
    };
    struct Fit {
        double p, ph, s;
    };
    std::vector<Fit> fits;
    double best = -1e9, bp = p0_, bph = anchor;
    const double pstep = p0_ / (quick ? 200 : 400), phstep = std::max(quick ? 0.5 : 0.25, p0_ / (quick ? 100 : 200));
    for (double p = 0.9 * p0_; p <= 1.1 * p0_; p += pstep) {
        const double lw = std::max(1.0, 0.03 * p), mw = 0.15 * p;
        for (double ph = anchor - 0.07 * p0_; ph <= anchor + 0.07 * p0_; ph += phstep) {
            double s = 0;
            for (int k = -9; k <= 9; ++k) {
                const double x = ph + k * p;
                if (x - 0.5 * p < lo || x + 0.5 * p > hi) continue;
                s += avg(x - lw, x + lw) -
                     0.5 * (avg(x - 0.5 * p - mw, x - 0.5 * p + mw) + avg(x + 0.5 * p - mw, x + 0.5 * p + mw));
            }
            if (quick) fits.push_back({p, ph, s});
            if (s > best) {
                best = s;
                bp = p;
                bph = ph;
            }
        }
    }
    if (!quick) return {bp, bph};
    if (best <= 0) return {p0_, anchor};
    double sp = 0, sph = 0;
    int top = 0;
    for (const Fit& f : fits)
        if (f.s >= 0.97 * best) {
            sp += f.p;
            sph += f.ph;
            ++top;
        }
    return {sp / top, sph / top};
}

// Is the grid line at `e` (a y for the top and bottom sides, an x for the
// left and right) the tray's edge on `side` (0 top, 1 bottom, 2 left,
// 3 right) along [a0, a1], the stretch [s0, s1] (the exit's row) aside?
Scanner::EdgeLook Scanner::edge_look(int side, double e, const Samples& along, std::uint8_t* seen,
                                     bool rim_allowed) {
    const bool horiz = side < 2;
    const double p = horiz ? py_ : px_, q = horiz ? px_ : py_;
    const double o = (side == 0 || side == 2) ? -1 : 1;
    const double st = along_step(side);
    EdgeLook look;
    if (along.total < 4) return look;
    const int allowed_bad = static_cast<int>(along.total * 0.15);
    int n = 0, bad = 0, run = 0, maxrun = 0;
    const double din = std::max(2.0, 0.04 * p);
    // The exit's opening is dark all across the band, and its rounded
    // corners may carry that dark a little past the row's lines. When
    // allowed, a run of dark that leaves the opening, or reaches it, is no
    // seam unless it goes on for more than 0.05 of a cell.
    const int rim = rim_allowed ? static_cast<int>(0.05 * q / st) : 0;
    // The pixels looked at across the side are the same for every sample:
    // 0.06, 0.10 and 0.14 of a cell beyond the line, and 0, 1, ... din
    // before it. They are rounded once, and kept as the distance in bytes
    // from the sample's pixel on the line's own row or column (-1 off the
    // picture).
    const int across_n = horiz ? im_.height : im_.width, along_n = horiz ? im_.width : im_.height;
    const std::ptrdiff_t across_bytes = horiz ? 3 * static_cast<std::ptrdiff_t>(im_.width) : 3;
    auto across = [&](double u) -> std::ptrdiff_t {
        const int iu = round_px(u);
        return iu >= 0 && iu < across_n ? iu * across_bytes : -1;
    };
    const std::ptrdiff_t beyond[3] = {across(e + o * (0.06 * p)), across(e + o * (0.10 * p)),
                                      across(e + o * (0.14 * p))};
    std::vector<std::ptrdiff_t>& before = before_;
    before.clear();
    for (double d = 0; d <= din; d += 1) before.push_back(across(e - o * d));
    // Sample j's pixel at across 0 (its position along rounded), or null
    // off the picture.
    auto base_at = [&](int j) -> const std::uint8_t* {
        const int ia = round_px(j * st);
        if (ia < 0 || ia >= along_n) return nullptr;
        return horiz ? im_.px(ia, 0) : im_.px(0, ia);
    };
    // Dark at a sample (its base), beyond[k] across.
    auto dark_beyond = [&](const std::uint8_t* base, int k) {
        return base && beyond[k] >= 0 && is_gap_dark(base + beyond[k]);
    };
    auto opening_at = [&](int j) {
        const std::uint8_t* base = base_at(j);
        return dark_beyond(base, 0) && dark_beyond(base, 1) && dark_beyond(base, 2);
    };
    bool from_opening = false, after_stretch = false;
    auto close_run = [&](bool into_opening) {
        if (run > 0 && !((from_opening || into_opening) && run <= rim)) maxrun = std::max(maxrun, run);
        run = 0;
    };
    for (int j = along.j0; j <= along.j1; ++j) {
        if (j >= along.s0 && j <= along.s1) {
            if (run > 0) close_run(rim > 0 && opening_at(j));
            after_stretch = true;
            continue;
        }
        // (a sample off the picture's side is looked at, and not kept)
        std::uint8_t off_picture = 0;
        std::uint8_t& v = j >= 0 && j < along.kept ? seen[j] : off_picture;
        if (v == 0) {
            const std::uint8_t* base = base_at(j);
            auto at = [&](int k) { return dark_beyond(base, k); };
            // Outside, something light at 0.06, 0.10 and 0.14 of a cell; dark
            // at all three is part of a seam. Each is looked at only when it
            // can still change the outcome. On the top side light at 0.06
            // and 0.10 is enough: the strip of frame between the tray and
            // the header panel (of the floor's colour) may be a tenth of a
            // cell thin.
            bool good = false, seam = false;
            if (at(0)) {
                seam = at(1) && at(2);
            } else if (!at(1) && (side == 0 || !at(2)) && base) {
                // Inside, the tray's margin or rim: something dark within a
                // few pixels of the line (the outer blocks may touch the
                // rim); a block crossing the line shows none.
                for (size_t i = 0; i < before.size() && !good; ++i) {
                    if (before[i] < 0) continue;
                    const std::uint8_t* px = base + before[i];
                    // (a block's dark rim, which JPEG may redden past the
                    // floor's colour, is dark enough: wood is far lighter;
                    // so is the frame's groove blurred into a cherry
                    // block's rim, up to luma 87; nothing over luma 105
                    // is gap dark)
                    const int y = luma(px);
                    good = y < 88 || (y <= 105 && is_gap_dark(px));
                }
            }
            v = good ? 2 : seam ? 3 : 1;  // 1 bad, 2 good, 3 bad and part of a seam
        }
        ++n;
        if (v != 2 && ++bad > allowed_bad) return look;
        if (v == 3) {
            if (run == 0) from_opening = rim > 0 && after_stretch && opening_at(j - 1);
            ++run;
        } else {
            close_run(false);
        }
        after_stretch = false;
    }
    close_run(false);
    look.frac = 1.0 - static_cast<double>(bad) / n;
    look.seam = maxrun * st >= std::max(2.0, 0.04 * q);
    look.ok = !look.seam;
    return look;
}

// Walks out from the prisoner's grid line `start` one cell at a time to
// the first line that is the tray's edge on `side`. Sets `edge` (its
// position) and `cut` (the picture cuts off what lies beyond: the line
// itself stands for the edge).
std::optional<Failure> Scanner::walk(int side, double start, double a0, double a1, double s0, double s1, double& edge,
                                     bool& cut, bool rim_allowed) {
    const double p = side < 2 ? py_ : px_;
    const double o = (side == 0 || side == 2) ? -1 : 1;
    const double limit = side < 2 ? im_.height : im_.width;
    const double st = along_step(side);
    // The samples along the side: j * st for j in [j0, j1], those in
    // [s0, s1] (the exit's row) aside.
    Samples along;
    along.j0 = static_cast<int>(std::ceil(a0 / st));
    along.j1 = static_cast<int>(std::floor(a1 / st)) + 1;
    while (along.j1 >= along.j0 && along.j1 * st > a1) --along.j1;
    along.s0 = static_cast<int>(std::floor(s0 / st)) - 1;
    while (along.s0 * st < s0) ++along.s0;
    along.s1 = static_cast<int>(std::ceil(s1 / st)) + 1;
    while (along.s1 * st > s1) --along.s1;
    along.kept = static_cast<int>((side < 2 ? im_.width : im_.height) / st) + 2;
    along.total = along.j1 - along.j0 + 1;
    if (along.s0 <= along.s1)
        along.total -= std::max(0, std::min(along.j1, along.s1) - std::max(along.j0, along.s0) + 1);
    for (int k = walk_from_[side]; k <= kMaxSide; ++k) {
        const double line = start + o * k * p;
        // Where the band outside the line leaves the picture, the border
        // stands for the edge (a crop of the board), if it falls on the line.
        const double beyond = line + o * 0.14 * p;
        if (beyond < 0 || beyond > limit - 1) {
            if (line < -0.2 * p || line > limit + 0.2 * p)
                return Failure{fmt::format("board not found: the picture cuts through a row of cells on the {} "
                                           "side", kSideName[side])};
            // (the lattice's line; a bare crop takes the border itself, below)
            edge = line;
            cut = true;
            if (trace_) trace_->edges.push_back({side, edge, 1.0, true});
            return std::nullopt;
        }
        // The edge is the middle of the positions near the line that look
        // like it. Every other position is looked at first; then those
        // just outside the first and last found, or, when none was, the
        // rest (a sharp edge may show at one position only).
        double frac = 0;
        const double es = std::max(1.0, 0.01 * p);
        std::vector<double> at;
        // (a position whose band ends a little past the picture's border
        // is looked at too: on a tight crop the lattice may lie a few
        // pixels inside the tray's edge, and the edge's own positions
        // then see the frame at 0.06 and 0.10 only)
        for (double e = line - 0.12 * p; e <= line + 0.12 * p; e += es)
            if (!(e + o * 0.10 * p < 0 || e + o * 0.10 * p > limit - 1)) at.push_back(e);
        const int na = static_cast<int>(at.size());
        // What each sample showed is kept for the next round (the lines and
        // the positions on them stay put; the stretch along them changes).
        auto& seen = looks_[static_cast<size_t>(side)][static_cast<size_t>(k)];
        const size_t per = static_cast<size_t>(along.kept);
        if (seen.empty()) seen.assign(per * static_cast<size_t>(na), 0);
        auto ok_at = [&](int i) {
            const EdgeLook look =
                edge_look(side, at[static_cast<size_t>(i)], along, seen.data() + per * static_cast<size_t>(i), rim_allowed);
            frac = std::max(frac, look.frac);
            return look.ok;
        };
        int first = -1, last = -1;
        for (int i = 0; i < na; i += 2)
            if (ok_at(i)) {
                if (first < 0) first = i;
                last = i;
            }
        if (first < 0) {
            for (int i = 1; i < na; i += 2)
                if (ok_at(i)) {
                    if (first < 0) first = i;
                    last = i;
                }
        } else {
            if (first > 0 && ok_at(first - 1)) --first;
            if (last + 1 < na && ok_at(last + 1)) ++last;
        }
        const double lo = first < 0 ? NAN : at[static_cast<size_t>(first)];
        const double hi = first < 0 ? NAN : at[static_cast<size_t>(last)];
        if (trace_) trace_->edges.push_back({side, std::isnan(lo) ? line : (lo + hi) / 2, frac, !std::isnan(lo)});
        if (!std::isnan(lo)) {
            edge = (lo + hi) / 2;
            cut = false;
            edge_k_[side] = k;
            return std::nullopt;
        }
    }
    return Failure{fmt::format("board not found: no edge of the tray on the {} side within {} cells of the "
                               "prisoner",
                               kSideName[side], kMaxSide)};
}

// The grid is fitted over a band of two and a half cells around the
// prisoner, and if its edges cannot be found that way, over one cell
// (a header panel or its writing near the prisoner can pull the fit).
// Each fit is tried in turn until the tray's edges show on one.
std::optional<Failure> Scanner::find_board() {
    if (!prisoner_pitch())
        return Failure{"board not found: the red block is not one cell thick and two to four long"};
    const double h = pb_ - pt_ + 1;
    const double g0 = p0_ - h;
    // Each grid is tried on a fresh trace; when all fail, the debug picture
    // shows the walk of the first one, whose reason is given.
    const ScanTrace before = trace_ ? *trace_ : ScanTrace{};
    std::optional<Failure> first;
    ScanTrace first_trace;
    std::vector<std::array<double, 4>> tried;
    auto attempt = [&](double pxf, double phx, double pyf, double phy) {
        if (square_) pyf = pxf;
        tried.push_back({pxf, phx, pyf, phy});
        if (trace_) *trace_ = before;
        walk_from_ = {0, 0, 0, 0};
        auto f = find_board_on(pxf, phx, pyf, phy);
        if (f && short_) f = past_short(pxf, phx, pyf, phy, *f);
        if (!f) past_wood(pxf, phx, pyf, phy);
        walk_from_ = {0, 0, 0, 0};
        if (f && !first) {
            first = f;
            if (trace_) first_trace = *trace_;
        }
        return !f;
    };
    // Reading again with square cells, the prisoner's own measure comes
    // first: with no block beside it, the fits below have nothing to fit.
    if (square_) {
        for (const double k : {1.0, 0.95}) {
            const double p = k * p0_, g = p - h;
            if (attempt(p, pl_ - g / 2, p, pt_ - g / 2)) return std::nullopt;
        }
    }
    // First a quick fit over the floor's extent; when the tray's edges do
    // not show on its grid, the full fit, over a band of two and a half
    // cells and then of one.
    if (!fill_floor()) {
        const int reach = static_cast<int>(2.5 * p0_);
        const auto [pxf, phx] = comb_fit(dark_profile(true, pt_ - reach, pb_ + reach, true), pl_ - g0 / 2,
                                         floor_.Ls[0], floor_.Rs[0], true);
        const auto [pyf, phy] = comb_fit(dark_profile(false, pl_ - reach, pr_ + reach, true), pt_ - g0 / 2,
                                         floor_.Ts[0], floor_.Bs[0], true);
        if (attempt(pxf, phx, pyf, phy)) return std::nullopt;
    }
    for (const double cells : {2.5, 1.2}) {
        const int reach = static_cast<int>(cells * p0_);
        const auto [pxf, phx] = comb_fit(dark_profile(true, pt_ - reach, pb_ + reach, false), pl_ - g0 / 2, 0, 0, false);
        const auto [pyf, phy] = comb_fit(dark_profile(false, pl_ - reach, pr_ + reach, false), pt_ - g0 / 2, 0, 0, false);
        if (attempt(pxf, phx, pyf, phy)) return std::nullopt;
    }
    // Then the prisoner's own measure, as it is and a little smaller (its
    // lit top edge may not count as red, which makes it look longer
    // than thick by more than a cell).
    for (const double k : {1.0, 0.95}) {
        const double p = k * p0_, g = p - h;
        if (attempt(p, pl_ - g / 2, p, pt_ - g / 2)) return std::nullopt;
    }
    // Last, the lattices above refined from the gaps between blocks
    // across the whole board (on a tight crop a fit a twentieth of a cell
    // off misplaces the far side's line).
    const auto fits = tried;
    for (const auto& start : fits) {
        // (twice: a lattice refined finds the gaps of more lines, far
        // ones that lay outside the first one's reach)
        std::array<double, 4> fit = start;
        bool moved = false;
        for (int round = 0; round < 2; ++round) {
            if (const auto x = seam_lattice(true, fit[0], fit[1])) {
                fit[0] = x->first;
                fit[1] = x->second;
                moved = true;
            }
            if (const auto y = seam_lattice(false, fit[2], fit[3])) {
                fit[2] = y->first;
                fit[3] = y->second;
                moved = true;
            }
        }
        if (!moved) continue;
        // (a lattice tried already, within a fifth of a pixel, is not tried again)
        const bool again = std::any_of(tried.begin(), tried.end(), [&](const std::array<double, 4>& t) {
            for (int i = 0; i < 4; ++i)
                if (std::abs(t[static_cast<size_t>(i)] - fit[static_cast<size_t>(i)]) > 0.2) return false;
            return true;
        });
        if (!again && attempt(fit[0], fit[1], fit[2], fit[3])) return std::nullopt;
    }
    if (trace_) *trace_ = first_trace;
    return first;
}

std::optional<Failure> Scanner::find_board_on(double pxf, double phx, double pyf, double phy) {
    px_ = pxf;
    py_ = pyf;
    short_ = 0;
    for (auto& side : looks_)
        for (auto& line : side) line.clear();
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
    const bool filled = !fill_floor().has_value();
    double sT = ptop, sB = pbot, sL = pl, sR = pr;
    if (filled) {
        sT = std::min(sT, floor_.Ts[0]);
        sB = std::max(sB, floor_.Bs[0]);
        sL = std::min(sL, floor_.Ls[0]);
        sR = std::max(sR, floor_.Rs[0]);
    }
    const double inset = 0.1;
    for (int round = 0; round < 4; ++round) {
        const double oL = L, oR = R, oT = T, oB = B;
        // A side with no edge is walked again allowing for the rim of the
        // exit's opening (see edge_look).
        // (in the first round, along the floor's extent, a side may fail
        // where the floor leaked into a header panel of its colour: it is
        // walked again along the top and bottom edges found)
        bool lr_failed = false;
        for (const bool right : {false, true}) {
            double& edge = right ? R : L;
            bool& cut = right ? cr : cl;
            const double from = right ? pr : pl;
            const int side = right ? 3 : 2;
            if (walk(side, from, sT + inset * py_, sB - inset * py_, srow0, srow1, edge, cut, false)) {
                if (auto f = walk(side, from, sT + inset * py_, sB - inset * py_, srow0, srow1, edge, cut, true)) {
                    if (round > 0 || !filled) return f;
                    lr_failed = true;
                }
            }
        }
        if (auto f = walk(0, ptop, sL + inset * px_, sR - inset * px_, 1, 0, T, ct, false)) return f;
        if (auto f = walk(1, pbot, sL + inset * px_, sR - inset * px_, 1, 0, B, cb, false)) return f;
        sT = T;
        sB = B;
        if (lr_failed) continue;
        sL = L;
        sR = R;
        if (round > 0 && oL == L && oR == R && oT == T && oB == B) break;
        if (round == 3) return Failure{"board not found: the tray's edges do not settle"};
    }
    walked_cut_ = {ct, cb, cl, cr};
    const int cuts = cl + cr + ct + cb;
    if (cuts > 0) {
        // Where the picture cuts off the frame, the lattice found inside
        // fixes the board's edge: the picture's border must fall on that
        // grid line or beyond it (0.03 cell inside at most), so that only
        // whole rows and columns lie inside, their blocks' ends in sight
        // (check_cut_ends); a row or column cut in part is refused. So
        // too on all four sides: a crop may keep a sliver of the frame
        // beyond the tray, and the picture is then more than the board.
        const std::array<std::pair<bool, double>, 4> over{{{ct, -T}, {cb, B - im_.height}, {cl, -L},
                                                           {cr, R - im_.width}}};
        for (int side = 0; side < 4; ++side) {
            const auto [is_cut, beyond] = over[static_cast<size_t>(side)];
            const double p = side < 2 ? py_ : px_;
            if (is_cut && beyond > 0.03 * p)
                return Failure{fmt::format("board not found: the picture cuts through a row of cells on the {} side "
                                           "({:.2f} of a cell missing)",
                                           kSideName[side], beyond / p)};
        }
    }
    const int nx = static_cast<int>(std::lround((R - L) / px_)), ny = static_cast<int>(std::lround((B - T) / py_));
    if (trace_) {
        trace_->have_grid = true;
        trace_->left = L;
        trace_->top = T;
        trace_->cols = nx;
        trace_->rows = ny;
    }
    short_ = nx < kMinSide ? 2 : ny < kMinSide ? 1 : 0;
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
std::optional<Failure> Scanner::check_beyond() const {
    const int side = wood_beyond();
    if (side < 0) return std::nullopt;
    return Failure{fmt::format("board not found: unclear where the board ends on the {} side (wood of "
                               "the blocks' colour beyond it)",
                               kSideName[side])};
}

int Scanner::wood_beyond() const {
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
    if (wood[0].empty()) return -1;
    const std::array<int, 3> ref{percentile(wood[0], 0.5), percentile(wood[1], 0.5), percentile(wood[2], 0.5)};
    const bool cut[4] = {cut_t_, cut_b_, cut_l_, cut_r_};
    const double prow0 = std::floor(((pt_ + pb_) / 2.0 - top_) / py_) * py_ + top_;
    for (int side = 0; side < 4; ++side) {
        if (cut[side]) continue;
        const bool horiz = side < 2;
        const double o = (side == 0 || side == 2) ? -1 : 1;
        const double e = side == 0 ? top_ : side == 1 ? top_ + rows_ * py_ : side == 2 ? left_ : left_ + cols_ * px_;
        const double a0 = horiz ? left_ : top_, len = horiz ? cols_ * px_ : rows_ * py_;
        // Wood of the blocks' colour at 0.08 and 0.12 of a cell beyond;
        // where a mark hides most of that, at 0.3 and 0.35 (a block beyond
        // the line is wider than any mark along it). A side hidden there
        // too (a rectangle drawn round the board on a thin strip of frame,
        // the picture's border just beyond it) is judged at 0.04 and 0.06:
        // the frame's light shows there, never wood, and a row of blocks
        // beyond the line would show the gap's dark or the block's rim
        // and wood. Else the side is taken as one with wood beyond.
        // (look: -1 hidden, 1 wood, 0 neither; frame_only: 1 when what
        // shows is light and not wood nearly everywhere)
        auto look = [&](double d0, double d1, bool frame_only) {
            int n = 0, same = 0, frame = 0, tried = 0;
            for (int k = 0; k < 48; ++k) {
                const double a = a0 + len * (k + 0.5) / 48;
                if (!horiz && a > prow0 - 0.2 * py_ && a < prow0 + 1.2 * py_) continue;  // the exit
                for (const double d : {d0, d1}) {
                    const double u = e + o * d * (horiz ? py_ : px_);
                    const int x = static_cast<int>(horiz ? a : u), y = static_cast<int>(horiz ? u : a);
                    if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                    ++tried;
                    if (near_ink(x, y, true)) continue;
                    const std::uint8_t* p = im_.px(x, y);
                    ++n;
                    const bool wood_like =
                        std::max({std::abs(p[0] - ref[0]), std::abs(p[1] - ref[1]), std::abs(p[2] - ref[2])}) <= 30;
                    same += wood_like;
                    frame += !wood_like && luma(p) >= 110 && !is_gap_dark(p);
                }
            }
            if (n * 2 < tried) return -1;
            if (frame_only) return n > 0 && frame * 10 >= n * 9 ? 0 : 1;
            return n > 0 && same * 10 >= n * 3 ? 1 : 0;
        };
        const int near = look(0.08, 0.12, false);
        if (near == 1) return side;
        if (near == -1) {
            const int far = look(0.3, 0.35, false);
            if (far == 1 || (far == -1 && look(0.04, 0.06, true) != 0)) return side;
        }
    }
    return -1;
}

// A block as long as the tray is wide (a 4-long one on a 4-wide board)
// passes for the tray's edge, and the tray comes out less than 4 cells
// across. Each of the two sides across is then walked on from the next
// line; the side is taken when exactly one of them gives a board, or,
// when neither does, exactly one a tray still too small (walked on again,
// across either way: blocks as long as the tray along two sides leave a
// tray of 3x2 cells or less).
std::optional<Failure> Scanner::past_short(double pxf, double phx, double pyf, double phy, const Failure& why) {
    for (int round = 0; round < 2 * kMinSide && short_; ++round) {
        const int first = short_ == 1 ? 0 : 2;  // top and bottom, or left and right
        const std::array<int, 4> stopped = edge_k_, from = walk_from_;
        const std::array<bool, 4> cut = walked_cut_;
        // (the sides giving a board, and those giving a tray still short)
        std::vector<int> boards, shorts;
        for (const int side : {first, first + 1}) {
            if (cut[static_cast<size_t>(side)]) continue;  // (the picture's border: nothing beyond)
            walk_from_ = from;
            walk_from_[static_cast<size_t>(side)] = stopped[static_cast<size_t>(side)] + 1;
            if (!find_board_on(pxf, phx, pyf, phy)) boards.push_back(side);
            else if (short_) shorts.push_back(side);
        }
        walk_from_ = from;
        const int found = boards.size() == 1 ? boards[0] : boards.empty() && shorts.size() == 1 ? shorts[0] : -1;
        if (found < 0) break;
        walk_from_[static_cast<size_t>(found)] = stopped[static_cast<size_t>(found)] + 1;
        // (kept for past_wood, which may walk on another side)
        if (!find_board_on(pxf, phx, pyf, phy)) return std::nullopt;
    }
    walk_from_ = {0, 0, 0, 0};
    return why;
}

// A long block along a side (a 4-long one filling a side of a 4-wide
// board, or blocks leaving a gap only at the exit) passes for the tray's
// edge, and wood of the blocks' colour shows beyond it. That side is then
// walked on from the next line, and again while wood shows beyond the
// line found (columns of blocks with their seams in line, the frame
// further out); the board found that way must pass every test again (the
// cells, what lies beyond, the frame finder). When no board is found, the
// last one stays, to be refused. A side past_short walked on from stays
// walked on.
void Scanner::past_wood(double pxf, double phx, double pyf, double phy) {
    for (int round = 0; round < 2 * kMaxSide; ++round) {
        if (read_cells()) break;  // refused when the cells are read again
        const int side = wood_beyond();
        cells_read_ = side < 0;  // the cells of this grid are read
        if (side < 0) break;
        const std::array<int, 4> from = walk_from_;
        walk_from_[static_cast<size_t>(side)] = edge_k_[static_cast<size_t>(side)] + 1;
        if (find_board_on(pxf, phx, pyf, phy)) {
            walk_from_ = from;
            find_board_on(pxf, phx, pyf, phy);
            break;
        }
    }
    walk_from_ = {0, 0, 0, 0};
}

}  // namespace slidedb::scanning
