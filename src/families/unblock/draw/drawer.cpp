#include "families/unblock/draw/drawer.h"

#include <stdexcept>

#include <fmt/format.h>

#include "families/unblock/draw/render.h"
#include "families/unblock/unblock_family.h"

namespace slidedb {

namespace {

[[noreturn]] void unknown(const std::string& name, const std::string& value, std::string_view known) {
    throw std::invalid_argument(fmt::format("{} '{}' is not one of {}", name, value, known));
}

// The look's settings onto the renderer's options. A mark only the current
// look draws, given for the first, is refused: it would be left out unsaid.
RenderOptions render_options(const DrawOptions& d) {
    RenderOptions o;
    o.seed = d.seed;
    std::string current_only;  // the first such setting given, as "--bar status"
    for (const auto& [name, value] : d.look) {
        if ((name == "bar" || (name == "overlay" && value != "grid") || (name == "annotate" && value != "tags")) &&
            current_only.empty())
            current_only = fmt::format("--{} {}", name, value);
        if (name == "theme") {
            const auto theme = theme_from_name(value);
            if (!theme) unknown(name, value, "pale, orange, cherry, current");
            o.theme = *theme;
        } else if (name == "bar") {
            if (value == "status") o.status_bar = true;
            else if (value == "title") o.title_bar = true;
            else if (value == "nav") o.nav_bar = true;
            else unknown(name, value, "status, title, nav");
        } else if (name == "overlay") {
            if (value == "moves") o.moves_box = true;
            else if (value == "touch") o.touch_button = true;
            else if (value == "hint") o.hint_bubble = true;
            else if (value == "message") o.message_panel = true;
            else if (value == "tutorial") o.tutorial_banner = true;
            else if (value == "grid") o.grid_lines = true;
            else unknown(name, value, "moves, touch, hint, message, tutorial, grid");
        } else if (name == "annotate") {
            if (value == "rect") o.annotation = 1;
            else if (value == "words") o.annotation = 2;
            else if (value == "prisoner") o.annotation = 3;
            else if (value == "tags") o.cell_tags = true;
            else unknown(name, value, "rect, words, prisoner, tags");
        } else if (name == "window") {
            if (value == "emulator") o.emulator_window = true;
            else unknown(name, value, "emulator");
        } else {
            throw std::invalid_argument(fmt::format("the game's look has no setting '{}'", name));
        }
    }
    if (!current_only.empty() && o.theme != Theme::Current)
        throw std::invalid_argument(fmt::format("{} is drawn in the current look only; give --theme current",
                                                current_only));
    return o;
}

class UnblockDrawer final : public BoardDrawer {
public:
    std::vector<std::string_view> look_settings() const override { return {"theme", "bar", "overlay", "annotate", "window"}; }

    Image picture(const Puzzle& puzzle, const DrawOptions& options) const override {
        return render_board(board_of(puzzle), render_options(options), options.width, options.height);
    }

    std::string look_name(const DrawOptions& options) const override {
        return std::string(theme_name(render_options(options).theme));
    }
};

}  // namespace

const BoardDrawer& unblock_drawer() {
    static const UnblockDrawer drawer;
    return drawer;
}

}  // namespace slidedb
