// Where the picture cuts off the frame, the board's edge is the grid line
// the lattice puts at the picture's border. A row or column beyond the
// picture would go unseen; a block crossing that line gives it away, as it
// runs on to the border without its end.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

std::optional<Failure> Scanner::check_cut_ends() const {
    // A picture that ends on a grid line inside the tray (a row or column
    // cropped off whole) looks like one that ends at the tray's edge: no
    // block need cross that line. The game's boards are 6x6, so across a
    // side the frame does not close the board counts six cells, or a row
    // or column may lie beyond the picture.
    if ((cut_t_ || cut_b_) && rows_ != kGameSide)
        return Failure{fmt::format("board not found: the picture cuts off the frame at the {} and {} rows show; "
                                   "the game's boards are {}x{}, so a row may be cut off",
                                   cut_t_ ? "top" : "bottom", rows_, kGameSide, kGameSide)};
    if ((cut_l_ || cut_r_) && cols_ != kGameSide)
        return Failure{fmt::format("board not found: the picture cuts off the frame on the {} and {} columns show; "
                                   "the game's boards are {}x{}, so a column may be cut off",
                                   cut_l_ ? "left" : "right", cols_, kGameSide, kGameSide)};
    // (a bare crop is the board, as before: the picture ends where the
    // tray's margin does, and the ends of the blocks there may be cut)
    const int cuts = cut_l_ + cut_r_ + cut_t_ + cut_b_;
    if (cuts == 4) return std::nullopt;
    // A side the frame closes is looked at too: a grid found a row short
    // (its edge on the line between two rows of blocks) has a block
    // running on past it. The prisoner's row on the left and right sides
    // is passed over there: it may stand in the exit's opening.
    const bool cut[4] = {cut_t_, cut_b_, cut_l_, cut_r_};
    const int prisoner_row = static_cast<int>(std::floor(((pt_ + pb_) / 2.0 - top_) / py_));
    // (the sides cut off first: what they say is the likelier story)
    for (int turn = 0; turn < 8; ++turn) {
        const int side = turn % 4;
        if (cut[side] != (turn < 4)) continue;
        const bool across_y = side < 2;  // the profile runs down (top and bottom sides)
        const double p = across_y ? py_ : px_, q = across_y ? px_ : py_;
        const int n = across_y ? cols_ : rows_;
        for (int k = 0; k < n; ++k) {
            const int r = side == 0 ? 0 : side == 1 ? rows_ - 1 : k;
            const int c = side == 2 ? 0 : side == 3 ? cols_ - 1 : k;
            if (cls(r, c) <= 0) continue;  // (a cell a mark hides: see read())
            if (!cut[side] && side >= 2 && r == prisoner_row) continue;
            // The cell's outer half, from its middle (t = 0.5) to the side
            // (t = 1) and a little beyond (to 1.08: the lattice may lie a
            // few pixels inside the tray's edge; a block crossing the line
            // runs on for a cell), one pixel at a time, averaged across its
            // middle half.
            const bool outward_up = side == 0 || side == 2;
            const double start = across_y ? cell_y(r) : cell_x(c);
            const double a0 = (across_y ? cell_x(c) : cell_y(r)) + 0.25 * q;
            const int steps = static_cast<int>(0.58 * p);
            // Whether its end shows: darker than its body (the rim, the gap,
            // the shadow). With `unmarked`, samples near a mark are left out.
            auto end_shows = [&](bool unmarked) {
                std::vector<int> body;
                double end = 1e9;
                for (int s = 0; s <= steps; ++s) {
                    const double t = 0.5 + 0.58 * s / steps;
                    const double u = start + (outward_up ? 1 - t : t) * p;
                    long sum = 0, m = 0;
                    for (int j = 0; j < 10; ++j) {
                        const double a = a0 + 0.5 * q * (j + 0.5) / 10;
                        const int x = round_px(across_y ? a : u), y = round_px(across_y ? u : a);
                        if (x < 0 || y < 0 || x >= im_.width || y >= im_.height) continue;
                        if (unmarked && near_ink(x, y, cls(r, c) != 2)) continue;
                        // (the prisoner's red is dark in luma, near its
                        // rim's: its brightness is in the red channel)
                        const std::uint8_t* px = im_.px(x, y);
                        sum += cls(r, c) == 2 ? std::max({px[0], px[1], px[2]}) : luma(px);
                        ++m;
                    }
                    if (m < 3) continue;
                    const double mean = static_cast<double>(sum) / m;
                    if (t <= 0.8) body.push_back(static_cast<int>(mean));
                    else if (t >= 0.85) end = std::min(end, mean);
                }
                return !body.empty() && end <= 0.85 * percentile(body, 0.5);
            };
            // On a side the frame closes, marks are looked for only when the
            // end does not show without: most strips have none near, and
            // asking a sample at a time is dear (a mark's dark there could
            // pass for the end, where no check stood before this one).
            const bool runs_on = cut[side] ? !end_shows(true) : !end_shows(false) && !end_shows(true);
            if (runs_on)
                return Failure{cut[side] ? fmt::format("board not found: a block runs off the picture on the {} side "
                                                       "at {}; a row or column may be cut off",
                                                       kSideName[side], at_cell(r, c))
                                         : fmt::format("board not found: a block runs on past the board's {} edge "
                                                       "at {}; a row or column may lie beyond it",
                                                       kSideName[side], at_cell(r, c))};
        }
    }
    return std::nullopt;
}

}  // namespace slidedb::scanning
