// Stage 5: the exit beside the prisoner's row, and the board it all makes.
#include "families/unblock/scan/scanner.h"

#include <array>
#include <utility>

namespace slidedb::scanning {

// ---- 5. the exit ----------------------------------------------------------
// Per side and row: 1 notch (floor beyond the box), 2 floor in a sliver
// under 0.1 cell (a notch, or the tray's own margin when the lattice lies
// a few pixels inside the tray's edge), 0 frame, -1 cut off by the
// picture's edge, -2 unclear.
int Scanner::side_state(int r, bool right, bool* glimpse) const {
    if (glimpse) *glimpse = false;
    // A strip of the frame beside the row, as much of it as the picture
    // holds: 0.05 to 0.38 cell beyond the tray (the opening is 0.4 deep or
    // more; a mark drawn round the board may cover part of the strip).
    double x0 = right ? left_ + cols_ * px_ + 0.05 * px_ : left_ - 0.38 * px_;
    double x1 = x0 + 0.33 * px_;
    x0 = std::max(x0, 0.0);
    x1 = std::min(x1, im_.width - 1.0);
    if (x1 - x0 < std::max(1.5, 0.025 * px_)) return -1;  // cut off by the picture
    int nf = 0, nw = 0, n = 0, inside = 0;
    // (the frame's wood in sight, no mark on it: where a glimpse is looked for)
    std::array<std::pair<int, int>, 72> clear_wood;
    int clear = 0;
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 12; ++j) {
            const int x = static_cast<int>(x0 + (x1 - x0) * j / 11.0);
            const int y = static_cast<int>(cell_y(r) + py_ * (0.3 + 0.08 * i));
            if (y < 0 || y >= im_.height) continue;
            const std::uint8_t* p = im_.px(x, y);
            ++inside;
            const bool wood = is_wood(p);
            // (the opening's floor, shaded and blurred by JPEG, may lose
            // the floor's hue; it stays far darker than the frame's wood)
            const bool floor = is_floor(p) || luma(p) < 50 || (luma(p) < 90 && !wood && !is_red(p) && !tinted_by_ink(p));
            // (a mark over the frame: its ink, or its stroke blurred into
            // the frame or the opening, redder than wood or tinted blue or
            // green)
            const bool marked = (!floor || wood) && (near_ink(x, y, true) || redder_than_wood(p) || tinted_by_ink(p));
            if (wood && !marked) clear_wood[static_cast<size_t>(clear++)] = {x, y};
            if (!floor && marked) continue;
            ++n;
            if (floor) ++nf;
            else if (is_wood(p)) ++nw;
        }
    if (inside == 0) return -1;
    // A mark covers it: a third of the strip must show (less may be the
    // frame's dark inner rim alone, which would pass for an opening).
    if (n * 3 < inside || n < 12) {
        // (what does show of it, six samples or more, all the frame's
        // wood and none near white, a word's blurred rim: the opening
        // spans the row, and would show floor wherever it shows)
        if (glimpse && n >= 6 && nw == n) {
            int wood = 0;
            for (int k = 0; k < clear; ++k)
                wood += !near_white(clear_wood[static_cast<size_t>(k)].first, clear_wood[static_cast<size_t>(k)].second,
                                    ink_reach());
            *glimpse = wood >= 6;
        }
        return -2;
    }
    if (nf * 10 >= n * 7) return x1 - x0 >= 0.1 * px_ ? 1 : 2;
    if (nw * 10 >= n * 6) return 0;
    return -2;
}

// The exit is on the prisoner's row (a board file may not say otherwise),
// so that row decides; a notch on any other row makes the picture
// ambiguous, and things covering the frame beside other rows are ignored.
std::optional<Failure> Scanner::read_exit() {
    const int prow = static_cast<int>(std::floor(((pt_ + pb_) / 2.0 - top_) / py_));
    if (prow < 0 || prow >= rows_) return Failure{"board not found: the prisoner lies outside the grid"};
    int state[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        bool margin = false;
        int closed = 0;
        for (int r = 0; r < rows_; ++r) {
            bool glimpse = false;
            const int s = side_state(r, side == 1, &glimpse);
            // (floor in a sliver beside another row is no opening: it is
            // the tray's own margin, the picture ending just beyond it, and
            // a sliver beside the prisoner's row on that side tells no more
            // than the picture's edge)
            // (a side a mark hides but for a glimpse of the frame's wood
            // is closed)
            if (r == prow) state[side] = glimpse ? 0 : s;
            else if (s == 2) margin = true;
            else if (s == 0 || glimpse) ++closed;
            else if (s == 1)
                return Failure{fmt::format("ambiguous exit: an opening in the frame on row {}, but the "
                                           "prisoner is on row {}",
                                           r + 1, prow + 1)};
        }
        if (margin && state[side] == 2) state[side] = -1;
        // Floor in a sliver beside the prisoner's row where the same strip
        // beside other rows (two at least) shows the frame's wood is no
        // margin of the tray (that runs beside every row): it is the
        // opening, cut short by the picture's edge.
        if (state[side] == 2 && closed >= 2) state[side] = 1;
    }
    int left = state[0], right = state[1];
    exit_row_ = prow;
    // Floor in a sliver is taken for the opening unless the other side is
    // hidden by a mark (then nothing sure shows on either side).
    if ((left == 2 && right == -2) || (left == -2 && right == 2))
        return Failure{fmt::format("exit unclear: the frame beside row {} is hidden or cut", prow + 1)};
    left = std::min(left, 1);
    right = std::min(right, 1);
    // The exit is on the prisoner's row: an opening in sight is it,
    // whatever the other side shows (closed, cut off, or hidden by a mark).
    if ((left == 1) != (right == 1)) {
        exit_ = left == 1 ? Side::Left : Side::Right;
        exit_seen_ = true;
        if (std::min(left, right) == -2) note(0.7);
        return std::nullopt;
    }
    if (left == 1) return Failure{fmt::format("ambiguous exit: openings on both sides of row {}", prow + 1)};
    if ((left < 0) != (right < 0)) {
        // The picture cuts off one side or a mark hides it, the frame on
        // the other is closed: the board's one exit, on the prisoner's
        // row, is on the side unseen.
        exit_ = left < 0 ? Side::Left : Side::Right;
        exit_seen_ = true;
        note(std::min(left, right) == -2 ? 0.6 : 0.8);
        return std::nullopt;
    }
    if (left < 0 && right < 0) {
        // No frame in sight beside the row (a crop of the board, or marks
        // over what the picture keeps of it): the exit is assumed on the
        // right, and said to be.
        exit_ = Side::Right;
        exit_seen_ = false;
        exit_row_ = -1;
        note(0.8);
        return std::nullopt;
    }
    return Failure{fmt::format("exit not found: no opening in the frame beside the prisoner's row {}", prow + 1)};
}

std::variant<ScanResult, ScanError> Scanner::finish() {
    ScanResult res;
    try {
        res.board = board_from_grid(grid_, exit_, exit_row_);
    } catch (const BoardError& e) {
        return ScanError{fmt::format("not a valid board: {}", e.what())};
    }
    if (trace_) trace_->grid = res.board.grid();
    res.image_width = im_.width;
    res.image_height = im_.height;
    res.box.x = static_cast<int>(std::lround(left_));
    res.box.y = static_cast<int>(std::lround(top_));
    res.box.w = static_cast<int>(std::lround(cols_ * px_));
    res.box.h = static_cast<int>(std::lround(rows_ * py_));
    res.box.cell_px = (px_ + py_) / 2;
    res.confidence = conf_;
    res.exit_seen = exit_seen_;
    return res;
}

}  // namespace slidedb::scanning
