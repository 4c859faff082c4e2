#include "families/unblock/unblock_family.h"

#include <fmt/format.h>

#include "families/unblock/board_file.h"
#include "families/unblock/board_file_writer.h"
#include "families/unblock/board_svg.h"
#include "families/unblock/draw/drawer.h"
#include "families/unblock/generate/unblock_generator.h"
#include "families/unblock/move.h"
#include "families/unblock/scan/picture_reader.h"
#include "families/unblock/solver.h"
#include "families/unblock/unblock_enumerator.h"
#include "puzzle/text.h"

namespace slidedb {

namespace {

constexpr std::string_view kName = "unblock";

Side exit_of(const Puzzle& p) { return p.exit_side && *p.exit_side == "left" ? Side::Left : Side::Right; }

// A board file's item as every family gives it.
void add_item(std::vector<ReadItem>& out, BoardItem& item) {
    if (auto* e = std::get_if<ReadError>(&item)) {
        out.emplace_back(std::in_place_type<ReadError>, e->line, std::move(e->message));
        return;
    }
    BoardRead& b = std::get<BoardRead>(item);
    out.emplace_back(std::in_place_type<ReadPuzzle>, to_puzzle(b.board), b.line, std::move(b.format),
                     b.claimed_moves, b.claimed_cluster);
}

// Board files a piece at a time (the public database alone is 18,000 lines).
class Reader final : public TextReader {
public:
    void feed(std::string_view bytes, std::vector<ReadItem>& out) override {
        reader_.feed(bytes, items_);
        pass_on(out);
    }
    void finish(std::vector<ReadItem>& out) override {
        reader_.finish(items_);
        pass_on(out);
    }

private:
    void pass_on(std::vector<ReadItem>& out) {
        for (BoardItem& item : items_) add_item(out, item);
        items_.clear();
    }

    BoardReader reader_;
    std::vector<BoardItem> items_;
};

class UnblockFamily final : public Family {
public:
    std::string_view name() const override { return kName; }
    std::string_view description() const override {
        return "Unblock Me / Rush Hour: straight blocks slide along their axis until the prisoner leaves";
    }

    bool recognises(std::string_view text) const override { return looks_like_unblock(text); }

    std::vector<ReadItem> read(std::string_view text) const override {
        std::vector<ReadItem> out;
        for (BoardItem& item : read_boards(text)) add_item(out, item);
        return out;
    }

    std::unique_ptr<TextReader> reader() const override { return std::make_unique<Reader>(); }

    std::string validate(const Puzzle& puzzle) const override {
        try {
            board_of(puzzle);
            return {};
        } catch (const PuzzleError& e) {
            return e.what();
        }
    }

    SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) const override {
        return slidedb::solve(board_of(puzzle), options);
    }

    Difficulty difficulty() const override {
        return {"Unblock Me's bands of optimal moves: Beginner 15-20, Intermediate 21-25, Advanced 26-30, "
                "Expert 31 and more; fewer than 15 below them",
                {{0, 0, "under 15", 0, 14},
                 {0, 0, "Beginner", 15, 20},
                 {0, 0, "Intermediate", 21, 25},
                 {0, 0, "Advanced", 26, 30},
                 {0, 0, "Expert", 31, std::nullopt}}};
    }

    std::vector<ReplayStep> replay(const Puzzle& puzzle, std::string_view solution) const override {
        Board b = board_of(puzzle);
        std::vector<ReplayStep> steps;
        steps.push_back({"", slidedb::board_text(b, 0)});
        for (const Move m : parse_moves(b, std::string(solution))) {
            std::string text = move_text(b, m);
            b = apply_move(b, m);  // blocks keep their index, so their labels
            steps.push_back({std::move(text), slidedb::board_text(b, 0)});
        }
        return steps;
    }

    Puzzle position(const Puzzle& start, std::string_view moves) const override {
        Board b = board_of(start);
        for (const Move m : parse_moves(b, std::string(moves))) b = apply_move(b, m);
        // Moved blocks keep the start's labels; the position is keyed with
        // its own, in reading order, as its text reads back.
        return to_puzzle(board_from_text(b.grid(), b.exit));
    }

    Puzzle cluster_board(const Puzzle& like, const std::string& board) const override {
        return to_puzzle(board_from_text(board, exit_of(like)));
    }

    std::string board_text(const Puzzle& puzzle, int indent) const override {
        return slidedb::board_text(board_of(puzzle), indent);
    }

    std::string file_text(const Puzzle& puzzle) const override {
        // The letter grid, under the directive a left exit needs.
        const Board b = board_of(puzzle);
        return (b.exit == Side::Left ? "# exit: left\n" : "") + b.grid() + "\n";
    }

    std::unique_ptr<PuzzleFileWriter> file_writer() const override { return unblock_file_writer(); }

    std::string summary(const Puzzle& puzzle) const override {
        const Board b = board_of(puzzle);
        return fmt::format("{}x{}, exit {} of row {}, {} blocks, {} fixed", b.width, b.height, side_name(b.exit),
                           b.exit_row() + 1, b.blocks.size(), b.fixed.size());
    }

    std::string_view goal_phrase() const override { return "the prisoner out"; }

    std::string board_svg(const Puzzle& puzzle, const BoardMarks& marks, int cell) const override {
        // Any grid of this family, canonical or not: a cluster board keeps
        // its start's labels.
        const std::vector<std::string> rows = split_lines(puzzle.board);
        const Board b = board_from_grid(rows, exit_of(puzzle));
        std::string labels;
        for (const Block& k : b.blocks)
            labels += k.row < rows.size() && k.col < rows[k.row].size() ? rows[k.row][k.col] : '?';
        return slidedb::board_svg(b, marks, labels, cell);
    }

    const BoardDrawer* drawer() const override { return &unblock_drawer(); }
    const PictureReader* picture_reader() const override { return &unblock_picture_reader(); }
    const Enumerator* enumerator() const override { return &unblock_enumerator(); }
    const PuzzleGenerator* generator() const override { return &unblock_generator(); }

    ClusterGraph cluster_graph(const Puzzle& puzzle, std::uint64_t max_boards) const override {
        return slidedb::cluster_graph(board_of(puzzle), max_boards);
    }
};

}  // namespace

const Family& unblock_family() {
    static const UnblockFamily family;
    return family;
}

Puzzle to_puzzle(const Board& board) {
    Puzzle p;
    p.family = std::string(kName);
    p.width = board.width;
    p.height = board.height;
    p.board = board.grid();
    p.key = board.key();
    p.exit_side = std::string(side_name(board.exit));
    p.exit_row = board.exit_row();
    p.blocks = static_cast<int>(board.blocks.size());
    p.fixed = static_cast<int>(board.fixed.size());
    return p;
}

Board board_of(const Puzzle& puzzle) {
    if (puzzle.family != kName)
        throw PuzzleError(fmt::format("a puzzle of the family '{}' is not an {} board", puzzle.family, kName));
    return board_from_text(puzzle.board, exit_of(puzzle));
}

}  // namespace slidedb
