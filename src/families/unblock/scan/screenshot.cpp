#include "families/unblock/scan/screenshot.h"

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "families/unblock/scan/overlays.h"
#include "families/unblock/scan/scanner.h"

namespace slidedb {

namespace {

using scanning::Finder;
using scanning::InkMap;
using scanning::Scanner;

// Is `big` the board of `small` with empty rows or columns around it?
bool same_plus_empty(const ScanResult& small, const ScanResult& big) {
    const double cell = small.box.cell_px;
    if (std::abs(big.box.cell_px - cell) > 0.1 * cell) return false;
    const int dr = static_cast<int>(std::lround((small.box.y - big.box.y) / cell));
    const int dc = static_cast<int>(std::lround((small.box.x - big.box.x) / cell));
    const Board& s = small.board;
    const Board& b = big.board;
    if (dr < 0 || dc < 0 || dr + s.height > b.height || dc + s.width > b.width) return false;
    if (std::abs(small.box.y - big.box.y - dr * cell) > 0.3 * cell || std::abs(small.box.x - big.box.x - dc * cell) > 0.3 * cell)
        return false;
    std::vector<std::string> rows;
    const std::string grid = b.grid();
    for (int r = 0; r < b.height; ++r) {
        const std::string row = grid.substr(static_cast<size_t>(r * (b.width + 1)), static_cast<size_t>(b.width));
        for (int c = 0; c < b.width; ++c) {
            const bool inside = r >= dr && r < dr + s.height && c >= dc && c < dc + s.width;
            if (!inside && row[static_cast<size_t>(c)] != '.') return false;
        }
        if (r >= dr && r < dr + s.height) rows.push_back(row.substr(static_cast<size_t>(dc), static_cast<size_t>(s.width)));
    }
    try {
        return board_from_grid(rows, s.exit, s.exit_row()) == s;
    } catch (const BoardError&) {
        return false;
    }
}

// The same blocks in the same box, whatever the exit.
bool same_blocks(const ScanResult& a, const ScanResult& b) {
    const double tol = 0.3 * a.box.cell_px;
    Board other = b.board;
    other.exit = a.board.exit;
    return a.board.grid() == other.grid() && a.board.width == other.width && a.board.height == other.height &&
           std::abs(a.box.x - b.box.x) <= tol && std::abs(a.box.y - b.box.y) <= tol &&
           std::abs(a.box.w - b.box.w) <= tol && std::abs(a.box.h - b.box.h) <= tol;
}

// One reading of the picture as it is.
std::variant<ScanResult, ScanError> read_picture(const Image& image, ScanTrace* trace, bool square = false) {
    try {
        // The board found from the tray's own edges is checked against the
        // board found from the frame: both must agree when both find one.
        // The frame alone is trusted only when it showed all round without
        // help (a header panel can pass for a missing row).
        ScanTrace frame_trace;
        InkMap ink(image);
        Scanner evidence(image, trace, Finder::Evidence, ink);
        if (square) evidence.square_cells();
        auto by_evidence = evidence.run();
        // Both read the same prisoner and the same floor: the second takes
        // them from the first. Without a prisoner there is nothing to weigh.
        if (evidence.stage() == 0) return by_evidence;
        Scanner frame(image, trace ? &frame_trace : nullptr, Finder::Frame, ink);
        frame.adopt(evidence);
        auto* e = std::get_if<ScanResult>(&by_evidence);
        const auto located = frame.locate();
        // The frame's grid on the tray's: the same cells, read the same way,
        // give the same board; they are not read twice.
        const bool same = e && !located && frame.same_grid(e->box, e->board.width, e->board.height);
        if (same && e->exit_seen) return by_evidence;
        auto by_frame = located ? std::variant<ScanResult, ScanError>{ScanError{located->message}} : frame.read();
        auto* f = std::get_if<ScanResult>(&by_frame);
        // The tray's edges saw no exit where the picture ends a little
        // beyond the tray on both sides; the frame finder, reading the same
        // blocks, may see its opening in the sliver of frame left.
        if (e && f && !e->exit_seen && f->exit_seen && same_blocks(*e, *f)) {
            if (trace) *trace = frame_trace;
            return by_frame;
        }
        if (same) return by_evidence;
        if (e && f) {
            const double tol = 0.3 * e->box.cell_px;
            if (e->board == f->board && std::abs(e->box.x - f->box.x) <= tol && std::abs(e->box.y - f->box.y) <= tol &&
                std::abs(e->box.w - f->box.w) <= tol && std::abs(e->box.h - f->box.h) <= tol)
                return by_evidence;
            // The frame finder took a header panel for empty rows: its board
            // is the tray's plus empty cells. (The tray's edges are never
            // short of an empty row: floor beyond a line is no edge.)
            if (same_plus_empty(*e, *f)) return by_evidence;
            return ScanError{fmt::format("ambiguous board: the tray's edges give {}x{} cells at {},{}, the frame "
                                         "{}x{} at {},{}",
                                         e->board.width, e->board.height, e->box.x, e->box.y, f->board.width,
                                         f->board.height, f->box.x, f->box.y)};
        }
        if (e) return by_evidence;
        // A header panel of the floor's colour passes for empty rows: the
        // frame alone never vouches for an empty top row.
        const bool empty_top = f && f->board.grid().substr(0, static_cast<size_t>(f->board.width)) ==
                                        std::string(static_cast<size_t>(f->board.width), '.');
        if (f && !frame.grew() && !empty_top) {
            if (trace) *trace = frame_trace;
            return by_frame;
        }
        if (!e && !f && frame.stage() > evidence.stage()) {
            if (trace) *trace = frame_trace;
            return by_frame;
        }
        return by_evidence;
    } catch (const std::exception& e) {
        return ScanError{fmt::format("scan failed: {}", e.what())};
    }
}

}  // namespace

std::variant<ScanResult, ScanError> scan_image(const Image& image, ScanTrace* trace) {
    auto first = read_picture(image, trace);
    if (const auto* r = std::get_if<ScanResult>(&first)) {
        // A debug overlay's line across the tray may pass for its edge:
        // where the lines run on past the board read, the picture is read
        // with them painted over, and that reading stands.
        try {
            if (!scanning::grid_runs_past(image, r->box)) return first;
            Image clean = image;
            if (!scanning::erase_grid_lines(clean)) return first;
            ScanTrace again;
            auto second = read_picture(clean, trace ? &again : nullptr);
            if (trace) *trace = again;
            return second;
        } catch (const std::exception& e) {
            return ScanError{fmt::format("scan failed: {}", e.what())};
        }
    }
    // Refused: another tool may have drawn over every cell (a debug
    // overlay's grid lines, a guide's tags). Painted over, the picture is
    // read again, and what that reading says stands. Then, still refused,
    // once more with square cells: on a board with few blocks or none but
    // the prisoner (a tutorial's first screen) the pitch across the
    // prisoner, fitted alone, may drift off the tray's edges.
    try {
        Image clean = image;
        const bool lines = scanning::erase_grid_lines(clean);
        const bool tags = scanning::erase_cell_tags(clean);
        const Image& picture = lines || tags ? clean : image;
        ScanTrace again;
        auto second = lines || tags ? read_picture(clean, trace ? &again : nullptr) : first;
        if (!std::holds_alternative<ScanResult>(second)) {
            ScanTrace square_trace;
            auto third = read_picture(picture, trace ? &square_trace : nullptr, true);
            if (std::holds_alternative<ScanResult>(third)) {
                if (trace) *trace = square_trace;
                return third;
            }
        }
        auto refused = lines || tags ? second : first;
        if (lines || tags) {
            if (trace) *trace = again;
            if (std::holds_alternative<ScanResult>(second)) return second;
        }
        // The tutorial's first screen: with no block but the prisoner to
        // fit the cells to, the grid found may take in the banner over the
        // header, and a refusal would name a cell that is not on the tray.
        InkMap ink(picture);
        Scanner alone(picture, nullptr, Finder::Frame, ink);
        if (alone.prisoner_alone())
            return ScanError{"a tutorial screen: the prisoner alone on the board, no other block to fit its cells to"};
        return refused;
    } catch (const std::exception& e) {
        return ScanError{fmt::format("scan failed: {}", e.what())};
    }
}

std::variant<ScanResult, ScanError> scan_screenshot(std::string_view file_bytes) {
    auto decoded = decode_image(file_bytes);
    if (auto* e = std::get_if<DecodeError>(&decoded)) return ScanError{e->message};
    return scan_image(std::get<Image>(decoded));
}

}  // namespace slidedb
