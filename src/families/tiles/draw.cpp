#include "families/tiles/draw.h"

#include <utility>

#include <fmt/format.h>

#include "puzzle/board_frame_svg.h"
namespace slidedb::tiles {

std::string board_svg(const TileBoard& b, std::int64_t id, int cell) {
    BoardFrameSvg frame = board_frame_svg("tiles", b.width, b.height, id, cell);
    const int pad = frame.pad;
    const int inset = std::max(1, cell / 16);
    std::string out = std::move(frame.text);
    out += floor_rect_svg(pad, b.width, b.height, cell);
    const int size = cell - 2 * inset;
    for (int r = 0; r < b.height; ++r)
        for (int c = 0; c < b.width; ++c) {
            const int t = b.at(r, c);
            if (t == kBlank) continue;
            // Two shades in a checkerboard of the goal rows keep tiles apart at a glance.
            const char* fill = ((t - 1) / b.width) % 2 == 0 ? "#e09f3e" : "#d08a2a";
            out += fmt::format(
                "<g class=\"block tile\" data-label=\"{}\" data-row=\"{}\" data-col=\"{}\" "
                "style=\"transform:translate({}px,{}px)\">"
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\"/>"
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text></g>",
                t, r, c, pad + c * cell, pad + r * cell, inset, inset, size, size, cell / 6, fill, inset + size / 2,
                inset + size / 2, t >= 10 ? cell * 2 / 5 : cell / 2, t);
        }
    return out + "</svg>";
}

}  // namespace slidedb::tiles
