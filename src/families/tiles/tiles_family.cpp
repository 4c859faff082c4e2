// The family `tiles` as slidedb sees it: the Family interface over the
// tile board, its formats, its solver and its drawing.
#include "families/tiles/tiles_family.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "families/tiles/board.h"
#include "families/tiles/draw.h"
#include "families/tiles/format.h"
#include "families/tiles/generate/tiles_generator.h"
#include "families/tiles/moves.h"
#include "families/tiles/picture.h"
#include "families/tiles/rules.h"
#include "families/tiles/solver.h"
#include "puzzle/lines.h"
#include "solve/walk_cluster.h"

namespace slidedb {

namespace {

using namespace tiles;

constexpr std::string_view kGoalLine = "goal: ";

std::string rows_text(const TileBoard& b) {
    std::string s;
    for (int r = 0; r < b.height; ++r) {
        if (r > 0) s += '\n';
        for (int c = 0; c < b.width; ++c) {
            if (c > 0) s += ' ';
            s += std::to_string(b.at(r, c));
        }
    }
    return s;
}

// "3 min 10 s", "2 h 5 min", "12 s".
std::string duration_text(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
    if (s >= 60) return fmt::format("{} min {} s", s / 60, s % 60);
    return fmt::format("{} s", s);
}

// A table build on stderr. On a terminal, one line redrawn in place: how
// far, and the time left at the pace so far (entries come at a roughly even
// rate per unit of work); elsewhere one line as it starts and one as it ends.
BuildListener build_listener(bool terminal) {
    return [terminal](const BuildProgress& p) {
        const std::string table = fmt::format("the pattern table of {} tiles on {}x{}", p.tiles, p.width, p.height);
        std::string line;
        if (terminal) {
            const std::string which = fmt::format("slidedb: building pattern table {} of {} ({} tiles on {}x{}, {} entries)",
                                                  p.table, p.tables, p.tiles, p.width, p.height, p.entries);
            if (p.done) {
                line = fmt::format("\r\033[Kslidedb: built {} in {}{}\n", table, duration_text(p.seconds),
                                   p.file.empty() ? "" : ", into " + p.file.string());
            } else {
                const double done = p.entries ? static_cast<double>(p.filled) / static_cast<double>(p.entries) : 0;
                line = fmt::format("\r\033[K{}: {:.1f}%", which, 100 * done);
                if (done >= 0.01 && p.seconds >= 1)
                    line += fmt::format(", about {} left", duration_text(p.seconds * (1 - done) / done));
            }
        } else if (p.done) {
            line = fmt::format("slidedb: built {} in {}\n", table, duration_text(p.seconds));
        } else if (p.filled == 0) {
            line = fmt::format("slidedb: building {} ({} entries){}\n", table, p.entries,
                               p.file.empty() ? "" : ", once, into " + p.file.string());
        }
        std::fputs(line.c_str(), stderr);
    };
}

}  // namespace

Puzzle to_puzzle(const TileBoard& board, const TileBoard& goal) {
    Puzzle p;
    p.family = "tiles";
    p.width = board.width;
    p.height = board.height;
    p.board = rows_text(board);
    p.key = fmt::format("tiles {}x{} {}", board.width, board.height, board_text(board));
    if (!(goal == blank_last_goal(board.width, board.height))) {
        p.board += '\n';
        p.board += kGoalLine;
        p.board += board_text(goal);
        p.key += " goal " + board_text(goal);
    }
    p.blocks = board.size() - 1;
    p.fixed = 0;
    return p;
}

namespace {

// The greatest distance of each size whose whole space has been searched
// (width <= height; the other way round is the same).
struct GreatestDistance {
    int width, height, moves;
};
constexpr GreatestDistance kGreatestDistances[] = {{2, 2, 6}, {2, 3, 21}, {2, 4, 36}, {3, 3, 31},
                                                   {2, 5, 55}, {3, 4, 53}, {4, 4, 80}};

struct Stored {
    TileBoard board, goal;
};

Stored from_puzzle(const Puzzle& p) {
    if (p.family != "tiles") throw PuzzleError("not a tiles puzzle: " + p.family);
    std::string rows, goal;
    std::istringstream in(p.board);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(kGoalLine, 0) == 0) {
            goal = line.substr(kGoalLine.size());
            continue;
        }
        rows += line + "\n";
    }
    try {
        Stored s;
        s.board = parse_board(rows);
        s.goal = goal.empty() ? blank_last_goal(s.board.width, s.board.height) : parse_board(goal);
        if (s.goal.width != s.board.width || s.goal.height != s.board.height)
            throw TileError("the goal is of another size than the board");
        return s;
    } catch (const TileError& e) {
        throw PuzzleError(e.what());
    }
}

// The board for people, as it reads back: the rows, under the goal when it
// is not the usual one (blank last), which a drawing cannot show.
std::string drawing(const Stored& s) {
    const bool usual = s.goal == blank_last_goal(s.board.width, s.board.height);
    return (usual ? std::string() : "# goal: " + board_text(s.goal) + "\n") + board_picture(s.board);
}

// Puzzles one a line, "ID MOVES 1 2 3 / 4 5 6 / 7 8 0" (Korf's lines, the
// rows carrying the shape), or the cells alone when the moves are not
// known; "# goal:" wherever the goal differs from the line before's.
class TilesFileWriter final : public PuzzleFileWriter {
public:
    std::string entry(const Puzzle& puzzle, const PuzzleClaims& claims) override {
        const Stored s = from_puzzle(puzzle);
        const bool usual = s.goal == blank_last_goal(s.board.width, s.board.height);
        const std::string goal = usual ? "blank last" : board_text(s.goal);
        std::string out;
        if (goal != goal_) out = "# goal: " + goal + "\n";
        goal_ = goal;
        if (claims.moves) return out + fmt::format("{} {} {}\n", claims.id, *claims.moves, board_text(s.board));
        return out + board_text(s.board) + "\n";
    }

private:
    std::string goal_ = "blank last";
};

ReadItem read_item(const TileItem& item) {
    if (const auto* e = std::get_if<TileReadError>(&item)) return ReadError{e->line, e->message};
    const auto& t = std::get<TilePuzzle>(item);
    ReadPuzzle r;
    r.puzzle = to_puzzle(t.board, t.goal);
    r.line = t.line;
    r.format = t.format;
    r.claimed_moves = t.claimed_moves;
    return r;
}

// A file read as it comes, a line at a time.
class TilesTextReader final : public TextReader {
public:
    void feed(std::string_view bytes, std::vector<ReadItem>& out) override {
        lines_.feed(bytes, [&](std::string_view text, std::size_t length, int) { reader_.line(text, length, items_); });
        pass(out);
    }
    void finish(std::vector<ReadItem>& out) override {
        lines_.finish([&](std::string_view text, std::size_t length, int) { reader_.line(text, length, items_); });
        reader_.finish(items_);
        pass(out);
    }

private:
    void pass(std::vector<ReadItem>& out) {
        for (const TileItem& item : items_) out.push_back(read_item(item));
        items_.clear();
    }

    LineSplitter lines_;
    TilesReader reader_;
    std::vector<TileItem> items_;
};

class TilesFamily final : public Family {
public:
    std::string_view name() const override { return "tiles"; }
    std::string_view description() const override {
        return "sliding tiles (8-puzzle, 15-puzzle, any n x m up to 5 x 5): one tile slides into the blank";
    }

    bool recognises(std::string_view text) const override { return looks_like_tiles(text); }

    std::vector<ReadItem> read(std::string_view text) const override {
        std::vector<ReadItem> out;
        for (const TileItem& item : read_tiles_text(text)) out.push_back(read_item(item));
        return out;
    }

    std::unique_ptr<TextReader> reader() const override { return std::make_unique<TilesTextReader>(); }

    std::string validate(const Puzzle& puzzle) const override {
        try {
            from_puzzle(puzzle);
            return "";
        } catch (const PuzzleError& e) {
            return e.what();
        }
    }

    std::vector<ReplayStep> replay(const Puzzle& puzzle, std::string_view solution) const override {
        const Stored s = from_puzzle(puzzle);
        std::vector<ReplayStep> steps{{"", drawing(s)}};  // the goal stated once, at the start
        TileBoard at = s.board;
        try {
            for (const TileMove& m : parse_moves(solution)) {
                at = apply_move(at, m);
                steps.push_back({move_text(m), board_picture(at)});
            }
        } catch (const TileError& e) {
            throw PuzzleError(e.what());
        }
        return steps;
    }

    Puzzle position(const Puzzle& start, std::string_view moves) const override {
        const Stored s = from_puzzle(start);
        TileBoard at = s.board;
        try {
            for (const TileMove& m : parse_moves(moves)) at = apply_move(at, m);
        } catch (const TileError& e) {
            throw PuzzleError(e.what());
        }
        return to_puzzle(at, s.goal);
    }

    Puzzle cluster_board(const Puzzle& like, const std::string& board) const override {
        // The board's rows alone: the goal is the puzzle's.
        Puzzle p = like;
        p.board = board;
        return to_puzzle(from_puzzle(p).board, from_puzzle(like).goal);
    }

    std::string board_text(const Puzzle& puzzle, int indent) const override {
        const Stored s = from_puzzle(puzzle);
        std::string out;
        std::istringstream in(drawing(s));
        for (std::string line; std::getline(in, line);) out += std::string(static_cast<std::size_t>(indent), ' ') + line + "\n";
        return out;
    }

    std::string file_text(const Puzzle& puzzle) const override { return drawing(from_puzzle(puzzle)); }

    std::unique_ptr<PuzzleFileWriter> file_writer() const override { return std::make_unique<TilesFileWriter>(); }

    std::string summary(const Puzzle& puzzle) const override {
        const Stored s = from_puzzle(puzzle);
        const bool usual = s.goal == blank_last_goal(s.board.width, s.board.height);
        const bool korf = s.goal == blank_first_goal(s.board.width, s.board.height);
        return fmt::format("{}x{}, {} tiles, goal {}", s.board.width, s.board.height, s.board.size() - 1,
                           usual ? "1 2 ... with the blank last"
                                 : korf ? "with the blank first (0 1 2 ...)" : tiles::board_text(s.goal));
    }

    Difficulty difficulty() const override {
        Difficulty d;
        d.rule = "optimal moves against the greatest distance of the board's size (the most moves any board of "
                 "that size needs: 2x2 6, 2x3 21, 2x4 36, 3x3 31, 2x5 55, 3x4 53, 4x4 80): Easy up to half of it, "
                 "Medium up to three quarters, Hard up to nine tenths, Hardest beyond; a size whose greatest "
                 "distance is not known is Unrated";
        auto add = [&](int w, int h, int most) {
            d.bands.push_back({w, h, "Easy", 0, most / 2});
            d.bands.push_back({w, h, "Medium", most / 2 + 1, most * 3 / 4});
            d.bands.push_back({w, h, "Hard", most * 3 / 4 + 1, most * 9 / 10});
            d.bands.push_back({w, h, "Hardest", most * 9 / 10 + 1, most});
        };
        for (const GreatestDistance& g : kGreatestDistances) {
            add(g.width, g.height, g.moves);
            if (g.width != g.height) add(g.height, g.width, g.moves);
        }
        d.bands.push_back({0, 0, "Unrated", 0, std::nullopt});
        return d;
    }

    std::string_view goal_phrase() const override { return "every tile home"; }

    std::string board_svg(const Puzzle& puzzle, const BoardMarks& marks, int cell) const override {
        return tiles::board_svg(from_puzzle(puzzle).board, marks.id, cell);
    }

    const PuzzleGenerator* generator() const override { return &tiles_generator(); }

    const BoardDrawer* drawer() const override {
        static const PlainBoardDrawer kDrawer("numbered tiles", [](const Puzzle& p, int width, int height) {
            return tiles::draw_board(from_puzzle(p).board, width, height);
        });
        return &kDrawer;
    }

    ClusterGraph cluster_graph(const Puzzle& puzzle, std::uint64_t max_boards) const override {
        const Stored s = from_puzzle(puzzle);
        // The cluster's size is known by formula (0 past 64 bits): refused
        // before any search when over.
        const std::uint64_t size = cluster_size(s.board.width, s.board.height);
        if (size == 0 || size > std::min(max_boards, kMaxGraphBoards) || s.board.size() > TileRules::kMaxPackedCells) {
            ClusterGraph g;
            g.too_large = true;
            g.cluster_size = size;
            return g;
        }
        const TileRules rules(s.board, s.goal);
        return walk_cluster(rules, max_boards, [&](TileRules::State b) { return board_picture(rules.board(b)); });
    }

    SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) const override {
        const Stored s = from_puzzle(puzzle);
        TilesOptions o;
        o.max_states = options.max_states;
        o.analyse_cluster = options.analyse_cluster;
        o.max_memory = options.max_memory;
        o.max_seconds = options.max_seconds;
        o.cancel = options.cancel;
        if (!options.cache_dir.empty()) o.cache_dir = options.cache_dir;
        o.on_build = build_listener(options.terminal);
        o.build_tables = options.build_tables;
        o.keep_memory = options.keep_memory;
        const TilesOutcome t = solve_tiles(s.board, s.goal, o);
        SolveResult r;
        r.status = t.status;
        r.max_states = options.max_states;
        r.seconds = t.seconds;
        r.peak_bytes = t.peak_bytes;
        r.examined = t.examined;
        r.levels = t.levels;
        r.cluster_size = t.cluster_size;
        r.cluster_goals = t.status == Status::Unsolvable ? 0 : 1;  // the goal lies in the other half
        r.cluster_complete = true;  // exact: searched whole, or by formula
        r.cut = t.cut;
        r.cluster_depth = t.method == Method::Cluster ? static_cast<int>(t.levels.size()) - 1 : -1;
        if (t.status == Status::Solved) {
            r.moves = r.steps = t.moves;
            r.solution = moves_text(t.solution);
        }
        r.goal_levels = t.goal_levels;
        r.hardest_moves = t.hardest_moves;
        if (!t.hardest.empty()) r.hardest_board = rows_text(t.hardest.front());
        r.extras.emplace_back("search", t.method == Method::Parity    ? "parity"
                                        : t.method == Method::Cluster ? "bfs"
                                                                      : "ida");
        r.extras.emplace_back("cluster_by", t.method == Method::Cluster ? "search" : "formula");
        if (!t.reason.empty()) r.extras.emplace_back("reason", t.reason);
        return r;
    }
};

}  // namespace

const Family& tiles_family() {
    static const TilesFamily family;
    return family;
}

}  // namespace slidedb
