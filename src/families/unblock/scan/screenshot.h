// Reading a screenshot of Unblock Me into a Board.
//
// The scanner anchors on the one thing every screenshot has, the red
// prisoner: its size gives the cell pitch and the gap between blocks, its
// edges the phase of the grid. The dark floor that shows between the blocks,
// flood-filled from around the prisoner, gives the extent of the board. Each
// cell is then read from robust statistics of its interior (floor, wood or
// red), each pair of touching block cells is split or joined by the darkness
// profile across their shared edge, and the exit is the notch in the frame.
// Anything the scanner is not sure of ends as a ScanError naming the place;
// a recognized board has passed board_from_grid.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "families/unblock/board.h"
#include "image/board_box.h"
#include "image/image.h"

namespace slidedb {

struct ScanResult {
    Board board;
    int image_width = 0, image_height = 0;
    BoardBox box;            // the board's cells, in image pixels
    double confidence = 0;                           // 0..1: smallest margin of any decision
    // false: no frame beside the prisoner's row on either side (a bare crop,
    // or the picture cuts off both sides), the exit is assumed on the right.
    // True: its opening shows, or one side is cut off and the frame on the
    // other is closed, so the exit is on the side cut off.
    bool exit_seen = false;
};

struct ScanError {
    std::string message;
};

// What the scanner saw, for the debug picture. Filled as far as it got.
struct ScanTrace {
    bool have_prisoner = false;
    int px0 = 0, py0 = 0, px1 = 0, py1 = 0;  // prisoner face, inclusive
    int floor_x0 = 0, floor_y0 = 0, floor_x1 = -1, floor_y1 = -1;  // extent of the floor, inclusive
    bool have_grid = false;
    double left = 0, top = 0, pitch_x = 0, pitch_y = 0;
    int cols = 0, rows = 0;
    std::vector<std::string> cells;  // per row: '.', '#' wood, 'A' red, '?' unclear
    std::string grid;                // final letter grid, when the board was read
    // Grid lines looked at while walking out from the prisoner to the tray's
    // edges: side (0 top, 1 bottom, 2 left, 3 right), position, the share of
    // it that looked like an edge, and whether it was taken for the edge.
    struct EdgeProbe {
        int side = 0;
        double at = 0, share = 0;
        bool edge = false;
    };
    std::vector<EdgeProbe> edges;
};

// Decodes (see decode_image) and scans. Never throws.
std::variant<ScanResult, ScanError> scan_screenshot(std::string_view file_bytes);

// Scans decoded pixels. Never throws. `trace`, when given, records what was seen.
std::variant<ScanResult, ScanError> scan_image(const Image& image, ScanTrace* trace = nullptr);

// The debug picture that shows a ScanTrace is drawn by annotate.h.

}  // namespace slidedb
