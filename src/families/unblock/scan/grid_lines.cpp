// Stage 8: a debug overlay's thin red lines along the cell grid, found and
// painted over (see overlays.h).
#include "families/unblock/scan/overlays.h"

#include <algorithm>
#include <array>
#include <utility>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "families/unblock/scan/even_run.h"
#include "families/unblock/scan/pixel_classes.h"

namespace slidedb::scanning {

namespace {

// The picture seen along one axis: lines that run along x (horizontal) or
// along y, `across` numbering them.
struct Axes {
    Image& im;
    bool horizontal;
    int along() const { return horizontal ? im.width : im.height; }
    int across() const { return horizontal ? im.height : im.width; }
    std::uint8_t* at(int a, int c) const { return horizontal ? im.px(a, c) : im.px(c, a); }
};

int redness(const std::uint8_t* p) { return p[0] - std::max(p[1], p[2]); }

// A pixel of a thin red line: red, and far redder than the pixels 3 px to
// either side across the line (the prisoner's face is as red there).
bool thin_red(const Axes& v, int a, int c) {
    const std::uint8_t* p = v.at(a, c);
    const int r = redness(p);
    if (p[0] < 100 || r < 45) return false;
    return r >= redness(v.at(a, c - 3)) + 25 && r >= redness(v.at(a, c + 3)) + 25;
}

struct Line {
    double at;   // its middle, across
    int c0, c1;  // the first and last row (or column) it covers
};

// Every row (or column) where a fifth of the samples along, from a0 to a1,
// are a thin red line's, runs of such rows 4 at most making one line.
std::vector<Line> thin_lines(const Axes& v, int a0, int a1) {
    const int across = v.across();
    a0 = std::max(0, a0);
    a1 = std::min(v.along() - 1, a1);
    const int samples = std::max(0, a1 - a0 + 2) / 2;
    const int need = std::max(8, samples / 5);
    std::vector<int> count(static_cast<size_t>(std::max(across, 0)), 0);
    for (int c = 3; c + 3 < across; ++c) {
        int n = 0;
        for (int a = a0; a <= a1; a += 2) n += thin_red(v, a, c);
        count[static_cast<size_t>(c)] = n;
    }
    std::vector<Line> lines;
    for (int c = 0; c < across;) {
        if (count[static_cast<size_t>(c)] < need) {
            ++c;
            continue;
        }
        int c1 = c;
        double sum = 0, weight = 0;
        for (; c1 < across && count[static_cast<size_t>(c1)] >= need; ++c1) {
            sum += c1 * static_cast<double>(count[static_cast<size_t>(c1)]);
            weight += count[static_cast<size_t>(c1)];
        }
        if (c1 - c <= 4) lines.push_back({sum / weight, c, c1 - 1});
        c = c1;
    }
    return lines;
}

// The colour of the rim a line at the tray's edge hides: of the darkest
// pixels 1 to 3 px beyond its band (not red), one in ten along the line is
// darker still. Where a block lies against the edge inside and the frame's
// wood outside, neither side shows the rim, and painting from them alone
// would leave no edge to find.
std::optional<std::array<std::uint8_t, 3>> rim_colour(const Axes& v, const Line& l, int a0, int a1) {
    const int across = v.across();
    const int lo = std::max(0, l.c0 - 1), hi = std::min(across - 1, l.c1 + 1);
    std::vector<std::pair<int, const std::uint8_t*>> dark;
    for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); ++a) {
        const std::uint8_t* best = nullptr;
        for (const int side : {-1, 1})
            for (const int d : {1, 2, 3}) {
                const int c = (side < 0 ? lo : hi) + d * side;
                if (c < 0 || c >= across) continue;
                const std::uint8_t* p = v.at(a, c);
                if (is_red(p) || redness(p) >= 45) continue;
                if (!best || luma(p) < luma(best)) best = p;
            }
        if (best) dark.emplace_back(luma(best), best);
    }
    if (dark.size() < 8) return std::nullopt;
    const size_t k = dark.size() / 10;
    std::nth_element(dark.begin(), dark.begin() + static_cast<long>(k), dark.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    const std::uint8_t* p = dark[k].second;
    return std::array<std::uint8_t, 3>{p[0], p[1], p[2]};
}

using Rgb = std::array<std::uint8_t, 3>;

// Tinted by a line's red: red, or of a redder hue than the picture beyond
// (green under four fifths of its share of the red there).
bool line_tinted(const std::uint8_t* p, const std::uint8_t* beyond) {
    return is_red(p) || 5 * p[1] * beyond[0] < 4 * beyond[1] * p[0];
}

// A pixel just beside a line, tinted by its red where the picture 5 px
// beyond (`beyond`) is not red, is the line's red that JPEG spread over
// what lay there. Where its red is under three quarters of the picture's
// beyond, what lay there was dark (a seam's dark, under a line of red as
// bright as the wood): its brightness is what lay there, in the hue of
// `shade`, the darkest pixel beside it not tinted (a seam's colour, warm:
// pale wood darkened to it is grey). (Left red, it passes for red ink,
// and a seam under it is hidden.)
std::optional<Rgb> under_the_red(const std::uint8_t* p, const std::uint8_t* beyond, const std::uint8_t* shade) {
    if (is_red(beyond) || !line_tinted(p, beyond) || 4 * p[0] >= 3 * beyond[0]) return std::nullopt;
    const double k = luma(p) / std::max(1.0, static_cast<double>(luma(shade)));
    Rgb c{};
    for (int i = 0; i < 3; ++i) c[static_cast<size_t>(i)] = static_cast<std::uint8_t>(std::min(255.0, shade[i] * k));
    return c;
}

// Paints the line over, from a0 to a1 along: each pixel of its band (a
// pixel more each side) takes the colour of the darkest pixel 1 to 3 px
// beyond the band that is no redder than the picture 5 px beyond (JPEG
// spreads the line's red a little further), or of the band's own pixel
// beside the line where the line left it as it was; where that red lies
// over the dark, what lay under it (see under_the_red), there and in the
// band.
// `rim`: the line lies along the tray's edge; where both sides beside it
// are lighter than the rim, it is painted the rim's colour.
void paint_over(const Axes& v, const Line& l, int a0, int a1, const std::optional<Rgb>& rim = std::nullopt) {
    const int across = v.across();
    const int lo = std::max(0, l.c0 - 1), hi = std::min(across - 1, l.c1 + 1);
    for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); ++a) {
        std::optional<Rgb> best, best_under;
        int best_rank = 1 << 30, under_luma = 1 << 30;
        bool dark_seen = false;
        std::array<std::vector<std::pair<int, Rgb>>, 2> under;  // per side: the line's spread red, what lay there
        for (const int side : {-1, 1}) {
            const int edge = side < 0 ? lo : hi;
            const int far = edge + 5 * side;
            const std::uint8_t* beyond = far >= 0 && far < across ? v.at(a, far) : nullptr;
            const int far_red = beyond ? redness(beyond) : 255;
            const std::uint8_t* shade = beyond;
            for (const int d : {1, 2, 3}) {
                const int c = edge + d * side;
                if (c < 0 || c >= across) continue;
                const std::uint8_t* p = v.at(a, c);
                if (beyond && !line_tinted(p, beyond) && redness(p) <= far_red + 30 && luma(p) < luma(shade)) shade = p;
            }
            for (const int d : {0, 1, 2, 3}) {
                const int c = edge + d * side;
                if (c < 0 || c >= across) continue;
                const std::uint8_t* p = v.at(a, c);
                if (const auto u = beyond ? under_the_red(p, beyond, shade) : std::nullopt) {
                    if (d >= 1 && d <= 2) under[side < 0 ? 0 : 1].emplace_back(c, *u);
                    if (luma(p) < under_luma) {
                        under_luma = luma(p);
                        best_under = u;
                    }
                    continue;
                }
                // (the band's own pixel beside the line counts where the
                // line left it untouched, the floor's or a seam's dark no
                // redder than beyond: a seam's dark may show there only)
                if (redness(p) > far_red + (d == 0 ? 10 : 30) || (d == 0 && !is_gap_dark(p))) continue;
                dark_seen = dark_seen || is_gap_dark(p);
                // the prisoner's red is as dark as the floor: it fills a
                // line only where both sides are red
                const int rank = luma(p) + (is_red(p) ? 256 : 0);
                if (rank < best_rank) {
                    best_rank = rank;
                    best = Rgb{p[0], p[1], p[2]};
                }
            }
            if (!best && beyond) best = Rgb{beyond[0], beyond[1], beyond[2]};
        }
        // What lay under the red stands in for the band where nothing
        // beside it shows the floor or a seam's dark as it is.
        if (best_under && !dark_seen && (!best || under_luma < best_rank)) best = best_under;
        if (!best) continue;
        if (rim && luma(best->data()) > luma(rim->data())) best = *rim;
        for (int c = lo; c <= hi; ++c) std::copy(best->begin(), best->end(), v.at(a, c));
        for (const auto& side : under)
            for (const auto& [c, colour] : side) std::copy(colour.begin(), colour.end(), v.at(a, c));
    }
}

// A line at the tray's edge shows against one side only: the frame's wood
// beside it is nearly as red as a line JPEG blurred. Where the run puts a
// line beyond its last one found, within 3 px: the row where three in ten
// samples from a0 to a1 are redder by far than one side and no less red
// than the other; the rows beside it where one in seven are, 4 at most.
std::optional<Line> edge_line(const Axes& v, double want, int a0, int a1) {
    const int across = v.across();
    auto share = [&](int c) {
        if (c < 3 || c + 3 >= across) return 0.0;
        int n = 0, all = 0;
        for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); a += 2, ++all) {
            const std::uint8_t* p = v.at(a, c);
            const int r = redness(p), lo = redness(v.at(a, c - 3)), hi = redness(v.at(a, c + 3));
            n += p[0] >= 100 && r >= 45 && std::max(r - lo, r - hi) >= 25 && std::min(r - lo, r - hi) >= -10;
        }
        return all ? static_cast<double>(n) / all : 0.0;
    };
    const int w = static_cast<int>(std::lround(want));
    int best = -1;
    double best_share = 0.3;
    for (int c = w - 3; c <= w + 3; ++c)
        if (const double sh = share(c); sh >= best_share) {
            best_share = sh;
            best = c;
        }
    if (best < 0) return std::nullopt;
    int c0 = best, c1 = best;
    while (c1 - c0 < 3 && share(c0 - 1) >= 1.0 / 7) --c0;
    while (c1 - c0 < 3 && share(c1 + 1) >= 1.0 / 7) ++c1;
    return Line{(c0 + c1) / 2.0, c0, c1};
}

// Do the crossing lines (at `crossing`, along) run on beyond the line at
// `end`, outward (`side`), a third to two thirds of a cell on? The lines
// stop at the tray's edge; past a line inside the tray they cross the
// next cell.
bool crossed_beyond(const Axes& v, double end, int side, double pitch, const std::vector<double>& crossing) {
    int red = 0, all = 0;
    for (const double at : crossing) {
        const int a = static_cast<int>(std::lround(at));
        if (a < 1 || a + 1 >= v.along()) continue;
        int n = 0, k = 0;
        for (double t = 0.3; t <= 0.7; t += 0.1, ++k) {
            const int c = static_cast<int>(std::lround(end + side * t * pitch));
            if (c < 0 || c >= v.across()) continue;
            for (int da = -1; da <= 1; ++da) {
                const std::uint8_t* p = v.at(a + da, c);
                if (p[0] >= 100 && redness(p) >= 45) {
                    ++n;
                    break;
                }
            }
        }
        ++all;
        red += 2 * n >= k;
    }
    return all > 0 && 2 * red >= all;
}

// The share of the run's lines' length, from a0 to a1 along, that shows a
// thin red line: of the lines found against both sides, the middle one.
double line_share(const Axes& v, const Run& run, const std::vector<Line>& lines, size_t found_both, int a0, int a1) {
    std::vector<double> share;
    for (const int k : run.found) {
        if (k < 0 || static_cast<size_t>(k) >= found_both) continue;
        const Line& l = lines[static_cast<size_t>(k)];
        int n = 0, all = 0;
        for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); a += 2, ++all) {
            bool hit = false;
            for (int c = std::max(3, l.c0); c <= std::min(v.across() - 4, l.c1) && !hit; ++c) hit = thin_red(v, a, c);
            n += hit;
        }
        if (all) share.push_back(static_cast<double>(n) / all);
    }
    if (share.empty()) return 0;
    std::nth_element(share.begin(), share.begin() + static_cast<long>(share.size() / 2), share.end());
    return share[share.size() / 2];
}

}  // namespace

bool erase_grid_lines(Image& im) {
    if (im.width < 32 || im.height < 32) return false;
    const Axes rows{im, true}, cols{im, false};
    // (across the rows first: read along rows, it is the cheaper pass, and
    // without lines there the columns are not looked at)
    const std::vector<Line> hl = thin_lines(rows, 0, im.width - 1);
    std::vector<double> hat, vat;
    for (const Line& l : hl) hat.push_back(l.at);
    // A board has four cells a side at least: five lines, or, four cells
    // long, the three inside the tray (its edges, against the frame's wood,
    // show against one side only: looked for below, and found both).
    auto lattice = [](const std::vector<double>& at) {
        const Run run = even_run(at, 5, 12, 2);
        if (!run.at.empty()) return run;
        const Run inside = even_run(at, 3, 12, 1);
        return inside.count() >= 3 ? inside : Run{};
    };
    const Run hr = lattice(hat);
    if (hr.at.empty()) return false;
    // The columns' lines are looked for along the rows' run only (and a
    // cell beyond either end, the tray's edges not found yet): in a
    // phone's tall picture a tray 4 cells high is a fifth of it.
    const double hd = hr.pitch();
    const std::vector<Line> vl = thin_lines(cols, static_cast<int>(hr.at.front() - hd), static_cast<int>(hr.at.back() + hd));
    for (const Line& l : vl) vat.push_back(l.at);
    const Run vr = lattice(vat);
    if (vr.at.empty()) return false;
    const double hp = hr.pitch(), vp = vr.pitch();
    if (std::abs(hp - vp) > 0.05 * std::max(hp, vp)) return false;
    // The tray's edges, where a line may show against one side only.
    std::vector<Line> hl2 = hl, vl2 = vl;
    // (which ends of each run are the tray's edges: found against one side
    // only, beyond the lines found against both)
    std::array<bool, 2> h_edge{}, v_edge{};
    auto extend = [](const Axes& v, Run& run, std::vector<Line>& lines, int a0, int a1, std::array<bool, 2>& edge) {
        const double d = run.pitch(), tol = std::max(2.0, 0.04 * d);
        const size_t found_both = lines.size();
        for (const int side : {-1, 1}) {
            // (a line found against both sides a pitch beyond the run, its
            // place a pixel off the run's, lies inside the tray: the run
            // goes on past it; so does one against one side, or none (a
            // line lost on wood), with such a line a pitch or two further)
            auto both_at = [&](double want) {
                int k = -1;
                for (size_t i = 0; i < found_both; ++i)
                    if (std::abs(lines[i].at - want) <= tol) k = static_cast<int>(i);
                return k;
            };
            for (bool inside = true; inside;) {
                const double want = side < 0 ? run.at.front() - d : run.at.back() + d;
                int k = both_at(want);
                inside = k >= 0 || both_at(want + side * d) >= 0 || both_at(want + 2 * side * d) >= 0;
                double at = want;
                if (k < 0) {
                    const auto l = edge_line(v, want, a0, a1);
                    if (l && std::abs(l->at - want) <= tol) {
                        lines.push_back(*l);
                        k = static_cast<int>(lines.size()) - 1;
                        edge[side < 0 ? 0 : 1] = !inside;
                    } else if (!inside) {
                        break;
                    }
                }
                if (k >= 0) at = lines[static_cast<size_t>(k)].at;
                if (side < 0) {
                    run.at.insert(run.at.begin(), at);
                    run.found.insert(run.found.begin(), k);
                } else {
                    run.at.push_back(at);
                    run.found.push_back(k);
                }
            }
        }
    };
    Run hx = hr, vx = vr;
    // An end line not found against one side is still the tray's edge
    // when the crossing lines stop at it.
    auto ends = [](const Axes& v, const Run& run, const Run& other, std::array<bool, 2>& edge) {
        edge[0] = edge[0] || !crossed_beyond(v, run.at.front(), -1, run.pitch(), other.at);
        edge[1] = edge[1] || !crossed_beyond(v, run.at.back(), 1, run.pitch(), other.at);
    };
    extend(rows, hx, hl2, static_cast<int>(vr.at.front()), static_cast<int>(vr.at.back()), h_edge);
    extend(cols, vx, vl2, static_cast<int>(hr.at.front()), static_cast<int>(hr.at.back()), v_edge);
    if (hx.at.size() < 5 || vx.at.size() < 5) return false;
    ends(rows, hx, vx, h_edge);
    ends(cols, vx, hx, v_edge);
    // Along, from the first line across to the last (painting past them
    // would darken the frame beyond the tray's edge).
    const int x0 = static_cast<int>(std::lround(vx.at.front())), x1 = static_cast<int>(std::lround(vx.at.back()));
    const int y0 = static_cast<int>(std::lround(hx.at.front())), y1 = static_cast<int>(std::lround(hx.at.back()));
    // A debug overlay's lines run the whole tray: over it, half their
    // samples or so show thin red (JPEG blurs a line of a pixel over wood
    // past the test now and then). The bright edges of a figure's blocks,
    // a block long each, make lattices too, red on a third of the way.
    if (line_share(rows, hx, hl2, hl.size(), x0, x1) + line_share(cols, vx, vl2, vl.size(), y0, y1) < 0.9) return false;
    // A line not found (on a block the colour of its ink) is as thick as
    // the thickest found.
    auto paint = [](const Axes& v, const Run& run, const std::vector<Line>& lines, int a0, int a1,
                    const std::array<bool, 2>& edge) {
        int thick = 1;
        for (const int k : run.found)
            if (k >= 0) thick = std::max(thick, lines[static_cast<size_t>(k)].c1 - lines[static_cast<size_t>(k)].c0 + 1);
        for (size_t i = 0; i < run.at.size(); ++i) {
            const int k = run.found[i];
            Line l;
            if (k >= 0) {
                l = lines[static_cast<size_t>(k)];
            } else {
                const int c0 = static_cast<int>(std::lround(run.at[i] - (thick - 1) / 2.0));
                l = Line{run.at[i], c0, c0 + thick - 1};
            }
            const bool rim = (i == 0 && edge[0]) || (i + 1 == run.at.size() && edge[1]);
            paint_over(v, l, a0, a1, rim ? rim_colour(v, l, a0, a1) : std::nullopt);
        }
    };
    paint(rows, hx, hl2, x0, x1, h_edge);
    paint(cols, vx, vl2, y0, y1, v_edge);
    return true;
}

bool grid_runs_past(const Image& image, const BoardBox& box) {
    const double q = box.cell_px;
    if (q < 8 || box.w <= 0 || box.h <= 0) return false;
    Image& im = const_cast<Image&>(image);  // (read only: Axes gives pixels to paint too)
    const Axes rows{im, true}, cols{im, false};
    const int nx = static_cast<int>(std::lround(box.w / q)), ny = static_cast<int>(std::lround(box.h / q));
    // One side: the lines across it (at `at`, along `v`), seen from `edge`
    // outward (`side`).
    auto past = [&](const Axes& v, int n, double first, double edge, int side) {
        int red = 0;
        for (int k = 0; k <= n; ++k) {
            const int c = static_cast<int>(std::lround(first + k * q));
            int hits = 0, all = 0;
            for (double t = 0.3; t <= 0.71; t += 0.1) {
                const int a = static_cast<int>(std::lround(edge + side * t * q));
                if (a < 0 || a >= v.along()) continue;
                ++all;
                for (int dc = -2; dc <= 2; ++dc)
                    if (c + dc >= 3 && c + dc + 3 < v.across() && thin_red(v, a, c + dc)) {
                        ++hits;
                        break;
                    }
            }
            red += all > 0 && 2 * hits > all;
        }
        return 2 * red > n + 1;
    };
    // (columns' lines are seen across x, along y: the cols view)
    return past(cols, nx, box.x, box.y, -1) || past(cols, nx, box.x, box.y + box.h, 1) ||
           past(rows, ny, box.y, box.x, -1) || past(rows, ny, box.y, box.x + box.w, 1);
}

}  // namespace slidedb::scanning
