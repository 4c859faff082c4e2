// Where the picture cuts off the frame, the board's edge is the grid line
// the lattice puts at the picture's border. A row or column beyond the
// picture would go unseen; a block crossing that line gives it away, as it
// runs on to the border without its end.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

std::optional<Failure> Scanner::check_cut_ends() const {
    // (a bare crop is the board, as before: the picture ends where the
    // tray's margin does, and the ends of the blocks there may be cut)
    if (!partial_cut()) return std::nullopt;
    const bool cut[4] = {cut_t_, cut_b_, cut_l_, cut_r_};
    for (int side = 0; side < 4; ++side) {
        if (!cut[side]) continue;
        const bool across_y = side < 2;  // the profile runs down (top and bottom sides)
        const double p = across_y ? py_ : px_, q = across_y ? px_ : py_;
        const int n = across_y ? cols_ : rows_;
        for (int k = 0; k < n; ++k) {
            const int r = side == 0 ? 0 : side == 1 ? rows_ - 1 : k;
            const int c = side == 2 ? 0 : side == 3 ? cols_ - 1 : k;
            if (cls(r, c) <= 0) continue;  // (a cell a mark hides: see read())
            // The cell's outer half, from its middle (t = 0.5) to the side
            // (t = 1) and a little beyond (to 1.08: the lattice may lie a
            // few pixels inside the tray's edge; a block crossing the line
            // runs on for a cell), one pixel at a time, averaged across its
            // middle half.
            const bool outward_up = side == 0 || side == 2;
            const double start = across_y ? cell_y(r) : cell_x(c);
            const double a0 = (across_y ? cell_x(c) : cell_y(r)) + 0.25 * q;
            const int steps = static_cast<int>(0.58 * p);
            std::vector<double> prof;
            std::vector<double> where;
            for (int s = 0; s <= steps; ++s) {
                const double t = 0.5 + 0.58 * s / steps;
                const double u = start + (outward_up ? 1 - t : t) * p;
                long sum = 0, m = 0;
                for (int j = 0; j < 10; ++j) {
                    const double a = a0 + 0.5 * q * (j + 0.5) / 10;
                    const int x = round_px(across_y ? a : u), y = round_px(across_y ? u : a);
                    if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                    if (near_ink(x, y, cls(r, c) != 2)) continue;
                    // (the prisoner's red is dark in luma, near its
                    // rim's: its brightness is in the red channel)
                    const std::uint8_t* px = im_.px(x, y);
                    sum += cls(r, c) == 2 ? std::max({px[0], px[1], px[2]}) : luma(px);
                    ++m;
                }
                if (m < 3) continue;
                prof.push_back(static_cast<double>(sum) / m);
                where.push_back(t);
            }
            std::vector<int> body;
            double end = 1e9;
            for (size_t i = 0; i < prof.size(); ++i) {
                if (where[i] <= 0.8) body.push_back(static_cast<int>(prof[i]));
                else if (where[i] >= 0.85) end = std::min(end, prof[i]);
            }
            // Its end in sight: darker than its body (the rim, the gap, the
            // shadow), or a block runs off the picture.
            if (body.empty() || end > 0.85 * percentile(body, 0.5))
                return Failure{fmt::format("board not found: a block runs off the picture on the {} side at {}; a "
                                           "row or column may be cut off",
                                           kSideName[side], at_cell(r, c))};
        }
    }
    return std::nullopt;
}

}  // namespace slidedb::scanning
