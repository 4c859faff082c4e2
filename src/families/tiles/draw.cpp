#include "families/tiles/draw.h"

#include <fmt/format.h>

namespace slidedb::tiles {

std::string board_svg(const TileBoard& b, std::int64_t id, int cell) {
    const int pad = cell / 2;
    const int w = b.width * cell + 2 * pad, h = b.height * cell + 2 * pad;
    const int inset = std::max(1, cell / 16);
    std::string out = fmt::format(
        "<svg class=\"board tiles\" viewBox=\"0 0 {} {}\" data-cell=\"{}\" data-pad=\"{}\" data-width=\"{}\" "
        "data-height=\"{}\" role=\"img\" aria-label=\"board of puzzle {}\">",
        w, h, cell, pad, b.width, b.height, id);
    out += fmt::format("<rect class=\"frame\" width=\"{}\" height=\"{}\" rx=\"{}\"/>", w, h, pad / 2);
    out += fmt::format("<rect class=\"floor\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", pad, pad,
                       b.width * cell, b.height * cell);
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
