// Drawing a board as a picture (an Image, written as PNG) in the look a
// family gives its game. (The SVG of a board is Family::board_svg.)
//
// A family that draws hands out a BoardDrawer (Family::drawer()); `slidedb
// render` drives it and never knows the game. A look may have settings of its
// own (a theme, a device's bars); the drawer names those it understands and
// the command line refuses the others.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "image/image.h"
#include "puzzle/puzzle.h"

namespace slidedb {

struct DrawOptions {
    int width = 640, height = 960;  // the picture's size in pixels
    std::uint32_t seed = 1;         // small variations (wood grain), where the look has any
    // Settings of the family's own look, as (name, value): ("theme", "cherry"),
    // ("bar", "status"). A name may come more than once.
    std::vector<std::pair<std::string, std::string>> look;
};

class BoardDrawer {
public:
    virtual ~BoardDrawer() = default;
    // The names of the look settings this drawer understands ("theme", ...).
    virtual std::vector<std::string_view> look_settings() const { return {}; }
    // The picture. Throws std::invalid_argument for a size below 64 px or
    // above kMaxImageSide, or a look setting it does not know; PuzzleError
    // for a puzzle not of its family.
    virtual Image picture(const Puzzle& puzzle, const DrawOptions& options) const = 0;
    // What the picture shows, for the command's one line: "orange", "floor
    // and walls".
    virtual std::string look_name(const DrawOptions& options) const = 0;
};

// A look with no settings of its own: `draw` makes the picture of a puzzle
// at a size, and any look setting is refused.
class PlainBoardDrawer final : public BoardDrawer {
public:
    using Draw = Image (*)(const Puzzle& puzzle, int width, int height);
    PlainBoardDrawer(std::string_view look, Draw draw) : look_(look), draw_(draw) {}

    Image picture(const Puzzle& puzzle, const DrawOptions& options) const override {
        if (!options.look.empty())
            throw std::invalid_argument("the look '" + std::string(look_) + "' has no setting '" +
                                        options.look.front().first + "'");
        return draw_(puzzle, options.width, options.height);
    }
    std::string look_name(const DrawOptions&) const override { return std::string(look_); }

private:
    std::string_view look_;
    Draw draw_;
};

}  // namespace slidedb
