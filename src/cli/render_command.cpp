// slidedb render BOARD --png FILE / --svg FILE : draw a board, in the look
// its family gives its game (PNG) or as the report draws it (SVG).
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/small_file.h"
#include "cli/whole_file.h"
#include "cli/whole_number_option.h"
#include "families/families.h"
#include "image/encode.h"
#include "puzzle/board_frame_svg.h"
#include "report/escape.h"

namespace slidedb::cli {

namespace {

namespace fs = std::filesystem;

struct RenderArgs {
    std::string board;
    std::string png, svg;
    std::string theme;  // "": the look's own default
    std::string exit;
    int width = 640, height = 960, cell = 40;
    std::uint32_t seed = 1;
    std::vector<std::string> bars, overlays;
    std::string annotate, window;
};

// The text BOARD stands for: a file when one exists by that name, otherwise
// a board inline with rows separated by '/'.
std::string board_text(const RenderArgs& a, bool& inline_board) {
    std::error_code ec;
    inline_board = !fs::exists(a.board, ec);
    if (!inline_board) {
        try {
            return read_small_file(a.board, kMaxBoardFileBytes);
        } catch (const std::runtime_error& e) {
            throw PuzzleError(visible_line(e.what()));
        }
    }
    std::string text = a.exit.empty() ? "" : fmt::format("# exit: {}\n", a.exit);
    for (const char c : a.board) text += c == '/' ? '\n' : c;
    return text + '\n';
}

// The first puzzle of BOARD; throws PuzzleError saying why there is none.
Puzzle board_argument(const RenderArgs& a) {
    bool inline_board = false;
    const std::string text = board_text(a, inline_board);
    for (ReadItem& item : read_board_text(text)) {
        if (auto* p = std::get_if<ReadPuzzle>(&item)) return std::move(p->puzzle);
        const auto& e = std::get<ReadError>(item);
        if (inline_board)
            throw PuzzleError(fmt::format("{}: no such file, and not an inline board (rows separated by '/'): {}",
                                          visible_line(a.board), e.message));
        // path:line: message, as every diagnostic names a file's line.
        throw PuzzleError(fmt::format("{}:{}: {}", visible_line(a.board), e.line, e.message));
    }
    throw PuzzleError(fmt::format("{}: {}", visible_line(a.board),
                                  inline_board ? "no such file, and no board inline" : "no board in the file"));
}

// The look settings given, each checked against the family's drawer: a
// setting its look does not have is a usage error.
DrawOptions draw_options(const RenderArgs& a, const Family& family) {
    DrawOptions d;
    d.width = a.width;
    d.height = a.height;
    d.seed = a.seed;
    if (!a.theme.empty()) d.look.emplace_back("theme", a.theme);
    for (const std::string& b : a.bars) d.look.emplace_back("bar", b);
    for (const std::string& o : a.overlays) d.look.emplace_back("overlay", o);
    if (!a.annotate.empty()) d.look.emplace_back("annotate", a.annotate);
    if (!a.window.empty()) d.look.emplace_back("window", a.window);
    const BoardDrawer* drawer = family.drawer();
    for (const auto& [name, value] : d.look) {
        bool known = false;
        std::string settings;
        for (std::string_view s : drawer ? drawer->look_settings() : std::vector<std::string_view>{}) {
            known |= s == name;
            settings += fmt::format("{}--{}", settings.empty() ? "" : ", ", s);
        }
        if (!known)
            throw std::invalid_argument(fmt::format("--{} does not apply to a board of family {} (its look takes: {})",
                                                    name, family.name(), settings.empty() ? "no settings" : settings));
        if (a.png.empty())
            throw std::invalid_argument(
                fmt::format("--{} is a setting of the picture (--png); the SVG is drawn as the report draws it", name));
    }
    // Settings that do not go together are refused before anything is written.
    if (drawer && !d.look.empty()) (void)drawer->look_name(d);
    return d;
}

bool write_file(const std::string& path, const std::string& bytes) {
    const std::string why = write_whole_file(path, bytes);
    if (why.empty()) return true;
    std::fputs(fmt::format("{}: cannot write: {}\n", visible_line(path), why).c_str(), stderr);
    return false;
}

int run_render(const RenderArgs& a) {
    if (a.png.empty() && a.svg.empty()) throw std::invalid_argument("render needs --png FILE, --svg FILE or both");
    Puzzle puzzle;
    try {
        puzzle = board_argument(a);
    } catch (const PuzzleError& e) {
        std::fputs(fmt::format("{}\n", visible_line(e.what())).c_str(), stderr);
        return 1;
    }
    const Family& family = family_of(puzzle);
    const DrawOptions options = draw_options(a, family);
    if (!a.png.empty()) {
        const BoardDrawer* drawer = family.drawer();
        if (!drawer)
            throw std::invalid_argument(fmt::format("family {} draws no picture; --svg draws its board", family.name()));
        const Image image = drawer->picture(puzzle, options);
        if (!write_file(a.png, encode_png(image))) return 1;
        std::fputs(fmt::format("{}: {}x{} {} {}x{} px\n", visible_line(a.png), puzzle.width, puzzle.height,
                               drawer->look_name(options), image.width, image.height)
                       .c_str(),
                   stdout);
    }
    if (!a.svg.empty()) {
        if (!write_file(a.svg, standalone_svg(family.board_svg(puzzle, BoardMarks{}, a.cell)))) return 1;
        std::fputs(fmt::format("{}: {}x{} SVG, {} units a cell\n", visible_line(a.svg), puzzle.width, puzzle.height,
                               a.cell)
                       .c_str(),
                   stdout);
    }
    return 0;
}

}  // namespace

void add_render(CLI::App& app, Run& chosen) {
    add_command<RenderArgs>(
        app, chosen, "render",
        "Draw a board: --png in the look of its game (Unblock: a screenshot of the game, with frame, exit "
        "notch, wooden blocks and red prisoner), --svg as the HTML report draws it",
        [](CLI::App& sub, RenderArgs& a) {
            sub.add_option("BOARD", a.board,
                           "a board file of any family (its first puzzle), or a board inline with rows separated "
                           "by '/', e.g. the Unblock grid \"...F../...FG./BAAFG./BD..../CD..../C.EE..\" ('.' "
                           "empty, 'x' fixed, 'A' the prisoner) or the tiles \"1 2 3/4 5 6/7 8 0\"")
                ->required();
            sub.add_option("--png", a.png, "the picture to write");
            sub.add_option("--svg", a.svg, "the SVG to write (the report's drawing of the board)");
            sub.add_option("--cell", a.cell, "SVG: a cell's size in the SVG's units")
                ->check(CLI::Range(4, 400))
                ->capture_default_str();
            sub.add_option("--theme", a.theme,
                           "Unblock's look only: pale, orange (the default) or cherry wood in the first look (a "
                           "frame all round), or current: the look since about 2014 (a tray under a header panel)")
                ->check(CLI::IsMember({"pale", "orange", "cherry", "current"}));
            sub.add_option("--bar", a.bars, "Unblock's current look only: bars the device adds (status, title, nav)")
                ->check(CLI::IsMember({"status", "title", "nav"}));
            sub.add_option("--overlay", a.overlays,
                           "Unblock's look only: moves (a Moves/Record box), touch (a floating button), "
                           "hint (a bubble), message (a tutorial panel over the header), tutorial (a tutorial's "
                           "banner over the header); these in the current look; grid (thin red lines along the "
                           "cell grid, another solver's debug overlay) in either look")
                ->check(CLI::IsMember({"moves", "touch", "hint", "message", "tutorial", "grid"}));
            sub.add_option("--annotate", a.annotate,
                           "Unblock's look only: marks a user added: rect (round the board), words (on the frame), "
                           "prisoner (a word on it), these in the current look; tags (a guide's figure, either "
                           "look: a tag on every cell, '#' block or '.' empty, words and arrows beside the frame, a "
                           "caption)")
                ->check(CLI::IsMember({"rect", "words", "prisoner", "tags"}));
            sub.add_option("--window", a.window,
                           "Unblock's look only: emulator (a desktop window's borders and title bar round the screen)")
                ->check(CLI::IsMember({"emulator"}));
            sub.add_option("--exit", a.exit, "exit side of an inline Unblock grid: left or right (default right)")
                ->check(CLI::IsMember({"left", "right"}));
            sub.add_option("--width", a.width, "picture width in pixels")
                ->check(CLI::Range(64, 16384))
                ->capture_default_str();
            sub.add_option("--height", a.height, "picture height in pixels")
                ->check(CLI::Range(64, 16384))
                ->capture_default_str();
            sub.add_option("--seed", a.seed, "small variations of the look (Unblock: wood grain)")
                ->capture_default_str()
                ->check(whole_number(UINT32_MAX));
        },
        [](const RenderArgs& a) { return run_render(a); });
}

}  // namespace slidedb::cli
