// Stage 4: seams split touching cells into blocks; rivets mark fixed cells.
#include "families/unblock/scan/scanner.h"

#include <cmath>
#include <numeric>

namespace slidedb::scanning {

// ---- 4. seams and blocks ------------------------------------------------
// Darkness across the edge between two block cells: the darkest line near
// the edge against the wood on both sides. Returns min/base.
// Measured over the part [f0, f1] of the edge's length.
double Scanner::edge_ratio(int r, int c, bool vertical_edge, double f0, double f1, int* at, double* seen,
                           double* seen_dark, double* seen_line) const {
    // Profile across the edge, averaged along the part of it. Where a
    // mark's ink lies (and a few pixels round it: scaling and JPEG blur a
    // stroke), nothing is read; `seen` tells the share of lines kept.
    const double p = vertical_edge ? px_ : py_;
    const double q = vertical_edge ? py_ : px_;
    const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);  // edge position
    const double a0 = (vertical_edge ? cell_y(r) : cell_x(c)) + f0 * q;
    const double a1 = (vertical_edge ? cell_y(r) : cell_x(c)) + f1 * q;
    const int reach = static_cast<int>(std::ceil(0.24 * p));
    const int astep = std::max(1, static_cast<int>(q / 30));
    const bool red_ink = cls(r, c) != 2;
    const int width = 2 * reach + 1;
    // (the offsets across are the same on every line: rounded once, and
    // kept as bytes from the line's pixel on the edge's own row or column,
    // -1 off the picture)
    const int across_n = vertical_edge ? im_.width : im_.height, along_n = vertical_edge ? im_.height : im_.width;
    const std::ptrdiff_t across_bytes = vertical_edge ? 3 : 3 * static_cast<std::ptrdiff_t>(im_.width);
    std::vector<std::ptrdiff_t> across(static_cast<size_t>(width));
    for (int d = -reach; d <= reach; ++d) {
        const int u = round_px(e + d);
        across[static_cast<size_t>(d + reach)] = u >= 0 && u < across_n ? u * across_bytes : -1;
    }
    const int n_lines = static_cast<int>(a1) >= static_cast<int>(a0) ? (static_cast<int>(a1) - static_cast<int>(a0)) / astep + 1 : 0;
    // per line across and offset: luma, or -1 off the picture, and whether a mark's ink is there
    std::vector<int> lum(static_cast<size_t>(n_lines) * static_cast<size_t>(width));
    std::vector<std::uint8_t> ink(lum.size());
    int lines = 0;
    for (int a = static_cast<int>(a0); a <= static_cast<int>(a1); a += astep, ++lines) {
        const size_t line = static_cast<size_t>(lines) * static_cast<size_t>(width);
        const std::uint8_t* base = a < 0 || a >= along_n ? nullptr : vertical_edge ? im_.px(0, a) : im_.px(a, 0);
        for (size_t i = 0; i < static_cast<size_t>(width); ++i) {
            if (!base || across[i] < 0) {
                lum[line + i] = -1;
                continue;
            }
            const std::uint8_t* px = base + across[i];
            lum[line + i] = luma(px);
            // (blue or green ink blurred into the wood is ink too)
            ink[line + i] = tinted_by_ink(px) || (red_ink ? is_ink(px) || is_red_ink(px) : is_ink_on_red(px));
        }
    }
    // Each sample within ink_reach of ink (across, and along in lines) is
    // left out; what stays is averaged per offset.
    const int ra = std::max(1, static_cast<int>(std::ceil(ink_reach() / static_cast<double>(astep))));
    const int rd = ink_reach();
    std::vector<std::uint8_t> masked(ink.size(), 0);
    for (int i = 0; i < lines; ++i)
        for (int d = 0; d < width; ++d) {
            if (!ink[static_cast<size_t>(i * width + d)]) continue;
            for (int j = std::max(0, i - ra); j <= std::min(lines - 1, i + ra); ++j)
                for (int k = std::max(0, d - rd); k <= std::min(width - 1, d + rd); ++k)
                    masked[static_cast<size_t>(j * width + k)] = 1;
        }
    std::vector<double> prof(static_cast<size_t>(width), 0.0);
    std::vector<int> count(static_cast<size_t>(width), 0);
    for (int i = 0; i < lines; ++i)
        for (int d = 0; d < width; ++d) {
            const size_t k = static_cast<size_t>(i * width + d);
            if (masked[k] || lum[k] < 0) continue;
            prof[static_cast<size_t>(d)] += lum[k];
            ++count[static_cast<size_t>(d)];
        }
    for (int d = 0; d < width; ++d)
        if (count[static_cast<size_t>(d)]) prof[static_cast<size_t>(d)] /= count[static_cast<size_t>(d)];
    const int near = std::max(2, static_cast<int>(0.1 * p));
    const int far = static_cast<int>(0.13 * p);
    double lo = 1e9;
    int lo_at = 0;
    std::vector<double> base;
    // `seen`: the share of lines kept where it is least (near the edge line).
    int fewest = lines;
    for (int d = -reach; d <= reach; ++d) {
        const double v = prof[static_cast<size_t>(d + reach)];
        const int n = count[static_cast<size_t>(d + reach)];
        if (std::abs(d) <= near) {
            fewest = std::min(fewest, n);
            if (n > 0 && v < lo) {
                lo = v;
                lo_at = d;
            }
        }
        if (std::abs(d) >= far && n > 0) base.push_back(v);
    }
    if (at) *at = lo_at;
    if (seen) *seen = lines ? static_cast<double>(fewest) / lines : 0.0;
    // `seen_dark`: the share kept at the darkest line and its two
    // neighbours. A seam seen there is a seam, whatever a mark hides beside
    // it; the neighbours must show too, so that the darkest line is a
    // valley and not the blurred rim of a mark that was left out.
    if (seen_dark) {
        int kept = lines;
        for (int d = lo_at - 1; d <= lo_at + 1; ++d)
            kept = std::min(kept, d < -reach || d > reach ? 0 : count[static_cast<size_t>(d + reach)]);
        *seen_dark = lines && lo < 1e8 ? static_cast<double>(kept) / lines : 0.0;
    }
    if (seen_line)
        *seen_line = lines && lo < 1e8 ? static_cast<double>(count[static_cast<size_t>(lo_at + reach)]) / lines : 0.0;
    if (base.empty() || lo > 1e8) return 0;
    std::nth_element(base.begin(), base.begin() + static_cast<long>(base.size() / 2), base.end());
    const double b = base[base.size() / 2];
    return b > 0 ? lo / b : 0;
}

// A seam is floor or shadow or the dark rim of wood: warm and not red,
// or nearly black.
// A stroke of colour lying along an edge (a stamp's ring, a pen line) is
// dark too, but of the wrong colour.
bool Scanner::seam_colour_ok(int r, int c, bool vertical_edge, const int at[3]) const {
    const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);
    const double start = vertical_edge ? cell_y(r) : cell_x(c);
    const double q = vertical_edge ? py_ : px_;
    int n = 0, bad = 0;
    for (int part = 0; part < 3; ++part) {
        for (int k = 0; k < 8; ++k) {
            const double a = start + q * (0.15 + 0.233 * part + 0.233 * (k + 0.5) / 8);
            const int u = round_px(e + at[part]);
            const int x = vertical_edge ? u : static_cast<int>(a), y = vertical_edge ? static_cast<int>(a) : u;
            if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
            const std::uint8_t* p = im_.px(x, y);
            if (near_ink(x, y, cls(r, c) != 2)) continue;  // a mark across the seam
            ++n;
            // (a dark red is the rim of cherry wood; a bright red is ink)
            const bool warm = p[0] - p[2] >= 20 && p[0] + 5 >= p[1] && !is_red_ink(p);
            bad += !warm && luma(p) >= 45;  // deep shadow may be nearly black
        }
    }
    return n > 0 && bad * 4 <= n;
}

// Before two cells are joined: the line between them is of their own
// colour (wood or red) nearly all along, not covered by something else.
bool Scanner::edge_colour_ok(int r, int c, bool vertical_edge, int cls) const {
    const double e = vertical_edge ? cell_x(c + 1) : cell_y(r + 1);
    const double start = vertical_edge ? cell_y(r) : cell_x(c);
    const double q = vertical_edge ? py_ : px_;
    int n = 0, good = 0, total = 0;
    for (int k = 0; k < 24; ++k) {
        const double a = start + q * (0.1 + 0.8 * (k + 0.5) / 24);
        for (int d = -1; d <= 1; ++d) {
            const int x = round_px(vertical_edge ? e + d : a);
            const int y = round_px(vertical_edge ? a : e + d);
            if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
            ++total;
            const std::uint8_t* p = im_.px(x, y);
            const bool own = cls == 2 ? is_red(p) : is_wood(p);
            if (!own && (near_ink(x, y, cls != 2) || tinted_by_ink(p) || (cls == 2 && is_ink_on_red(p)) ||
                         (cls != 2 && redder_than_wood(p))))
                continue;  // a mark
            ++n;
            good += own;
        }
    }
    // (the mark must leave half the line to see)
    return n * 2 >= total && n > 0 && good * 100 >= n * 85;
}

// Rivets: dark dots near the four corners of a fixed cell.
// Returns how many corners show a rivet, stopping early once `need`
// can no longer be reached.
int Scanner::rivets(int r, int c, double wood_luma, int need, int* hidden) const {
    int found = 0;
    if (hidden) *hidden = 0;
    const double dark = 0.75 * wood_luma;
    const double rad = std::max(1.0, 0.03 * px_);
    const double reach = 0.07 * px_, stepv = std::max(1.0, reach / 3);
    auto lum = [&](double x, double y) {
        const int ix = std::clamp(round_px(x), 0, im_.width - 1);
        const int iy = std::clamp(round_px(y), 0, im_.height - 1);
        return luma(im_.px(ix, iy));
    };
    for (int corner = 0; corner < 4; ++corner) {
        if (found + (4 - corner) < need) break;
        const double cx = cell_x(c) + px_ * (corner % 2 ? 0.8 : 0.2);
        const double cy = cell_y(r) + py_ * (corner / 2 ? 0.8 : 0.2);
        if (hidden && ink_round(cx, cy, 0.12 * px_)) {
            ++*hidden;
            continue;
        }
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
                // (a mark's ink is no rivet, red ink on wood included)
                if (near_ink(round_px(cx + ox), round_px(cy + oy), true)) continue;
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

std::optional<Failure> Scanner::check_one_wood() const {
    // Each wood cell's middle: its luma's median and spread (the grain);
    // with `unmarked`, what a mark covers left out (nullopt when too little
    // is left to judge).
    struct Look {
        int cell;
        double luma, grain;
    };
    std::vector<int> v;
    auto look = [&](int cell, bool unmarked) -> std::optional<Look> {
        const int r = cell / cols_, c = cell % cols_;
        v.clear();
        for (int i = 0; i < 9; ++i)
            for (int j = 0; j < 9; ++j) {
                const int x = static_cast<int>(cell_x(c) + px_ * (0.3 + 0.05 * j));
                const int y = static_cast<int>(cell_y(r) + py_ * (0.3 + 0.05 * i));
                if (x >= 0 && y >= 0 && x < im_.width && y < im_.height && !(unmarked && near_ink(x, y, true)))
                    v.push_back(luma(im_.px(x, y)));
            }
        if (v.size() < 40) return std::nullopt;
        double mean = 0, var = 0;
        for (const int l : v) mean += l;
        mean /= static_cast<double>(v.size());
        for (const int l : v) var += (l - mean) * (l - mean);
        return Look{cell, static_cast<double>(percentile(v, 0.5)), std::sqrt(var / static_cast<double>(v.size()))};
    };
    std::vector<Look> looks;
    for (int cell = 0; cell < rows_ * cols_; ++cell)
        if (cls_[static_cast<size_t>(cell)] == 1)
            if (const auto l = look(cell, false)) looks.push_back(*l);
    if (looks.size() < 2) return std::nullopt;
    std::vector<int> lumas, grains;
    for (const Look& l : looks) {
        lumas.push_back(static_cast<int>(l.luma));
        grains.push_back(static_cast<int>(10 * l.grain));
    }
    const double typical = percentile(lumas, 0.5), grain = percentile(grains, 0.5) / 10.0;
    // Every block is of one wood: one far darker is floor that a brightened
    // picture lifted into wood's colours. Wood shows its grain: a flat patch
    // of its colour where the other blocks show grain is something laid over
    // the board (a fingertip, a tap's dot).
    auto odd = [&](const Look& l) { return l.luma < 0.7 * typical || (l.grain < 0.8 && l.grain < 0.15 * grain); };
    for (const Look& seen : looks) {
        if (!odd(seen)) continue;
        // (judged again on what marks leave in sight: the medians stand, a
        // mark over a few cells moves them little)
        const auto l = look(seen.cell, true);
        if (!l || !odd(*l)) continue;
        const std::string at = at_cell(l->cell / cols_, l->cell % cols_);
        if (l->luma < 0.7 * typical)
            return Failure{fmt::format("unclear cell at {}: wood far darker than the other blocks' ({:.0f} against "
                                       "{:.0f}): floor in a brightened picture?",
                                       at, l->luma, typical)};
        return Failure{fmt::format("unclear cell at {}: of wood's colour but flat, without the grain the other "
                                   "blocks show (a finger, a tap's dot?)",
                                   at)};
    }
    return std::nullopt;
}

double Scanner::cell_luma(int r, int c) const {
    std::vector<int> v;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            const int x = static_cast<int>(cell_x(c) + px_ * (0.35 + 0.075 * j));
            const int y = static_cast<int>(cell_y(r) + py_ * (0.35 + 0.075 * i));
            if (x >= 0 && y >= 0 && x < im_.width && y < im_.height) v.push_back(luma(im_.px(x, y)));
        }
    return percentile(v, 0.5);
}

// What the edge between cell (r, c) and the next one (dir 0: right, 1:
// below), both of class `cls`, shows: a seam, a join, neither because a
// mark hides it, or neither in full sight; `why` names the last two.
Scanner::EdgeSeen Scanner::look_edge(int r, int c, int dir, int cls, std::string& why) {
    constexpr double kSeam = 0.74, kJoin = 0.88, kPooled = 0.25, kDeep = 0.45;
    // A seam runs the whole edge: all three thirds must agree.
    // Something dark crossing the edge (a pen stroke) darkens
    // one part only; something light (a label) hides a seam
    // and is caught by the colour check before joining.
    // A part a mark covers (less than 40 % of it in sight) is left
    // out; those in sight, a third of the edge at least, decide.
    // A seam needs its dark line in sight only (a mark beside
    // it hides nothing that decides); a join needs the whole
    // width near the edge line in sight, else a seam could lie
    // under the mark.
    double lo = 1e9, hi = 0, in_sight = 0, dark_hi = 0, dark_sight = 0;
    int at[3] = {0, 0, 0}, hidden = 0, dark_hidden = 0;
    bool dark_all = true;
    int dark_part = -1;
    for (int part = 0; part < 3; ++part) {
        double seen = 1, seen_dark = 1, seen_line = 1;
        const double ratio = edge_ratio(r, c, dir == 0, 0.15 + 0.233 * part, 0.383 + 0.233 * part, &at[part], &seen,
                                        &seen_dark, &seen_line);
        // (a line this dark is a valley whatever a mark beside it hides:
        // a mark's blurred rim, its ink left out, darkens wood to 0.6 at
        // the most)
        if (seen_dark < 0.4 && seen_line >= 0.4 && ratio < kDeep) seen_dark = seen_line;
        if (seen_dark >= 0.4) {
            if (dark_part < 0) dark_part = part;
            dark_sight += seen_dark;
            dark_hi = std::max(dark_hi, ratio);
            dark_all = dark_all && ratio < kSeam;
        } else {
            ++dark_hidden;
            at[part] = -1000;
        }
        in_sight += seen;
        if (seen < 0.4) {
            ++hidden;
            continue;
        }
        lo = std::min(lo, ratio);
        hi = std::max(hi, ratio);
    }
    // (a part out of sight takes the seam's line from one in sight)
    for (int part = 0; part < 3; ++part)
        if (at[part] == -1000) at[part] = dark_part >= 0 ? at[dark_part] : 0;
    const bool seam_seen = dark_hidden < 3 && dark_sight >= 1.0 && dark_all;
    const bool join_seen = hidden < 3 && in_sight >= 1.0;
    if (!seam_seen && !join_seen) {
        why = fmt::format("unclear seam at {} ({} edge): a mark hides it", at_cell(r, c), dir == 0 ? "right" : "bottom");
        // Marks over every third (a rectangle's sides across the edge's
        // ends, a stroke across its middle) may still leave enough of it
        // in sight between them: a seam runs the whole edge, so what
        // shows of it all along, a quarter at least, decides as well.
        double seen = 0, seen_dark = 0;
        int at_all = 0;
        const double whole = edge_ratio(r, c, dir == 0, 0.15, 0.85, &at_all, &seen, &seen_dark);
        const int at3[3] = {at_all, at_all, at_all};
        if (seen_dark >= kPooled && whole < kSeam && seam_colour_ok(r, c, dir == 0, at3)) {
            note(0.5);
            return EdgeSeen::Seam;
        }
        if (seen >= kPooled && whole > kJoin && edge_colour_ok(r, c, dir == 0, cls)) {
            note(0.5);
            return EdgeSeen::Join;
        }
        return EdgeSeen::Hidden;
    }
    const double ratio = hi < kSeam ? hi : lo;
    if (seam_seen && seam_colour_ok(r, c, dir == 0, at)) {
        note((kSeam - dark_hi) / 0.2 + 0.5);
        return EdgeSeen::Seam;
    }
    if (join_seen && lo > kJoin && edge_colour_ok(r, c, dir == 0, cls)) {
        note((lo - kJoin) / 0.1 + 0.5);
        return EdgeSeen::Join;
    }
    why = fmt::format("ambiguous seam at {} ({} edge, darkness {:.2f})", at_cell(r, c), dir == 0 ? "right" : "bottom",
                      ratio);
    // (a mark over the edge, the lines near it left out: what
    // is left is neither clearly dark nor clearly light)
    return in_sight > 2.99 && dark_sight > 2.99 ? EdgeSeen::Unclear : EdgeSeen::Hidden;
}

std::optional<Failure> Scanner::read_blocks() {
    if (auto f = check_one_wood()) return f;


    const int n = rows_ * cols_;
    std::vector<int> parent(static_cast<size_t>(n));
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int i) {
        while (parent[static_cast<size_t>(i)] != i) i = parent[static_cast<size_t>(i)] = parent[static_cast<size_t>(parent[static_cast<size_t>(i)])];
        return i;
    };
    // Edges a mark hides (or blurs into neither seam nor join): decided
    // below by the blocks each way would make. An edge of a cell a mark
    // hides is looked at as if both cells were wood: it is decided with
    // the cell.
    std::vector<HiddenEdge> hidden_edges;
    std::vector<char> unclear(static_cast<size_t>(n), 0);
    for (const UnclearCell& u : unclear_) unclear[static_cast<size_t>(u.cell)] = 1;
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            for (int dir = 0; dir < 2; ++dir) {
                const int r2 = r + dir, c2 = c + 1 - dir;
                if (r2 >= rows_ || c2 >= cols_) continue;
                const int a = r * cols_ + c, b = r2 * cols_ + c2;
                const bool open = unclear[static_cast<size_t>(a)] || unclear[static_cast<size_t>(b)];
                const int ca = unclear[static_cast<size_t>(a)] ? 1 : cls_[static_cast<size_t>(a)];
                const int cb = unclear[static_cast<size_t>(b)] ? 1 : cls_[static_cast<size_t>(b)];
                if (ca <= 0 || cb <= 0 || ca != cb) continue;  // floor, or wood against red
                std::string why;
                const EdgeSeen seen = look_edge(r, c, dir, ca, why);
                if (seen == EdgeSeen::Seam && !open) continue;
                if (seen == EdgeSeen::Join && !open) {
                    parent[static_cast<size_t>(find(a))] = find(b);
                    continue;
                }
                if (seen == EdgeSeen::Unclear && !open) return Failure{why};
                hidden_edges.push_back({a, b, std::move(why), seen});
            }
        }
    }
    if (!hidden_edges.empty() || !unclear_.empty()) {
        if (auto f = decide_hidden(hidden_edges, parent)) return f;
        note(0.5);
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
            // Rivets a mark hides are not asked for, and those in sight
            // must all show (three at least when no more than one is
            // hidden). A cell whose rivets a mark hides all but one of
            // stands on its seams: no block is one cell long.
            int hidden = 0;
            const int seen = rivets(r0, c0, cell_luma(r0, c0), 0, &hidden);
            if (seen < std::min(3, 4 - hidden))
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

}  // namespace slidedb::scanning
