// slidedb generate : random puzzles in the database-line format.
#include <cstdio>
#include <thread>

#include <fmt/format.h>

#include "cli/command.h"
#include "generate/generator.h"

namespace slidedb::cli {

namespace {

struct GenerateArgs {
    GenerateOptions options;
    std::uint64_t count = 0;
    std::string size = "6x6";
    std::string blocks = "8..13";
    std::string exit = "right";
    std::string out;
    int jobs = 0;
};

// "WxH" and "MIN..MAX" (or a single number).
std::pair<int, int> parse_pair(const std::string& text, const std::string& sep, const char* what) {
    const auto at = text.find(sep);
    try {
        if (at == std::string::npos && sep == "..") return {std::stoi(text), std::stoi(text)};
        if (at != std::string::npos) {
            std::size_t used = 0;
            const int a = std::stoi(text.substr(0, at), &used);
            const int b = std::stoi(text.substr(at + sep.size()));
            if (used == at) return {a, b};
        }
    } catch (const std::exception&) {
    }
    throw CLI::ValidationError(what, fmt::format("'{}' is not of the form {}", text,
                                                 sep == "x" ? "WxH" : "MIN..MAX"));
}

int run_generate(GenerateArgs a) {
    GenerateOptions& o = a.options;
    std::tie(o.width, o.height) = parse_pair(a.size, "x", "--size");
    std::tie(o.min_blocks, o.max_blocks) = parse_pair(a.blocks, "..", "--blocks");
    o.exit = a.exit == "left" ? Side::Left : Side::Right;
    const int cells = o.width * o.height;
    if (o.width < kMinSide || o.width > kMaxSide || o.height < kMinSide || o.height > kMaxSide)
        throw CLI::ValidationError("--size", fmt::format("sizes run from {0}x{0} to {1}x{1}", kMinSide, kMaxSide));
    if (o.min_blocks < 1 || o.min_blocks > o.max_blocks || o.max_blocks > cells / 2 || o.max_blocks > kMaxBlocks)
        throw CLI::ValidationError("--blocks", "need 1 <= MIN <= MAX, and MAX at most half the cells and 32");
    if (o.fixed < 0 || o.fixed > cells / 4) throw CLI::ValidationError("--fixed", "at most a quarter of the cells");

    std::FILE* out = a.out.empty() ? stdout : std::fopen(a.out.c_str(), "w");
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write", a.out));
    std::string header = fmt::format("# slidedb generate --count {} --seed {} --size {} --blocks {} --fixed {} --exit {}{}{}\n",
                                     a.count, o.seed, a.size, a.blocks, o.fixed, a.exit,
                                     o.min_moves > 0 ? fmt::format(" --min-moves {}", o.min_moves) : "",
                                     o.solvable ? " --solvable" : "");
    if (o.width != o.height) header += fmt::format("# size: {}x{}\n", o.width, o.height);
    if (o.exit == Side::Left) header += "# exit: left\n";
    std::fputs(header.c_str(), out);
    generate(o, a.count, a.jobs > 0 ? a.jobs : static_cast<int>(std::thread::hardware_concurrency()),
             [&](const Generated& g) {
        std::string flat = g.board.grid();
        std::erase(flat, '\n');
        for (char& c : flat) c = c == '.' ? 'o' : c;
        if (g.moves && g.cluster) std::fputs(fmt::format("{:02} {} {}\n", *g.moves, flat, *g.cluster).c_str(), out);
        else std::fputs((flat + '\n').c_str(), out);
    });
    if (out != stdout) std::fclose(out);
    return 0;
}

}  // namespace

void add_generate(CLI::App& app, Run& chosen) {
    add_command<GenerateArgs>(
        app, chosen, "generate", "Write random valid puzzles, one a line (the database-line format)",
        [](CLI::App& sub, GenerateArgs& a) {
            sub.add_option("--count", a.count, "How many puzzles")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
            sub.add_option("--seed", a.options.seed, "Same seed, same puzzles")->capture_default_str();
            sub.add_option("--size", a.size, "Board size WxH, 4x4 to 8x8")->capture_default_str();
            sub.add_option("--blocks", a.blocks, "Movable blocks MIN..MAX, the prisoner included")->capture_default_str();
            sub.add_option("--fixed", a.options.fixed, "Fixed 1x1 cells")->capture_default_str();
            sub.add_option("--exit", a.exit, "Exit side")->check(CLI::IsMember({"left", "right"}))->capture_default_str();
            sub.add_option("--min-moves", a.options.min_moves, "Keep puzzles needing at least M moves")->check(CLI::Range(0, 1000));
            sub.add_flag("--solvable", a.options.solvable, "Keep solvable puzzles only");
            sub.add_option("--max-states", a.options.max_states, "Search limit per candidate while filtering")->capture_default_str();
            sub.add_option("-o,--out", a.out, "Write to this file instead of stdout");
            sub.add_option("-j,--jobs", a.jobs, "Worker threads while filtering (default: all cores)")->check(CLI::Range(1, 256));
        },
        run_generate);
}

}  // namespace slidedb::cli
