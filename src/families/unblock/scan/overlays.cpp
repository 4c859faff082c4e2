#include "families/unblock/scan/overlays.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
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
    if (p[0] < 110 || r < 60) return false;
    return r >= redness(v.at(a, c - 3)) + 35 && r >= redness(v.at(a, c + 3)) + 35;
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

// The longest run of positions evenly spaced (each within 3 % of the pitch,
// 1.5 px at least, of where the pitch puts it), `least` of them at least;
// empty when there is none. `at` is sorted.
std::vector<size_t> even_run(const std::vector<double>& at, size_t least, double min_pitch) {
    std::vector<size_t> best;
    const size_t n = at.size();
    if (n < least || n > 120) return best;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            const double d = at[j] - at[i];
            if (d < min_pitch) continue;
            const double tol = std::max(1.5, 0.03 * d);
            std::vector<size_t> run{i, j};
            double next = at[j] + d;
            for (size_t k = j + 1; k < n && at[k] <= next + tol; ++k)
                if (std::abs(at[k] - next) <= tol) {
                    run.push_back(k);
                    next = at[k] + d;
                }
            if (run.size() > best.size()) best = run;
        }
    if (best.size() < least) best.clear();
    return best;
}

double pitch_of(const std::vector<double>& at, const std::vector<size_t>& run) {
    return (at[run.back()] - at[run.front()]) / static_cast<double>(run.size() - 1);
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
                if (luma(p) < best_luma) {
                    best_luma = luma(p);
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
    std::vector<std::uint8_t> seen(static_cast<size_t>(w) * static_cast<size_t>(h), 0);
    std::vector<int> stack;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const size_t i = static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x);
            if (seen[i] || !is_white(im.px(x, y))) continue;
            Blob b{x, y, x, y, 0};
            seen[i] = 1;
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
                    if (seen[j] || !is_white(im.px(q[0], q[1]))) continue;
                    seen[j] = 1;
                    stack.push_back(static_cast<int>(j));
                }
            }
            if (b.w() < 5 || b.h() < 5 || b.w() > w / 4 || b.h() > h / 4) continue;
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
    const std::vector<Line> hl = thin_lines(rows), vl = thin_lines(cols);
    std::vector<double> hat, vat;
    for (const Line& l : hl) hat.push_back(l.at);
    for (const Line& l : vl) vat.push_back(l.at);
    // A board has four cells a side at least: five lines.
    const std::vector<size_t> hr = even_run(hat, 5, 12), vr = even_run(vat, 5, 12);
    if (hr.empty() || vr.empty()) return false;
    const double hp = pitch_of(hat, hr), vp = pitch_of(vat, vr);
    if (std::abs(hp - vp) > 0.05 * std::max(hp, vp)) return false;
    const int x0 = static_cast<int>(std::floor(vat[vr.front()])) - 3, x1 = static_cast<int>(std::ceil(vat[vr.back()])) + 3;
    const int y0 = static_cast<int>(std::floor(hat[hr.front()])) - 3, y1 = static_cast<int>(std::ceil(hat[hr.back()])) + 3;
    for (const size_t k : hr) paint_over(rows, hl[k], x0, x1);
    for (const size_t k : vr) paint_over(cols, vl[k], y0, y1);
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
    const std::vector<size_t> cr = even_run(gx, 4, 1.5 * mw), rr = even_run(gy, 4, 1.5 * mh);
    if (cr.empty() || rr.empty()) return false;
    const double px = pitch_of(gx, cr), py = pitch_of(gy, rr);
    if (std::abs(px - py) > 0.06 * std::max(px, py) || mw > 0.6 * px || mh > 0.6 * py) return false;
    // The tags on the lattice's nodes: one a node, three in four nodes at least.
    const double ox = gx[cr.front()], oy = gy[rr.front()];
    const int nc = static_cast<int>(cr.size()), nr = static_cast<int>(rr.size());
    std::vector<const Blob*> on(static_cast<size_t>(nc * nr), nullptr);
    for (const Blob& b : tags) {
        const double fc = (b.cx() - ox) / px, fr = (b.cy() - oy) / py;
        const int c = static_cast<int>(std::lround(fc)), r = static_cast<int>(std::lround(fr));
        if (c < 0 || r < 0 || c >= nc || r >= nr || std::abs(fc - c) > 0.15 || std::abs(fr - r) > 0.15) continue;
        on[static_cast<size_t>(r * nc + c)] = &b;
    }
    const auto found = std::count_if(on.begin(), on.end(), [](const Blob* b) { return b != nullptr; });
    if (4 * found < 3 * static_cast<long>(on.size())) return false;
    const int grow = 3;
    for (const Blob* b : on)
        if (b) paint_tag(im, b->x0 - grow, b->y0 - grow, b->x1 + grow, b->y1 + grow);
    return true;
}

}  // namespace slidedb::scanning
