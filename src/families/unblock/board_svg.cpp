#include "families/unblock/board_svg.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "puzzle/board_frame_svg.h"
#include "puzzle/html.h"

namespace slidedb {

namespace {

constexpr const char* kPalette[] = {"#3a7bd5", "#2a9d8f", "#e09f3e", "#8e6cc4", "#5fa55a",
                                    "#d4668e", "#4aa3c4", "#b5894f", "#6d7f99", "#c46a3a"};

// A cell named "r3c6" (1-based), or false.
bool parse_cell(const std::string& token, int& row, int& col) {
    int r = 0, c = 0;
    char extra = 0;
    if (std::sscanf(token.c_str(), "r%dc%d%c", &r, &c, &extra) != 2) return false;
    row = r - 1;
    col = c - 1;
    return true;
}

bool is_blocker(const std::string& blockers, char label) {
    return blockers.find(label) != std::string::npos;
}

}  // namespace

std::string board_svg(const Board& b, const BoardMarks& p, const std::string& labels, int cell) {
    BoardFrameSvg frame = board_frame_svg("", b.width, b.height, p.id, cell);
    const int pad = frame.pad;
    const int inset = std::max(1, cell / 12);
    std::string out = std::move(frame.text);
    out += floor_rect_svg(pad, b.width, b.height, cell);
    // The exit: a gap in the frame beside the prisoner's row, and an arrow.
    const int ey = pad + b.exit_row() * cell;
    const int ex = b.exit == Side::Right ? pad + b.width * cell : 0;
    out += fmt::format("<rect class=\"exit\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", ex, ey, pad, cell);
    const int tip = b.exit == Side::Right ? ex + pad - 2 : ex + 2, base = b.exit == Side::Right ? ex + 2 : ex + pad - 2;
    out += fmt::format("<path class=\"arrow\" d=\"M{} {}L{} {}L{} {}Z\"/>", base, ey + cell / 4, tip, ey + cell / 2,
                       base, ey + 3 * cell / 4);
    std::string grid;
    for (int c = 1; c < b.width; ++c)
        grid += fmt::format("M{} {}V{}", pad + c * cell, pad, pad + b.height * cell);
    for (int r = 1; r < b.height; ++r)
        grid += fmt::format("M{} {}H{}", pad, pad + r * cell, pad + b.width * cell);
    out += fmt::format("<path class=\"grid\" d=\"{}\"/>", grid);
    for (const Cell& f : b.fixed)
        out += fmt::format("<rect class=\"fixed\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
                           pad + f.col * cell + inset, pad + f.row * cell + inset, cell - 2 * inset,
                           cell - 2 * inset, inset);
    for (std::size_t i = 0; i < b.blocks.size(); ++i) {
        const Block& k = b.blocks[i];
        const char label = i < labels.size() ? labels[i] : Board::label(static_cast<int>(i));
        // Colour follows the label, so a block keeps its colour in every board of a cluster.
        const int hue = std::max(1, Board::index_of_label(label));
        const bool horizontal = k.axis == Axis::Horizontal;
        const int bw = (horizontal ? k.length : 1) * cell - 2 * inset;
        const int bh = (horizontal ? 1 : k.length) * cell - 2 * inset;
        const std::string fill = i == 0 ? "#d1343b" : kPalette[static_cast<std::size_t>(hue - 1) % std::size(kPalette)];
        std::string cls = i == 0 ? "block prisoner" : "block";
        if (!p.blockers.empty() && is_blocker(p.blockers, label)) cls += " blocker";
        out += fmt::format(
            "<g class=\"{}\" data-label=\"{}\" data-row=\"{}\" data-col=\"{}\" data-axis=\"{}\" "
            "style=\"transform:translate({}px,{}px)\">"
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\"/>"
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text></g>",
            cls, html_escape(std::string(1, label)), k.row, k.col, horizontal ? 'h' : 'v', pad + k.col * cell,
            pad + k.row * cell, inset, inset, bw, bh, cell / 5, fill, inset + bw / 2, inset + bh / 2,
            cell * 9 / 20, html_escape(std::string(1, label)));
    }
    std::istringstream cells(p.blocked_cells);
    for (std::string token; cells >> token;) {
        int r = 0, c = 0;
        if (!parse_cell(token, r, c) || r < 0 || c < 0 || r >= b.height || c >= b.width) continue;
        out += fmt::format("<rect class=\"blocked\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}: "
                           "covered in every board of the cluster</title></rect>",
                           pad + c * cell + 1, pad + r * cell + 1, cell - 2, cell - 2, html_escape(token));
    }
    return out + "</svg>";
}

}  // namespace slidedb
