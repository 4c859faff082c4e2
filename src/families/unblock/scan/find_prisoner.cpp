// Stage 1: the red prisoner, the anchor of everything else.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

// Connected components of `pred` on a grid sampled every `step` pixels,
// samples up to `reach` apart (1: the 8 neighbours) being connected; boxes
// are returned in sampling-grid coordinates.
template <class Pred>
std::vector<Box> components(const Image& im, int step, int reach, Pred pred) {
    const int sw = (im.width + step - 1) / step, sh = (im.height + step - 1) / step;
    std::vector<std::uint8_t> mask(static_cast<size_t>(sw) * static_cast<size_t>(sh));
    for (int y = 0; y < sh; ++y) {
        const std::uint8_t* row = im.px(0, y * step);
        std::uint8_t* m = &mask[static_cast<size_t>(y) * sw];
        for (int x = 0; x < sw; ++x) m[x] = pred(row + 3 * x * step) ? 1 : 0;
    }
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
                for (int dy = -reach; dy <= reach; ++dy) {
                    for (int dx = -reach; dx <= reach; ++dx) {
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

// ---- 1. the prisoner ----------------------------------------------------
// The prisoner's face or a mark over it: blue or green ink drawn across the
// block (a stroke, a rectangle inside it) would cut its red in pieces, the
// largest of which is not the block.
static bool red_or_ink(const std::uint8_t* p) { return is_red(p) || is_ink(p); }

// The red face inside a component's box (sampling-grid coordinates), at
// full resolution: the rows and columns at least half as red as the
// reddest, which trims off thin red things touching the block (a stamp,
// a pen mark). Returns the fill of the trimmed box, what a mark's ink
// covers aside.
double Scanner::trim_red(const Box& bx, int step, int& l, int& t, int& r, int& b) const {
    const int x0 = std::max(0, bx.x0 * step - step), x1 = std::min(im_.width - 1, bx.x1 * step + 2 * step);
    const int y0 = std::max(0, bx.y0 * step - step), y1 = std::min(im_.height - 1, bx.y1 * step + 2 * step);
    // Every column is counted on every k-th row and every row on every k-th
    // column (k from the block's thickness, 1 below 40 px): the face's edges
    // stay exact to the pixel at a fraction of the cost.
    const int k = std::max(1, (bx.h() * step) / 40);
    std::vector<int> colc(static_cast<size_t>(x1 - x0 + 1)), rowc(static_cast<size_t>(y1 - y0 + 1));
    for (int y = y0; y <= y1; ++y) {
        const std::uint8_t* p = im_.px(x0, y);
        int& row = rowc[static_cast<size_t>(y - y0)];
        if ((y - y0) % k == 0) {
            // every pixel: its column, and the row on every k-th one
            for (int x = x0, m = 0; x <= x1; ++x, p += 3, m = m + 1 == k ? 0 : m + 1)
                if (is_red(p)) {
                    ++colc[static_cast<size_t>(x - x0)];
                    if (m == 0) ++row;
                }
        } else {
            for (int x = x0; x <= x1; x += k, p += 3 * k) row += is_red(p);
        }
    }
    const int cmax = *std::max_element(colc.begin(), colc.end());
    const int rmax = *std::max_element(rowc.begin(), rowc.end());
    // The face is the heaviest run of such rows (columns): a red mark
    // beside the block (a rectangle round the next cell, joined to it by
    // an arrow) is a run apart. A mark across the face leaves a gap of a
    // stroke's width in the run, which is bridged.
    const int gap = 2 + static_cast<int>(0.15 * cmax * k);
    auto heaviest = [gap](const std::vector<int>& c, int top, int& lo, int& hi) {
        struct Run {
            int lo, hi;
            long sum;
        };
        std::vector<Run> runs;
        for (int i = 0; i < static_cast<int>(c.size()); ++i) {
            if (c[static_cast<size_t>(i)] * 2 < top) continue;
            if (runs.empty() || runs.back().hi != i - 1) runs.push_back({i, i, 0});
            runs.back().hi = i;
            runs.back().sum += c[static_cast<size_t>(i)];
        }
        std::vector<Run> merged;
        for (const Run& r : runs) {
            if (!merged.empty()) {
                Run& m = merged.back();
                if (r.lo - m.hi - 1 <= gap) {
                    m.hi = r.hi;
                    m.sum += r.sum;
                    continue;
                }
            }
            merged.push_back(r);
        }
        lo = 0;
        hi = static_cast<int>(c.size()) - 1;
        long best = -1;
        for (const Run& m : merged)
            if (m.sum > best) best = m.sum, lo = m.lo, hi = m.hi;
    };
    int cl, cr, rt, rb;
    heaviest(colc, cmax, cl, cr);
    heaviest(rowc, rmax, rt, rb);
    l = x0 + cl;
    r = x0 + cr;
    t = y0 + rt;
    b = y0 + rb;
    // (what lies next to a mark's ink is the mark, not a hole in the face)
    long n = 0, m = 0, marked = 0;
    for (int y = t; y <= b; y += k)
        for (int x = l; x <= r; x += k, ++m) {
            if (is_red(im_.px(x, y))) ++n;
            else if (near_ink(x, y, false, 2)) ++marked;
        }
    // (mostly red: a mark over most of it leaves too little to measure)
    if (n * 2 < m) return 0;
    return static_cast<double>(n) / static_cast<double>(m - marked);
}

std::optional<Failure> Scanner::find_prisoner() {
    // The smallest prisoner (cells of 25 px) is about 20 px thick: a sample
    // every few pixels finds it; its face is then measured at full resolution.
    // A board fills most of a picture's width, so a bigger picture has a
    // bigger prisoner: the step grows with the picture, to 8 px at 960 px.
    const int step = std::clamp(std::min(im_.width, im_.height) / 120, 3, 8);
    // Red things, and red things with the marks over them: blue or green
    // ink and, across a gap of one sample, what JPEG blurs a thin stroke
    // into (colours neither red nor ink), so that a mark across the
    // prisoner does not cut its face in pieces. Each face is measured; the
    // same block found both ways is one candidate, the larger face.
    auto comps = components(im_, step, 1, [](const std::uint8_t* p) { return is_red(p); });
    auto marked = components(im_, step, 2, red_or_ink);
    // Only the largest few red things can be the prisoner (and measuring
    // each costs its box: bound the work on hostile pictures).
    for (auto* cs : {&comps, &marked}) {
        std::erase_if(*cs, [&](const Box& bx) { return bx.h() * step < 14 || bx.w() * step < 28; });
        std::sort(cs->begin(), cs->end(), [](const Box& a, const Box& b) { return a.n > b.n; });
        if (cs->size() > 12) cs->resize(12);
    }
    comps.insert(comps.end(), marked.begin(), marked.end());
    std::vector<Box> faces;
    for (const Box& bx : comps) {
        int l, t, r, b;
        const double fill = trim_red(bx, step, l, t, r, b);
        const int w = r - l + 1, h = b - t + 1;
        if (h < 14 || w < 28) continue;
        const double aspect = static_cast<double>(w) / h;
        if (aspect < 1.6 || aspect > 4.8 || fill < 0.85) continue;
        faces.push_back(Box{l, t, r, b, static_cast<long long>(w) * h});
    }
    std::sort(faces.begin(), faces.end(), [](const Box& a, const Box& b) { return a.n > b.n; });
    long long best_area = 0, second_area = 0;
    for (const Box& f : faces) {
        if (best_area == 0) {
            best_area = f.n;
            pl_ = f.x0;
            pt_ = f.y0;
            pr_ = f.x1;
            pb_ = f.y1;
        } else if (f.x0 > pr_ || f.x1 < pl_ || f.y0 > pb_ || f.y1 < pt_) {
            second_area = std::max(second_area, f.n);  // another red block
        }
    }
    if (best_area == 0) return Failure{"not a puzzle: no red prisoner block found"};
    if (second_area * 10 > best_area * 6)
        return Failure{"not a puzzle: several red blocks look like the prisoner"};
    if (trace_) trace_prisoner();
    const double h = pb_ - pt_ + 1;
    if (h < 14) return Failure{"not a puzzle: the red block is too small"};
    return std::nullopt;
}

void Scanner::trace_prisoner() const {
    trace_->have_prisoner = true;
    trace_->px0 = pl_;
    trace_->py0 = pt_;
    trace_->px1 = pr_;
    trace_->py1 = pb_;
}

}  // namespace slidedb::scanning
