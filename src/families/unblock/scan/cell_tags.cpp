// Stage 8: a guide's white tag on every cell (and the prisoner's name on
// its face), found and painted over (see overlays.h).
#include "families/unblock/scan/overlays.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "families/unblock/scan/even_run.h"
#include "families/unblock/scan/pixel_classes.h"

namespace slidedb::scanning {

namespace {

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
