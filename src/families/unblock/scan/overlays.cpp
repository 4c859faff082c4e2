#include "families/unblock/scan/overlays.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

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

// Positions evenly spaced: where each lies, and the found position there
// (an index into the sorted positions given) or -1 where none was.
struct Run {
    std::vector<double> at;
    std::vector<int> found;
    int count() const { return static_cast<int>(std::count_if(found.begin(), found.end(), [](int k) { return k >= 0; })); }
    double pitch() const { return (at.back() - at.front()) / static_cast<double>(at.size() - 1); }
};

// The run of evenly spaced positions that finds the most of `at` (sorted):
// each within 3 % of the pitch (1.5 px at least) of where the last found
// and the pitch put it, `gaps` missing at most (a line hidden on a block
// the colour of its ink), never two in a row. `least` positions at least;
// empty when there is none.
Run even_run(const std::vector<double>& at, size_t least, double min_pitch, int gaps) {
    Run best;
    const size_t n = at.size();
    if (n + 1 < least || n > 120) return best;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
            for (int m = 1; m <= 2; ++m) {
                const double d = (at[j] - at[i]) / m;
                if (d < min_pitch) continue;
                const double tol = std::max(1.5, 0.03 * d);
                Run run;
                run.at.push_back(at[i]);
                run.found.push_back(static_cast<int>(i));
                double last = at[i];
                int since = 0;
                size_t k = i + 1;
                while (since <= std::min(gaps, 1)) {
                    const double want = last + (since + 1) * d;
                    while (k < n && at[k] < want - tol) ++k;
                    if (k < n && std::abs(at[k] - want) <= tol) {
                        run.at.push_back(at[k]);
                        run.found.push_back(static_cast<int>(k));
                        last = at[k];
                        since = 0;
                        ++k;
                    } else {
                        run.at.push_back(want);
                        run.found.push_back(-1);
                        ++since;
                    }
                }
                // the positions past the last found are none of the run
                while (!run.found.empty() && run.found.back() < 0) {
                    run.found.pop_back();
                    run.at.pop_back();
                }
                const int missing = static_cast<int>(run.at.size()) - run.count();
                if (missing <= gaps && run.count() > best.count()) best = run;
            }
    if (best.at.size() < least) return Run{};
    return best;
}

// Paints the line over, from a0 to a1 along: each pixel of its band (a
// pixel more each side) takes the colour of the darkest pixel 1 or 2 px
// beyond the band that is no redder than the picture 4 px beyond (JPEG
// spreads the line's red a little further).
void paint_over(const Axes& v, const Line& l, int a0, int a1) {
    const int across = v.across();
    const int lo = std::max(0, l.c0 - 1), hi = std::min(across - 1, l.c1 + 1);
    for (int a = std::max(0, a0); a <= std::min(v.along() - 1, a1); ++a) {
        const std::uint8_t* best = nullptr;
        int best_luma = 1 << 30;
        for (const int side : {-1, 1}) {
            const int edge = side < 0 ? lo : hi;
            const int far = edge + 4 * side;
            const int far_red = far >= 0 && far < across ? redness(v.at(a, far)) : 255;
            for (const int d : {1, 2}) {
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

// ---- tags ----------------------------------------------------------------

struct Blob {
    int x0, y0, x1, y1;  // inclusive
    long long n;
    double cx() const { return (x0 + x1) / 2.0; }
    double cy() const { return (y0 + y1) / 2.0; }
    int w() const { return x1 - x0 + 1; }
    int h() const { return y1 - y0 + 1; }
};

// Components of near-white pixels (4-connected) shaped like a tag: 5 px a
// side at least, at most a quarter of the picture, filling at least half
// their box (the sign on a tag is a hole in it).
std::vector<Blob> white_blobs(const Image& im) {
    std::vector<Blob> out;
    const int w = im.width, h = im.height;
    // 0 not white, 1 white, 2 white and taken, 3 white in a run along a
    // row too long for a tag (a page, a sky: never walked, and what
    // touches it is no tag).
    std::vector<std::uint8_t> state(static_cast<size_t>(w) * static_cast<size_t>(h), 0);
    for (int y = 0; y < h; ++y) {
        std::uint8_t* row = state.data() + static_cast<size_t>(y) * static_cast<size_t>(w);
        for (int x = 0; x < w;) {
            if (!is_white(im.px(x, y))) {
                ++x;
                continue;
            }
            int x1 = x;
            while (x1 < w && is_white(im.px(x1, y))) ++x1;
            std::fill(row + x, row + x1, static_cast<std::uint8_t>(x1 - x > w / 4 ? 3 : 1));
            x = x1;
        }
    }
    std::vector<int> stack;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const size_t i = static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x);
            if (state[i] != 1) continue;
            Blob b{x, y, x, y, 0};
            bool big = false;
            state[i] = 2;
            stack.assign(1, static_cast<int>(i));
            while (!stack.empty()) {
                const int k = stack.back();
                stack.pop_back();
                const int px = k % w, py = k / w;
                ++b.n;
                b.x0 = std::min(b.x0, px);
                b.x1 = std::max(b.x1, px);
                b.y0 = std::min(b.y0, py);
                b.y1 = std::max(b.y1, py);
                const int next[4][2] = {{px - 1, py}, {px + 1, py}, {px, py - 1}, {px, py + 1}};
                for (const auto& q : next) {
                    if (q[0] < 0 || q[1] < 0 || q[0] >= w || q[1] >= h) continue;
                    const size_t j = static_cast<size_t>(q[1]) * static_cast<size_t>(w) + static_cast<size_t>(q[0]);
                    big = big || state[j] == 3;
                    if (state[j] != 1) continue;
                    state[j] = 2;
                    stack.push_back(static_cast<int>(j));
                }
            }
            if (big || b.w() < 5 || b.h() < 5 || b.w() > w / 4 || b.h() > h / 4) continue;
            if (2 * b.n < static_cast<long long>(b.w()) * b.h()) continue;
            if (b.w() > 2 * b.h() || b.h() > 2 * b.w()) continue;
            out.push_back(b);
        }
    return out;
}

// Positions within `tol` of each other grouped; the mean of each group.
std::vector<double> groups(std::vector<double> v, double tol) {
    std::sort(v.begin(), v.end());
    std::vector<double> out;
    for (size_t i = 0; i < v.size();) {
        size_t j = i;
        double sum = 0;
        for (; j < v.size() && v[j] - v[i] <= tol; ++j) sum += v[j];
        out.push_back(sum / static_cast<double>(j - i));
        i = j;
    }
    return out;
}

// Paints a tag over row by row, from the mean of the two pixels beyond it
// on its left to that on its right.
void paint_tag(Image& im, int x0, int y0, int x1, int y1) {
    if (x0 < 2 || y0 < 0 || x1 + 2 >= im.width || y1 >= im.height) return;
    for (int y = y0; y <= y1; ++y) {
        const std::uint8_t *l1 = im.px(x0 - 1, y), *l2 = im.px(x0 - 2, y);
        const std::uint8_t *r1 = im.px(x1 + 1, y), *r2 = im.px(x1 + 2, y);
        for (int x = x0; x <= x1; ++x) {
            const double t = (x - x0 + 1.0) / (x1 - x0 + 2.0);
            std::uint8_t* p = im.px(x, y);
            for (int k = 0; k < 3; ++k) {
                const double l = (l1[k] + l2[k]) / 2.0, r = (r1[k] + r2[k]) / 2.0;
                p[k] = static_cast<std::uint8_t>(std::lround(l + (r - l) * t));
            }
        }
    }
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

bool erase_cell_tags(Image& im) {
    if (im.width < 32 || im.height < 32) return false;
    std::vector<Blob> blobs = white_blobs(im);
    if (blobs.size() < 16) return false;
    // Tags are of one size: those within a third of the median's.
    std::vector<int> ws, hs;
    for (const Blob& b : blobs) {
        ws.push_back(b.w());
        hs.push_back(b.h());
    }
    std::nth_element(ws.begin(), ws.begin() + static_cast<long>(ws.size() / 2), ws.end());
    std::nth_element(hs.begin(), hs.begin() + static_cast<long>(hs.size() / 2), hs.end());
    const double mw = ws[ws.size() / 2], mh = hs[hs.size() / 2];
    std::vector<Blob> tags;
    for (const Blob& b : blobs)
        if (std::abs(b.w() - mw) <= mw / 3 + 1 && std::abs(b.h() - mh) <= mh / 3 + 1) tags.push_back(b);
    if (tags.size() < 16) return false;
    std::vector<double> xs, ys;
    for (const Blob& b : tags) {
        xs.push_back(b.cx());
        ys.push_back(b.cy());
    }
    const std::vector<double> gx = groups(xs, 0.4 * mw), gy = groups(ys, 0.4 * mh);
    const Run cr = even_run(gx, 4, 1.5 * mw, 0), rr = even_run(gy, 4, 1.5 * mh, 0);
    if (cr.at.empty() || rr.at.empty()) return false;
    const double px = cr.pitch(), py = rr.pitch();
    if (std::abs(px - py) > 0.06 * std::max(px, py) || mw > 0.6 * px || mh > 0.6 * py) return false;
    // The tags on the lattice's nodes: one a node, three in four nodes at least.
    const double ox = cr.at.front(), oy = rr.at.front();
    const int nc = static_cast<int>(cr.at.size()), nr = static_cast<int>(rr.at.size());
    std::vector<const Blob*> on(static_cast<size_t>(nc * nr), nullptr);
    for (const Blob& b : tags) {
        const double fc = (b.cx() - ox) / px, fr = (b.cy() - oy) / py;
        const int c = static_cast<int>(std::lround(fc)), r = static_cast<int>(std::lround(fr));
        if (c < 0 || r < 0 || c >= nc || r >= nr || std::abs(fc - c) > 0.15 || std::abs(fr - r) > 0.15) continue;
        on[static_cast<size_t>(r * nc + c)] = &b;
    }
    const auto found = std::count_if(on.begin(), on.end(), [](const Blob* b) { return b != nullptr; });
    if (4 * found < 3 * static_cast<long>(on.size())) return false;
    for (const Blob* b : on)
        if (b) {
            // 2 px round it (JPEG's halo), then each side moved out past an
            // outline (a sixth of its pixels neutral and light), 2 px at
            // most, then one more.
            int x0 = b->x0 - 2, y0 = b->y0 - 2, x1 = b->x1 + 2, y1 = b->y1 + 2;
            auto greyish = [&](int xa, int ya, int xb, int yb) {
                int n = 0, all = 0;
                for (int y = std::max(0, ya); y <= std::min(im.height - 1, yb); ++y)
                    for (int x = std::max(0, xa); x <= std::min(im.width - 1, xb); ++x, ++all) {
                        const std::uint8_t* p = im.px(x, y);
                        n += luma(p) >= 120 && std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]}) <= 50;
                    }
                return all > 0 && 6 * n >= all;
            };
            for (int k = 0; k < 2 && greyish(x0 - 1, y0, x0 - 1, y1); ++k) --x0;
            for (int k = 0; k < 2 && greyish(x1 + 1, y0, x1 + 1, y1); ++k) ++x1;
            for (int k = 0; k < 2 && greyish(x0, y0 - 1, x1, y0 - 1); ++k) --y0;
            for (int k = 0; k < 2 && greyish(x0, y1 + 1, x1, y1 + 1); ++k) ++y1;
            paint_tag(im, x0 - 1, y0 - 1, x1 + 1, y1 + 1);
        }
    // A figure that tags its cells names the prisoner too, in white or in
    // black: on a run of two cells or more whose tags sat on red, whatever
    // is not red in the face's middle (0.06 of a cell in from its sides,
    // 0.1 from the ends of the run), or is darker by a fifth than its
    // median red (JPEG's fringe round black letters), takes that red.
    for (int r = 0; r < nr; ++r)
        for (int c = 0; c < nc;) {
            auto red_at = [&](int cc) {
                const int x = static_cast<int>(std::lround(ox + cc * px)), y = static_cast<int>(std::lround(oy + r * py));
                return x >= 0 && y >= 0 && x < im.width && y < im.height && is_red(im.px(x, y));
            };
            int c1 = c;
            while (c1 < nc && red_at(c1)) ++c1;
            if (c1 - c >= 2) {
                const int x0 = static_cast<int>(std::lround(ox + (c - 0.4) * px));
                const int x1 = static_cast<int>(std::lround(ox + (c1 - 1 + 0.4) * px));
                const int y0 = static_cast<int>(std::lround(oy + (r - 0.44) * py));
                const int y1 = static_cast<int>(std::lround(oy + (r + 0.44) * py));
                if (x0 >= 0 && y0 >= 0 && x1 < im.width && y1 < im.height) {
                    std::vector<int> ch[3];
                    for (int y = y0; y <= y1; ++y)
                        for (int x = x0; x <= x1; ++x)
                            if (const std::uint8_t* p = im.px(x, y); is_red(p))
                                for (int k = 0; k < 3; ++k) ch[k].push_back(p[k]);
                    if (ch[0].size() * 2 > static_cast<size_t>((x1 - x0 + 1) * (y1 - y0 + 1))) {
                        std::uint8_t fill[3];
                        for (int k = 0; k < 3; ++k) {
                            auto mid = ch[k].begin() + static_cast<long>(ch[k].size() / 2);
                            std::nth_element(ch[k].begin(), mid, ch[k].end());
                            fill[k] = static_cast<std::uint8_t>(*mid);
                        }
                        const int dark = luma(fill) * 4 / 5;
                        for (int y = y0; y <= y1; ++y)
                            for (int x = x0; x <= x1; ++x)
                                if (std::uint8_t* p = im.px(x, y); !is_red(p) || luma(p) < dark)
                                    std::copy(fill, fill + 3, p);
                    }
                }
            }
            c = std::max(c1, c + 1);
        }
    return true;
}

}  // namespace slidedb::scanning
