#include "report/player.h"

#include <fmt/format.h>

#include "families/families.h"
#include "puzzle/html.h"

namespace slidedb {

std::string board_svg(const PuzzlePicture& p, int cell) {
    try {
        return family_of(p.puzzle).board_svg(p.puzzle, {p.id, p.blocked_cells, p.blockers}, cell);
    } catch (const PuzzleError&) {
        return {};
    }
}

std::string player_html(const PuzzlePicture& p, const std::string& size) {
    const std::string svg = board_svg(p);
    if (svg.empty()) return {};
    std::string moves;
    std::size_t count = 0;
    if (!p.solution.empty()) {
        // Only a solution that replays on this board gets a player.
        try {
            for (const ReplayStep& s : family_of(p.puzzle).replay(p.puzzle, p.solution)) {
                if (s.move.empty()) continue;
                moves += (moves.empty() ? "" : " ") + s.move;
                ++count;
            }
        } catch (const PuzzleError&) {
            moves.clear();
        }
    }
    std::string out = fmt::format("<div class=\"player {}\" data-id=\"{}\"", html_escape(size), p.id);
    if (moves.empty()) return out + ">" + svg + "</div>";
    out += fmt::format(" data-moves=\"{}\" data-step=\"0\">", html_escape(moves));
    out += svg;
    out += fmt::format(
        "<div class=\"controls\">"
        "<button type=\"button\" data-act=\"reset\" title=\"Back to the start\">reset</button>"
        "<button type=\"button\" data-act=\"back\" title=\"Step back\">&#x25C0;</button>"
        "<button type=\"button\" data-act=\"play\" title=\"Play\">play</button>"
        "<button type=\"button\" data-act=\"forward\" title=\"Step forward\">&#x25B6;</button>"
        "<span class=\"counter\" data-step=\"0\">0 / {}</span></div>",
        count);
    return out + "</div>";
}

}  // namespace slidedb
