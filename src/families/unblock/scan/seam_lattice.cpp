// The lattice refined from the gaps between blocks all over the picture.
// The first fit leans on a profile around the prisoner; on a tight crop a
// pitch or phase a twentieth of a cell off puts the far grid line past the
// picture's border, and the count of whole cells up to it comes out wrong.
// Every gap between two blocks lies on a grid line: its middle, measured
// on many rows, and a straight line through those middles (least squares
// over the lines' numbers) give the pitch and phase of the whole board.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

std::optional<std::pair<double, double>> Scanner::seam_lattice(bool along_x, double pitch, double phase) const {
    const int n = along_x ? im_.width : im_.height;   // along the profile
    const int m = along_x ? im_.height : im_.width;   // across it
    const double reach = 0.15 * pitch, widest = 0.2 * pitch;
    const int kmin = static_cast<int>(std::ceil((0.25 * pitch - phase) / pitch));
    const int kmax = static_cast<int>(std::floor((n - 1 - 0.25 * pitch - phase) / pitch));
    if (kmax - kmin < 1 || kmax - kmin > 2 * kMaxSide) return std::nullopt;
    std::vector<std::vector<double>> mids(static_cast<size_t>(kmax - kmin + 1));
    const int step = std::max(1, static_cast<int>(pitch / 12));
    auto pixel = [&](int u, int v) { return along_x ? im_.px(u, v) : im_.px(v, u); };
    // Dark: the floor in the gap, a block's rim, its shadow (the
    // prisoner's dark red is not).
    auto dark = [&](const std::uint8_t* p) { return is_gap_dark(p) || (luma(p) < 80 && !is_red(p)); };
    auto block = [&](const std::uint8_t* p) { return is_wood(p) || is_red(p); };
    for (int v = 0; v < m; v += step) {
        for (int k = kmin; k <= kmax; ++k) {
            const double line = phase + k * pitch;
            const int u0 = std::max(0, floor_px(line - reach)), u1 = std::min(n - 1, ceil_px(line + reach));
            // The one run of dark in the window, wood or red on both sides
            // of it (a gap between two blocks; floor beside a block runs
            // on past the window, a header's writing is not wood).
            int found = 0, a = -1, b = -1;
            for (int u = u0; u <= u1 && found < 2; ++u) {
                if (!dark(pixel(u, v))) continue;
                int e = u;
                while (e + 1 <= u1 && dark(pixel(e + 1, v))) ++e;
                if (u > u0 && e < u1 && e - u + 1 <= widest) {
                    bool before = false, after = false;
                    for (int d = 1; d <= 3; ++d) {
                        before = before || (u - d >= u0 && block(pixel(u - d, v)));
                        after = after || (e + d <= u1 && block(pixel(e + d, v)));
                    }
                    if (before && after) {
                        ++found;
                        a = u;
                        b = e;
                    }
                }
                u = e;
            }
            if (found == 1) mids[static_cast<size_t>(k - kmin)].push_back((a + b) / 2.0 + 0.5);
        }
    }
    // Per line, the middle of the gap: the mean of the measures within a
    // pixel and a half of their median (JPEG's noise moves a run's ends
    // by a pixel; the mean of many finds the gap to a fraction of one).
    double sw = 0, sk = 0, sx = 0, skk = 0, skx = 0;
    int lines = 0;
    std::vector<std::array<double, 3>> used;  // k, position, weight
    for (int k = kmin; k <= kmax; ++k) {
        std::vector<double>& v = mids[static_cast<size_t>(k - kmin)];
        if (v.size() < 6) continue;
        std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
        const double med = v[v.size() / 2];
        double s = 0;
        int c = 0;
        for (const double x : v)
            if (std::abs(x - med) <= 1.5) {
                s += x;
                ++c;
            }
        const double x = s / c, w = std::min(c, 40);
        used.push_back({static_cast<double>(k), x, w});
        sw += w;
        sk += w * k;
        sx += w * x;
        skk += w * k * k;
        skx += w * k * x;
        ++lines;
    }
    if (lines < 2) return std::nullopt;
    const double den = sw * skk - sk * sk;
    if (den <= 0) return std::nullopt;
    const double p = (sw * skx - sk * sx) / den, ph = (sx - p * sk) / sw;
    // The gaps must agree with each other (every line within a twentieth
    // of a cell of the fit), and the pitch move by 5 % at most, or by 10 %
    // (the range of the first fits) when three lines or more agree on it.
    if (std::abs(p - pitch) > (lines >= 3 ? 0.10 : 0.05) * pitch) return std::nullopt;
    for (const auto& [k, x, w] : used)
        if (std::abs(ph + k * p - x) > 0.05 * p) return std::nullopt;
    return std::pair{p, ph};
}

}  // namespace slidedb::scanning
