// Stage 1: the red prisoner, the anchor of everything else.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

// Connected components (8-neighbour) of `pred` on a grid sampled every `step`
// pixels; boxes are returned in sampling-grid coordinates.
template <class Pred>
std::vector<Box> components(const Image& im, int step, Pred pred) {
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

// ---- 1. the prisoner ----------------------------------------------------
// The red face inside a component's box (sampling-grid coordinates), at
// full resolution: the rows and columns at least half as red as the
// reddest, which trims off thin red things touching the block (a stamp,
// a pen mark). Returns the fill of the trimmed box.
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
    int cl = 0, cr = static_cast<int>(colc.size()) - 1, rt = 0, rb = static_cast<int>(rowc.size()) - 1;
    while (cl < cr && colc[static_cast<size_t>(cl)] * 2 < cmax) ++cl;
    while (cr > cl && colc[static_cast<size_t>(cr)] * 2 < cmax) --cr;
    while (rt < rb && rowc[static_cast<size_t>(rt)] * 2 < rmax) ++rt;
    while (rb > rt && rowc[static_cast<size_t>(rb)] * 2 < rmax) --rb;
    l = x0 + cl;
    r = x0 + cr;
    t = y0 + rt;
    b = y0 + rb;
    long n = 0, m = 0;
    for (int y = t; y <= b; y += k)
        for (int x = l; x <= r; x += k, ++m) n += is_red(im_.px(x, y));
    return static_cast<double>(n) / static_cast<double>(m);
}

std::optional<Failure> Scanner::find_prisoner() {
    // The smallest prisoner (cells of 25 px) is about 20 px thick: a sample
    // every few pixels finds it; its face is then measured at full resolution.
    // A board fills most of a picture's width, so a bigger picture has a
    // bigger prisoner: the step grows with the picture, to 8 px at 960 px.
    const int step = std::clamp(std::min(im_.width, im_.height) / 120, 3, 8);
    auto comps = components(im_, step, [](const std::uint8_t* p) { return is_red(p); });
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
