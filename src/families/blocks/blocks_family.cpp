#include "families/blocks/blocks_family.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "families/blocks/canonical.h"
#include "families/blocks/format.h"
#include "families/blocks/generate/blocks_generator.h"
#include "families/blocks/geometry.h"
#include "families/blocks/picture.h"
#include "families/blocks/solver.h"
#include "families/blocks/svg.h"
#include "families/blocks/text.h"
#include "puzzle/lines.h"
#include "puzzle/text.h"

namespace slidedb {

namespace {

constexpr std::string_view kName = "blocks";
constexpr std::string_view kFormat = "start-goal";

void add_read(std::variant<blocks::ReadBoard, blocks::ReadError> r, std::vector<ReadItem>& out) {
    if (auto* e = std::get_if<blocks::ReadError>(&r)) {
        out.emplace_back(std::in_place_type<ReadError>, e->line, std::move(e->message));
        return;
    }
    const blocks::ReadBoard& b = std::get<blocks::ReadBoard>(r);
    out.emplace_back(std::in_place_type<ReadPuzzle>, blocks::to_puzzle(b.board), b.line, std::string(kFormat),
                     std::nullopt, std::nullopt);
}

// A file read as it comes: one puzzle, known at the end.
class BlocksTextReader final : public TextReader {
public:
    void feed(std::string_view bytes, std::vector<ReadItem>&) override {
        lines_.feed(bytes, [&](std::string_view text, std::size_t length, int) { reader_.line(text, length); });
    }
    void finish(std::vector<ReadItem>& out) override {
        lines_.finish([&](std::string_view text, std::size_t length, int) { reader_.line(text, length); });
        add_read(reader_.finish(), out);
    }

private:
    LineSplitter lines_;
    blocks::StartGoalReader reader_;
};

// A file a puzzle: its figures in a comment (the format has no claims),
// then the start and the goal.
class FileWriter final : public PuzzleFileWriter {
public:
    bool one_a_file() const override { return true; }
    std::string entry(const Puzzle& puzzle, const PuzzleClaims& claims) override {
        std::string head = fmt::format("# puzzle {} of a slidedb database", claims.id);
        if (claims.moves) head += fmt::format(": {}", counted(*claims.moves, "move"));
        if (claims.moves && claims.cluster) head += fmt::format(", a cluster of {} boards", *claims.cluster);
        return head + "\n" + blocks::board_of(puzzle, true).text() + "\n";
    }
};

class BlocksFamily final : public Family {
public:
    std::string_view name() const override { return kName; }
    std::string_view description() const override {
        return "sliding blocks of any shape on any board outline (Klotski and kin): pieces step one cell at a time";
    }

    bool recognises(std::string_view text) const override { return blocks::is_start_goal_text(text); }

    std::vector<ReadItem> read(std::string_view text) const override {
        std::vector<ReadItem> out;
        add_read(blocks::read_start_goal(text), out);
        return out;
    }

    std::unique_ptr<TextReader> reader() const override { return std::make_unique<BlocksTextReader>(); }

    std::string validate(const Puzzle& puzzle) const override {
        try {
            blocks::board_of(puzzle);
            return {};
        } catch (const PuzzleError& e) {
            return e.what();
        }
    }

    SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) const override {
        const blocks::Board b = blocks::board_of(puzzle);
        blocks::Solution s = blocks::solve(b, options);
        s.figures.solution = blocks::moves_text(b, s.moves);
        return std::move(s.figures);
    }

    std::vector<ReplayStep> replay(const Puzzle& puzzle, std::string_view solution) const override {
        try {
            const std::vector<blocks::Board> boards = blocks::replay(blocks::board_of(puzzle, true), solution);
            std::vector<std::string> moves{""};
            std::istringstream in{std::string(solution)};
            for (std::string token; in >> token;) moves.push_back(token);
            std::vector<ReplayStep> steps;
            // The start in the file's own form, goal included, so that what
            // `show` and `solve` print reads back; each later board drawn.
            steps.push_back({moves[0], boards[0].text() + "\n"});
            for (std::size_t i = 1; i < boards.size(); ++i) steps.push_back({moves[i], blocks::board_text(boards[i], 0)});
            return steps;
        } catch (const blocks::MoveError& e) {
            throw PuzzleError(e.what());
        }
    }

    Puzzle position(const Puzzle& start, std::string_view moves) const override {
        // Played in the start's letters, keyed canonically: two positions that
        // differ only by which of two same-shaped pieces stands where are one
        // board, and the search from it names pieces by its own letters.
        try {
            return blocks::to_puzzle(
                blocks::canonical_board(blocks::play_all(blocks::board_of(start, true), moves)));
        } catch (const blocks::MoveError& e) {
            throw PuzzleError(e.what());
        }
    }

    Puzzle cluster_board(const Puzzle& like, const std::string& board) const override {
        // The hardest board carries its goal, as every board of this family.
        Puzzle p = like;
        p.board = board;
        return blocks::to_puzzle(blocks::board_of(p));
    }

    std::string board_text(const Puzzle& puzzle, int indent) const override {
        return blocks::board_text(blocks::board_of(puzzle, true), indent);
    }

    std::string file_text(const Puzzle& puzzle) const override {
        return blocks::board_of(puzzle, true).text() + "\n";
    }

    std::unique_ptr<PuzzleFileWriter> file_writer() const override { return std::make_unique<FileWriter>(); }

    std::string summary(const Puzzle& puzzle) const override {
        const blocks::Board b = blocks::board_of(puzzle, true);
        const blocks::Geometry g = blocks::geometry_of(b);
        std::string goal;
        for (const blocks::Target& t : b.goal) goal += b.pieces[static_cast<std::size_t>(t.piece)].label;
        return fmt::format("{}x{}, {} of {}, {}, goal: {}", b.width, b.height, counted(b.pieces.size(), "piece"),
                           counted(g.shapes.size(), "shape"),
                           counted(static_cast<std::size_t>(std::count(b.floor.begin(), b.floor.end(), 1)),
                                   "floor cell"),
                           goal);
    }

    Difficulty difficulty() const override {
        return {"optimal moves (a piece moved any distance, turning allowed, counts once): Easy up to 19, "
                "Medium 20-39, Hard 40-79, Expert 80 and more (Klotski's classic opening is 81)",
                {{0, 0, "Easy", 0, 19}, {0, 0, "Medium", 20, 39}, {0, 0, "Hard", 40, 79}, {0, 0, "Expert", 80, std::nullopt}}};
    }

    std::string_view goal_phrase() const override { return "the goal's pieces home"; }

    std::string board_svg(const Puzzle& puzzle, const BoardMarks& marks, int cell) const override {
        return blocks::board_svg(blocks::board_of(puzzle, true), marks.id, cell);
    }

    const PuzzleGenerator* generator() const override { return &blocks_generator(); }

    const BoardDrawer* drawer() const override {
        static const PlainBoardDrawer kDrawer("wood on the floor", [](const Puzzle& p, int width, int height) {
            return blocks::draw_board(blocks::board_of(p, true), width, height);
        });
        return &kDrawer;
    }

    ClusterGraph cluster_graph(const Puzzle& puzzle, std::uint64_t max_boards) const override {
        return blocks::cluster_graph(blocks::board_of(puzzle), max_boards);
    }
};

}  // namespace

const Family& blocks_family() {
    static const BlocksFamily family;
    return family;
}

namespace blocks {

Puzzle to_puzzle(const Board& board) {
    Puzzle p;
    p.family = std::string(kName);
    p.width = board.width;
    p.height = board.height;
    p.board = "start\n" + board.start_grid() + "\ngoal\n" + board.goal_grid();
    p.key = board.key();
    p.blocks = static_cast<int>(board.pieces.size());
    return p;
}

Board board_of(const Puzzle& puzzle, bool as_drawn) {
    if (puzzle.family != kName)
        throw PuzzleError(fmt::format("a puzzle of the family '{}' is not a {} board", puzzle.family, kName));
    auto r = read_start_goal(puzzle.board, as_drawn ? Form::AsDrawn : Form::Canonical);
    if (auto* e = std::get_if<ReadError>(&r)) throw PuzzleError(fmt::format("line {}: {}", e->line, e->message));
    return std::move(std::get<ReadBoard>(r).board);
}

}  // namespace blocks

}  // namespace slidedb
