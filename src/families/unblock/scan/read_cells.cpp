// Stage 3: each cell is floor, wood or red.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

std::optional<Failure> Scanner::read_cells() {
    cls_.assign(static_cast<size_t>(rows_ * cols_), -1);
    // The blocks' own hue (green over red, the median of wood in the
    // cells' middles): a red stroke blurred into the floor is redder.
    std::vector<int> hue;
    for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cols_; ++c)
            for (int i = 0; i < 9; ++i) {
                const int x = static_cast<int>(cell_x(c) + px_ * (0.4 + 0.1 * (i % 3)));
                const int y = static_cast<int>(cell_y(r) + py_ * (0.4 + 0.1 * (i / 3)));
                if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                const std::uint8_t* p = im_.px(x, y);
                if (is_wood(p)) hue.push_back(1000 * p[1] / std::max(1, static_cast<int>(p[0])));
            }
    wood_hue_ = hue.empty() ? 0 : percentile(hue, 0.5);
    const int k = std::clamp(static_cast<int>(std::min(px_, py_) * 0.2), 4, 10);
    std::vector<std::string> seen(static_cast<size_t>(rows_), std::string(static_cast<size_t>(cols_), '?'));
    std::optional<Failure> fail;
    unclear_.clear();
    const int prow = static_cast<int>(std::floor(((pt_ + pb_) / 2.0 - top_) / py_));
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            // What a mark's ink covers (and its blurred rim) is left out:
            // blue or green ink first; then, on a cell that is not the
            // prisoner's, red ink too.
            int nr = 0, nf = 0, nw = 0, nfaded = 0, n = 0, inside = 0, want = k * k;
            const bool inked = ink_near_cell(r, c);
            // The samples lie on a k x k (or wider) lattice over [lo, lo + span]
            // of the cell.
            // halo: the blurred rim of a mark reaches further than ink_reach
            // at times (JPEG, a thin stroke); white words are marks too.
            auto count = [&](bool red_ink, double lo, double span, int kk, bool halo = false) {
                nr = nf = nw = nfaded = n = inside = 0;
                want = kk * kk;
                for (int i = 0; i < kk; ++i) {
                    for (int j = 0; j < kk; ++j) {
                        const int x = static_cast<int>(cell_x(c) + px_ * (lo + span * (j + 0.5) / kk));
                        const int y = static_cast<int>(cell_y(r) + py_ * (lo + span * (i + 0.5) / kk));
                        if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                        ++inside;
                        if (inked && near_ink(x, y, red_ink, halo ? 2 * ink_reach() : ink_reach())) continue;
                        if (halo && near_white(x, y, ink_reach(), red_ink ? 60 : 45)) continue;  // (a word on the prisoner is pink)
                        const std::uint8_t* p = im_.px(x, y);
                        ++n;
                        if (is_red(p)) ++nr;
                        else if (is_floor(p)) ++nf;
                        else if (is_wood(p)) {
                            ++nw;
                            nfaded += redder_than_wood(p);
                        }
                    }
                }
            };
            // Red away from the prisoner found is ink: there is one red
            // block. On the prisoner's own cells red ink is left to the
            // colour test (a stroke is a small part of the cell).
            const double mx = cell_x(c) + 0.5 * px_, my = cell_y(r) + 0.5 * py_;
            const bool on_prisoner = mx >= pl_ - 0.1 * px_ && mx <= pr_ + 0.1 * px_ && my >= pt_ - 0.1 * py_ &&
                                     my <= pb_ + 0.1 * py_;
            // A cell a mark hides is left to the blocks round it (see
            // read_hidden.cpp) with what shows of it: a class no sample in
            // sight shows while another shows on several is ruled out.
            // Never the prisoner's own cells, nor those beside it in its
            // row (a hidden end of the prisoner would not be told from
            // wood or floor).
            const bool beside_prisoner = r == prow && cell_x(c) < pr_ + 0.5 * px_ && cell_x(c + 1) > pl_ - 0.5 * px_;
            const bool under_face = r == prow && cell_x(c) + 0.1 * px_ >= pl_ && cell_x(c + 1) - 0.1 * px_ <= pr_;
            auto defer = [&](std::string why) {
                if (on_prisoner || beside_prisoner || fail || !mark_on_cell(r, c)) {
                    if (!fail) fail = Failure{std::move(why)};
                    return;
                }
                // (wood redder than any wood is a red stroke blurred into
                // the cell: it tells neither way)
                const int wood = nw - nfaded;
                unclear_.push_back({r * cols_ + c, !(nf == 0 && nr == 0 && wood >= kRuleOut),
                                    !(wood == 0 && nr == 0 && nf >= kRuleOut), std::move(why)});
            };
            auto read = [&](double lo, double span, int kk) {
                count(!on_prisoner, lo, span, kk);
                if (on_prisoner && inked && nr > 0 && nr * 10 < n * 4) count(true, lo, span, kk);
            };
            double lo = 0.3, span = 0.4;
            int kk = k;
            read(lo, span, kk);
            // A mark over the middle (a word, an arrow's head): the cell is
            // read from all of its face that shows round the mark, to 0.14
            // cell from its edges (the rim, bevel and shadows lie nearer).
            if (inked && inside >= want / 2 && n * 5 < inside * 2) {
                lo = 0.14;
                span = 0.72;
                kk = 2 * k;
                read(lo, span, kk);
            }
            // (over the whole face a quarter in sight is many samples, and
            // a tenth will do when every one of them is of one class: the
            // face is one colour wherever it shows)
            const bool wide = kk > k;
            const bool pure = std::max({nf, nw, nr}) * 20 >= n * 19 && (nf > 0) + (nw > 0) + (nr > 0) == 1;
            bool enough = wide ? (n * 4 >= inside && n >= 16) || (pure && n * 10 >= inside && n >= 24)
                               : n * 5 >= inside * 2;
            // A mark over most of the face: what shows round it must be of
            // one class only, three quarters of it at least (the rest, the
            // mark's blurred rim, neither), and a twelfth of the face,
            // eight samples at least.
            if (wide && inside >= want / 2 && !enough) {
                const int one = std::max({nf, nw, nr});
                enough = (nf > 0) + (nw > 0) + (nr > 0) == 1 && one * 4 >= n * 3 && n >= 8 && n * 12 >= inside;
            }
            if (inside >= want / 2 && !enough) {
                defer(fmt::format("unclear cell at {}: a mark hides it", at_cell(r, c)));
                continue;
            }
            if (inside < want / 2) {
                fail = fail ? fail : Failure{fmt::format("board not found: {} lies outside the picture", at_cell(r, c))};
                continue;
            }
            // (on floor, "wood" redder than any wood is a red stroke blurred
            // into it; away from the prisoner it is the mark's, not a block's)
            if (!on_prisoner && nf * 2 >= n) nw -= nfaded;
            double fr = static_cast<double>(nr) / n, ff = static_cast<double>(nf) / n, fw = static_cast<double>(nw) / n;
            // One class dominates, another shows a little: that may be the
            // blurred rim of a mark (or a word in white). Read again without
            // what lies near one; the class must then stand alone.
            if (std::max({fr, ff, fw}) >= 0.5 && fr + ff + fw - std::max({fr, ff, fw}) < 0.3 &&
                (fr >= 0.08) + (ff >= 0.08) + (fw >= 0.08) == 2) {
                const int before = inside;
                count(!on_prisoner, lo, span, kk, true);
                if (n * 5 < before * 2) {
                    defer(fmt::format("unclear cell at {}: a mark hides it", at_cell(r, c)));
                    continue;
                }
                if (!on_prisoner && nf * 2 >= n) nw -= nfaded;
                fr = static_cast<double>(nr) / n;
                ff = static_cast<double>(nf) / n;
                fw = static_cast<double>(nw) / n;
            }
            int v = -1;
            // One class must dominate and the others be nearly absent; the
            // rest may be anything else (an overlay over part of the cell).
            // (light wood-like pixels on red are a word written on the prisoner)
            if (fr >= 0.4 && ff < 0.08 && (fw < 0.08 || (fr >= 0.6 && fw < 0.3))) {
                v = 2;
                note((fr - 0.4) / 0.3 + 0.5);
            } else if (fw >= 0.4 && ff < 0.08 && (fr < 0.08 || fw >= 0.6)) {
                v = 1;
                note((fw - 0.4) / 0.3 + 0.5);
            } else if (ff >= 0.4 && fw < 0.08 && (fr < 0.08 || ff >= 0.5)) {
                v = 0;
                note((ff - 0.4) / 0.3 + 0.5);
            } else if (inked && std::max({fr, ff, fw}) >= 0.75 && fr + ff + fw - std::max({fr, ff, fw}) < 0.2 &&
                       (fr < 0.08 || fr == std::max({fr, ff, fw}))) {
                // A mark on the cell: one class three quarters of what
                // shows, the others under a fifth together (JPEG rings a
                // stroke into colours of the floor or the wood further than
                // its rim reaches). No cell of another class shows that.
                v = ff >= 0.75 ? 0 : fw >= 0.75 ? 1 : 2;
                note(0.5);
            } else if (under_face && fr >= 0.45 && ff < 0.08) {
                // The prisoner's face, a filled red rectangle, covers the
                // cell from end to end, and what is not red on it is light
                // (a word written on it, pink at its rim), no floor: it is
                // the prisoner's.
                v = 2;
                note(0.5);
            }
            cls_[static_cast<size_t>(r * cols_ + c)] = v;
            seen[static_cast<size_t>(r)][static_cast<size_t>(c)] = v == 0 ? '.' : v == 1 ? '#' : v == 2 ? 'A' : '?';
            if (v < 0)
                defer(fmt::format("unclear cell at {}: neither floor nor block "
                                  "(floor {:.0f}%, wood {:.0f}%, red {:.0f}%)",
                                  at_cell(r, c), ff * 100, fw * 100, fr * 100));
        }
    }
    if (trace_) trace_->cells = seen;
    if (fail) return fail;
    // (more cells than that under marks leave too little to read them from)
    if (unclear_.size() > kMaxUnclear) return Failure{unclear_.front().why};
    return check_floor_edges();
}

// Dark as floor is, for the edges of an empty cell: floor, shadow, or a
// dark colour neither wood nor red (JPEG bleeds the prisoner's red into
// the floor beside it, making it too red for floor but no lighter).
static bool floor_dark(const std::uint8_t* p) {
    return is_gap_dark(p) || (luma(p) < 100 && !is_wood(p) && !is_red(p));
}

// An empty cell of the tray is floor right up to its edges (shadows are
// dark too). Cells laid over a header panel are not: the light strip
// under the panel, its rounded corners or its writing show near an edge.
std::optional<Failure> Scanner::check_floor_edges() {
    // Light near a mark on an empty cell is the mark: its ink, its blurred
    // rim (twice ink_reach: on the dark floor the rim shows further), a
    // word in white, or a thin stroke blurred into the floor (redder than
    // the wood, or greener or bluer than red).
    auto near_mark = [&](int x, int y) {
        return redder_than_wood(im_.px(x, y)) || tinted_by_ink(im_.px(x, y)) || near_ink(x, y, true, 2 * ink_reach()) || near_white(x, y, ink_reach(), 60);
    };
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < cols_; ++c) {
            if (cls(r, c) != 0) continue;
            static constexpr const char* kEdge[] = {"top", "bottom", "left", "right"};
            int hidden_side = -1, hidden = 0, hidden_seen = 0;
            bool hidden_light = false;
            for (int side = 0; side < 4; ++side) {
                // (what a mark covers is left out; it must leave a third to see)
                int n = 0, dark = 0, inside = 0;
                for (int k = 0; k < 24; ++k) {
                    const double depth = 0.07 + 0.03 * (k % 3);
                    const double along = 0.2 + 0.6 * (k / 3 + 0.5) / 8, across = side % 2 ? 1 - depth : depth;
                    const double fx = side < 2 ? along : across, fy = side < 2 ? across : along;
                    const int x = static_cast<int>(cell_x(c) + px_ * fx), y = static_cast<int>(cell_y(r) + py_ * fy);
                    if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                    ++inside;
                    const bool d = floor_dark(im_.px(x, y));
                    if (!d && near_mark(x, y)) continue;
                    ++n;
                    dark += d;
                }
                // One edge a mark hides is left to the others and to the
                // light-line test below (a header panel's strip runs along
                // a whole row of cells). More are left so too when a mark
                // of colour lies on the cell (a rectangle drawn round it
                // hides all four) and what shows of them, four samples at
                // least, is all dark.
                if (n * 3 < inside) {
                    if (hidden_side < 0) hidden_side = side;
                    hidden_light = hidden_light || dark < n;
                    hidden_seen += n;
                    ++hidden;
                    continue;
                }
                if (n > 0 && dark * 8 < n * 5)
                    return Failure{fmt::format("unclear cell at {}: empty in its middle but not near its {} edge",
                                               at_cell(r, c), kEdge[side])};
            }
            if (hidden > 1 && (hidden_light || hidden_seen < 4 || !mark_on_cell(r, c)))
                return Failure{fmt::format("unclear cell at {}: a mark hides its {} edge", at_cell(r, c), kEdge[hidden_side])};
            // Nor does a light line cross it (the strip under a header
            // panel, when the grid is laid off the tray's lines): every row
            // and column of a 10x10 sampling is mostly dark.
            std::array<int, 10> row_dark{}, col_dark{}, row_n{}, col_n{};
            for (int i = 0; i < 10; ++i)
                for (int j = 0; j < 10; ++j) {
                    const int x = static_cast<int>(cell_x(c) + px_ * (0.05 + 0.09 * j + 0.045));
                    const int y = static_cast<int>(cell_y(r) + py_ * (0.05 + 0.09 * i + 0.045));
                    if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                    const bool d = floor_dark(im_.px(x, y));
                    if (!d && near_mark(x, y)) continue;  // a mark, not a light line
                    ++row_n[static_cast<size_t>(i)];
                    ++col_n[static_cast<size_t>(j)];
                    row_dark[static_cast<size_t>(i)] += d;
                    col_dark[static_cast<size_t>(j)] += d;
                }
            for (int k = 0; k < 10; ++k) {
                // (a row or column mostly under a mark is not judged)
                if ((row_n[static_cast<size_t>(k)] >= 4 && row_dark[static_cast<size_t>(k)] * 10 < row_n[static_cast<size_t>(k)] * 6) ||
                    (col_n[static_cast<size_t>(k)] >= 4 && col_dark[static_cast<size_t>(k)] * 10 < col_n[static_cast<size_t>(k)] * 6))
                    return Failure{fmt::format("unclear cell at {}: empty, but a light line crosses it", at_cell(r, c))};
            }
        }
    }
    return std::nullopt;
}

}  // namespace slidedb::scanning
