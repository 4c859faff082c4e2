// The family `tiles` as slidedb sees it: the Family interface over the
// tile board, its formats, its solver and its drawing.
#include "families/tiles/tiles_family.h"

#include <cstdio>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "families/tiles/board.h"
#include "families/tiles/draw.h"
#include "families/tiles/format.h"
#include "families/tiles/moves.h"
#include "families/tiles/picture.h"
#include "families/tiles/solver.h"

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

class TilesFamily final : public Family {
public:
    std::string_view name() const override { return "tiles"; }
    std::string_view description() const override {
        return "sliding tiles (8-puzzle, 15-puzzle, any n x m up to 5 x 5): one tile slides into the blank";
    }

    bool recognises(std::string_view text) const override { return looks_like_tiles(text); }

    std::vector<ReadItem> read(std::string_view text) const override {
        std::vector<ReadItem> out;
        for (const TileItem& item : read_tiles_text(text)) {
            if (const auto* e = std::get_if<TileReadError>(&item)) {
                out.push_back(ReadError{e->line, e->message});
                continue;
            }
            const auto& t = std::get<TilePuzzle>(item);
            ReadPuzzle r;
            r.puzzle = to_puzzle(t.board, t.goal);
            r.line = t.line;
            r.format = t.format;
            r.claimed_moves = t.claimed_moves;
            out.push_back(std::move(r));
        }
        return out;
    }

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
        std::vector<ReplayStep> steps{{"", board_picture(s.board)}};
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

    std::string board_text(const Puzzle& puzzle, int indent) const override {
        const Stored s = from_puzzle(puzzle);
        std::string out;
        std::istringstream in(board_picture(s.board));
        for (std::string line; std::getline(in, line);) out += std::string(static_cast<std::size_t>(indent), ' ') + line + "\n";
        return out;
    }

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

    const BoardDrawer* drawer() const override {
        static const PlainBoardDrawer kDrawer("numbered tiles", [](const Puzzle& p, int width, int height) {
            return tiles::draw_board(from_puzzle(p).board, width, height);
        });
        return &kDrawer;
    }

    SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) const override {
        const Stored s = from_puzzle(puzzle);
        TilesOptions o;
        o.max_states = options.max_states;
        o.analyse_cluster = options.analyse_cluster;
        o.max_seconds = options.max_seconds;
        o.say = [](const std::string& line) { std::fprintf(stderr, "slidedb: %s\n", line.c_str()); };
        const TilesOutcome t = solve_tiles(s.board, s.goal, o);
        SolveResult r;
        r.status = t.status;
        r.max_states = options.max_states;
        r.seconds = t.seconds;
        r.peak_bytes = t.peak_bytes;
        r.examined = t.examined;
        r.levels = t.levels;
        r.cluster_size = t.cluster_size;
        r.cluster_goals = 1;
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
