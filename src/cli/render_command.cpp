// slidedb render BOARD --png FILE : draw a board as the game shows it.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "draw/render.h"
#include "families/unblock/board.h"
#include "families/unblock/board_file.h"

namespace slidedb::cli {

namespace {

namespace fs = std::filesystem;

struct RenderArgs {
    std::string board;
    std::string png;
    std::string theme = "orange";
    std::string exit = "right";
    int width = 640, height = 960;
    std::uint32_t seed = 1;
    std::vector<std::string> bars, overlays;
    std::string annotate;
};

// BOARD is a file when one exists by that name; otherwise an inline letter
// grid with rows separated by '/'.
Board board_argument(const RenderArgs& a) {
    std::error_code ec;
    const Side side = a.exit == "left" ? Side::Left : Side::Right;
    if (fs::is_regular_file(a.board, ec)) {
        if (fs::file_size(a.board, ec) > kMaxBoardFileBytes) throw BoardError(fmt::format("{}: file too large", a.board));
        std::ifstream in(a.board, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        for (const BoardItem& item : read_boards(ss.str())) {
            if (auto* p = std::get_if<BoardRead>(&item)) return p->board;
            const auto& e = std::get<ReadError>(item);
            throw BoardError(fmt::format("{}:{}: {}", a.board, e.line, e.message));
        }
        throw BoardError(fmt::format("{}: no board in the file", a.board));
    }
    std::vector<std::string> rows;
    size_t start = 0;
    while (true) {
        const size_t end = a.board.find('/', start);
        rows.push_back(a.board.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    try {
        return board_from_grid(rows, side);
    } catch (const BoardError& e) {
        throw BoardError(fmt::format("no such file, and not an inline grid (rows separated by '/'): {}", e.what()));
    }
}

int run_render(const RenderArgs& a) {
    Board board;
    try {
        board = board_argument(a);
    } catch (const BoardError& e) {
        std::fputs(fmt::format("{}: {}\n", a.board, e.what()).c_str(), stderr);
        return 1;
    }
    RenderOptions opt;
    opt.theme = theme_from_name(a.theme).value_or(Theme::Orange);
    opt.seed = a.seed;
    for (const std::string& b : a.bars) {
        opt.status_bar |= b == "status";
        opt.title_bar |= b == "title";
        opt.nav_bar |= b == "nav";
    }
    for (const std::string& o : a.overlays) {
        opt.moves_box |= o == "moves";
        opt.touch_button |= o == "touch";
        opt.hint_bubble |= o == "hint";
        opt.message_panel |= o == "message";
    }
    opt.annotation = a.annotate == "rect" ? 1 : a.annotate == "words" ? 2 : a.annotate == "prisoner" ? 3 : 0;
    const Image image = render_board(board, opt, a.width, a.height);
    std::ofstream out(a.png, std::ios::binary);
    out << encode_png(image);
    if (!out) {
        std::fputs(fmt::format("{}: cannot write\n", a.png).c_str(), stderr);
        return 1;
    }
    std::fputs(fmt::format("{}: {}x{} {} {}x{} px\n", a.png, board.width, board.height, theme_name(opt.theme),
                           image.width, image.height)
                   .c_str(),
               stdout);
    return 0;
}

}  // namespace

void add_render(CLI::App& app, Run& chosen) {
    add_command<RenderArgs>(
        app, chosen, "render",
        "Draw a board as a screenshot of the game would show it (frame, exit notch, wooden blocks, red "
        "prisoner, riveted fixed cells)",
        [](CLI::App& sub, RenderArgs& a) {
            sub.add_option("BOARD", a.board,
                           "a board file (its first puzzle), or a letter grid inline with rows separated by '/', "
                           "e.g. \"...F../...FG./BAAFG./BD..../CD..../C.EE..\" ('.' empty, 'x' fixed, 'A' the "
                           "prisoner)")
                ->required();
            sub.add_option("--png", a.png, "the picture to write")->required();
            sub.add_option("--theme", a.theme,
                           "pale, orange or cherry wood in the first look (a frame all round), or current: the "
                           "look since about 2014 (a tray under a header panel)")
                ->check(CLI::IsMember({"pale", "orange", "cherry", "current"}))
                ->capture_default_str();
            sub.add_option("--bar", a.bars, "current look: bars the device adds (status, title, nav)")
                ->check(CLI::IsMember({"status", "title", "nav"}));
            sub.add_option("--overlay", a.overlays,
                           "current look: moves (a Moves/Record box), touch (a floating button), hint (a "
                           "bubble), message (a tutorial panel over the header)")
                ->check(CLI::IsMember({"moves", "touch", "hint", "message"}));
            sub.add_option("--annotate", a.annotate,
                           "current look: marks a user added: rect (round the board), words (on the frame), "
                           "prisoner (a word on it)")
                ->check(CLI::IsMember({"rect", "words", "prisoner"}));
            sub.add_option("--exit", a.exit, "exit side of an inline grid: left or right")
                ->check(CLI::IsMember({"left", "right"}))
                ->capture_default_str();
            sub.add_option("--width", a.width, "picture width in pixels")
                ->check(CLI::Range(64, 16384))
                ->capture_default_str();
            sub.add_option("--height", a.height, "picture height in pixels")
                ->check(CLI::Range(64, 16384))
                ->capture_default_str();
            sub.add_option("--seed", a.seed, "wood grain variation")->capture_default_str();
        },
        [](const RenderArgs& a) { return run_render(a); });
}

}  // namespace slidedb::cli
