#include "families/blocks/svg.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include <fmt/format.h>

#include "puzzle/board_frame_svg.h"
namespace slidedb::blocks {

namespace {

constexpr const char* kGoalFill = "#d1343b";
constexpr const char* kPalette[] = {"#3a7bd5", "#2a9d8f", "#e09f3e", "#8e6cc4", "#5fa55a",
                                    "#d4668e", "#4aa3c4", "#b5894f", "#6d7f99", "#c46a3a"};

bool holds(const std::vector<Cell>& cells, int row, int col) {
    return std::find(cells.begin(), cells.end(), Cell{static_cast<std::int8_t>(row), static_cast<std::int8_t>(col)}) !=
           cells.end();
}

}  // namespace

std::string board_svg(const Board& b, std::int64_t id, int cell) {
    BoardFrameSvg frame = board_frame_svg("blocks", b.width, b.height, id, cell);
    const int pad = frame.pad;
    const int inset = std::max(1, cell / 12);
    std::string out = std::move(frame.text);
    std::string floor;
    for (int r = 0; r < b.height; ++r)
        for (int c = 0; c < b.width; ++c)
            if (b.is_floor(r, c)) floor += fmt::format("M{} {}h{}v{}h-{}Z", pad + c * cell, pad + r * cell, cell, cell, cell);
    out += fmt::format("<path class=\"floor\" d=\"{}\"/>", floor);
    std::string goal;
    for (const Target& t : b.goal)
        for (const Cell& x : t.cells)
            goal += fmt::format("M{} {}h{}v{}h-{}Z", pad + x.col * cell + 1, pad + x.row * cell + 1, cell - 2, cell - 2,
                                cell - 2);
    out += fmt::format("<path class=\"goal\" d=\"{}\"><title>the goal's cells</title></path>", goal);

    std::vector<std::uint8_t> named(b.pieces.size(), 0);
    for (const Target& t : b.goal) named[static_cast<std::size_t>(t.piece)] = 1;
    for (std::size_t i = 0; i < b.pieces.size(); ++i) {
        const Piece& p = b.pieces[i];
        const Cell first = p.cells.front();
        const std::string fill = named[i] ? kGoalFill : kPalette[i % std::size(kPalette)];
        // Each cell inset only on the sides where the piece ends, so its cells
        // join into one body.
        std::string body;
        for (const Cell& x : p.cells) {
            const int left = holds(p.cells, x.row, x.col - 1) ? 0 : inset;
            const int right = holds(p.cells, x.row, x.col + 1) ? 0 : inset;
            const int top = holds(p.cells, x.row - 1, x.col) ? 0 : inset;
            const int bottom = holds(p.cells, x.row + 1, x.col) ? 0 : inset;
            body += fmt::format("M{} {}h{}v{}h-{}Z", (x.col - first.col) * cell + left, (x.row - first.row) * cell + top,
                                cell - left - right, cell - top - bottom, cell - left - right);
        }
        out += fmt::format(
            "<g class=\"{}\" data-label=\"{}\" data-row=\"{}\" data-col=\"{}\" "
            "style=\"transform:translate({}px,{}px)\"><path d=\"{}\" fill=\"{}\"/>"
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text></g>",
            named[i] ? "block prisoner" : "block", p.label, first.row, first.col, pad + first.col * cell,
            pad + first.row * cell, body, fill, cell / 2, cell / 2, cell * 9 / 20, p.label);
    }
    return out + "</svg>";
}

}  // namespace slidedb::blocks
