// Stage 8: a debug overlay's thin red lines along the cell grid, found and
// painted over (see overlays.h).
#include "families/unblock/scan/overlays.h"

#include <algorithm>
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

// Every row (or column) where a fifth of the samples along are a thin red
// line's, runs of such rows 4 at most making one line.
std::vector<Line> thin_lines(const Axes& v) {
    const int along = v.along(), across = v.across();
    const int samples = (along + 1) / 2;
    const int need = std::max(8, samples / 5);
    std::vector<int> count(static_cast<size_t>(std::max(across, 0)), 0);
    for (int c = 3; c + 3 < across; ++c) {
        int n = 0;
        for (int a = 0; a < along; a += 2) n += thin_red(v, a, c);
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

// Paints the line over, from a0 to a1 along: each pixel of its band (a
// pixel more each side) takes the colour of the darkest pixel 1 to 3 px
// beyond the band that is no redder than the picture 5 px beyond (JPEG
// spreads the line's red a little further).
void paint_over(const Axes& v, const Line& l, int a0, int a1) {
    const int across = v.across();
    const int lo = std::max(0, l.c0 - 1), hi = std::min(across - 1, l.c1 + 1);
    for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); ++a) {
        const std::uint8_t* best = nullptr;
        int best_luma = 1 << 30;
        for (const int side : {-1, 1}) {
            const int edge = side < 0 ? lo : hi;
            const int far = edge + 5 * side;
            const int far_red = far >= 0 && far < across ? redness(v.at(a, far)) : 255;
            for (const int d : {1, 2, 3}) {
                const int c = edge + d * side;
                if (c < 0 || c >= across) continue;
                const std::uint8_t* p = v.at(a, c);
                if (redness(p) > far_red + 30) continue;
                // the prisoner's red is as dark as the floor: it fills a
                // line only where both sides are red
                const int rank = luma(p) + (is_red(p) ? 256 : 0);
                if (rank < best_luma) {
                    best_luma = rank;
                    best = p;
                }
            }
            if (!best && far >= 0 && far < across) best = v.at(a, far);
        }
        if (!best) continue;
        const std::uint8_t fill[3] = {best[0], best[1], best[2]};
        for (int c = lo; c <= hi; ++c) std::copy(fill, fill + 3, v.at(a, c));
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

}  // namespace

bool erase_grid_lines(Image& im) {
    if (im.width < 32 || im.height < 32) return false;
    const Axes rows{im, true}, cols{im, false};
    // (across the rows first: read along rows, it is the cheaper pass, and
    // without lines there the columns are not looked at)
    const std::vector<Line> hl = thin_lines(rows);
    std::vector<double> hat, vat;
    for (const Line& l : hl) hat.push_back(l.at);
    // A board has four cells a side at least: five lines.
    const Run hr = even_run(hat, 5, 12, 2);
    if (hr.at.empty()) return false;
    const std::vector<Line> vl = thin_lines(cols);
    for (const Line& l : vl) vat.push_back(l.at);
    const Run vr = even_run(vat, 5, 12, 2);
    if (vr.at.empty()) return false;
    const double hp = hr.pitch(), vp = vr.pitch();
    if (std::abs(hp - vp) > 0.05 * std::max(hp, vp)) return false;
    // The tray's edges, where a line may show against one side only.
    std::vector<Line> hl2 = hl, vl2 = vl;
    auto extend = [](const Axes& v, Run& run, std::vector<Line>& lines, int a0, int a1) {
        const double d = run.pitch();
        for (const int side : {-1, 1}) {
            const double want = side < 0 ? run.at.front() - d : run.at.back() + d;
            const auto l = edge_line(v, want, a0, a1);
            if (!l || std::abs(l->at - want) > std::max(2.0, 0.04 * d)) continue;
            lines.push_back(*l);
            const int k = static_cast<int>(lines.size()) - 1;
            if (side < 0) {
                run.at.insert(run.at.begin(), l->at);
                run.found.insert(run.found.begin(), k);
            } else {
                run.at.push_back(l->at);
                run.found.push_back(k);
            }
        }
    };
    Run hx = hr, vx = vr;
    extend(rows, hx, hl2, static_cast<int>(vr.at.front()), static_cast<int>(vr.at.back()));
    extend(cols, vx, vl2, static_cast<int>(hr.at.front()), static_cast<int>(hr.at.back()));
    // Along, from the first line across to the last (painting past them
    // would darken the frame beyond the tray's edge).
    const int x0 = static_cast<int>(std::lround(vx.at.front())), x1 = static_cast<int>(std::lround(vx.at.back()));
    const int y0 = static_cast<int>(std::lround(hx.at.front())), y1 = static_cast<int>(std::lround(hx.at.back()));
    // A line not found (on a block the colour of its ink) is as thick as
    // the thickest found.
    auto paint = [](const Axes& v, const Run& run, const std::vector<Line>& lines, int a0, int a1) {
        int thick = 1;
        for (const int k : run.found)
            if (k >= 0) thick = std::max(thick, lines[static_cast<size_t>(k)].c1 - lines[static_cast<size_t>(k)].c0 + 1);
        for (size_t i = 0; i < run.at.size(); ++i) {
            const int k = run.found[i];
            if (k >= 0) {
                paint_over(v, lines[static_cast<size_t>(k)], a0, a1);
            } else {
                const int c0 = static_cast<int>(std::lround(run.at[i] - (thick - 1) / 2.0));
                paint_over(v, Line{run.at[i], c0, c0 + thick - 1}, a0, a1);
            }
        }
    };
    paint(rows, hx, hl2, x0, x1);
    paint(cols, vx, vl2, y0, y1);
    return true;
}

}  // namespace slidedb::scanning
