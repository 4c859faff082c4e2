// The family interface: everything slidedb needs to know about one game.
//
// As in Simon Tatham's puzzle collection, each game fills this one interface
// in its own folder (src/families/<name>/) and the code around it - pipeline,
// store, reports, command line - drives any game through it and never names
// one. families/families.h lists the families; adding one is a folder and a
// line there.
//
// Every function taking a Puzzle reads its board text back into the family's
// own model and throws PuzzleError when it does not fit (a puzzle of another
// family, a damaged row of the database). A family has no state of its own:
// the import calls it from several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/board_drawer.h"
#include "puzzle/difficulty.h"
#include "puzzle/enumerator.h"
#include "puzzle/file_writer.h"
#include "puzzle/generator.h"
#include "puzzle/picture_reader.h"
#include "puzzle/puzzle.h"
#include "puzzle/read.h"
#include "solve/cluster_graph.h"
#include "solve/result.h"

namespace slidedb {

// One board of a replayed solution.
struct ReplayStep {
    std::string move;  // the move that led here as the solution writes it; "" for the start
    std::string text;  // the board after it, for people: as board_text() with no indent
};

// What a report marks on a board besides the pieces.
struct BoardMarks {
    std::int64_t id = 0;        // the puzzle's id, for the picture's label; 0 if none
    std::string blocked_cells;  // cells to mark, as the family's extras name them
    std::string blockers;       // pieces to mark, likewise
};

class Family {
public:
    virtual ~Family() = default;

    // "unblock": puzzles.family, the start of every key, `--family`.
    virtual std::string_view name() const = 0;
    // One line for people: "Unblock Me / Rush Hour: blocks slide along their axis".
    virtual std::string_view description() const = 0;

    // --- Text in -------------------------------------------------------------
    // True when the text is surely in one of this family's formats (a keyword,
    // a marked first line). A text no family recognises goes to the first
    // family of the registry, whose reader names the problem.
    virtual bool recognises(std::string_view text) const = 0;
    // Every puzzle of a file's text. Never throws: problems become ReadError
    // items with their line, and one bad puzzle does not hide the others.
    // Puzzles come back validated and canonical (key filled).
    virtual std::vector<ReadItem> read(std::string_view text) const = 0;
    // The same a piece at a time, for large files. By default the pieces are
    // gathered and read() reads them whole at the end; a family whose files
    // grow large reads as they come.
    virtual std::unique_ptr<TextReader> reader() const;
    // "" when the puzzle is a valid board of this family, else why not.
    virtual std::string validate(const Puzzle& puzzle) const = 0;

    // --- Solving -------------------------------------------------------------
    // Runs the family's rule set on the engine (solve/bfs.h): optimal moves,
    // the solution as text, cluster figures, levels, goal distances and the
    // hardest start (as canonical board text), and the family's extras.
    virtual SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) const = 0;

    // How the family grades its puzzles by optimal moves: bands its players
    // know, or a rule the README states plainly.
    virtual Difficulty difficulty() const = 0;

    // --- Text out ------------------------------------------------------------
    // The start, then the board after each move of `solution` (SolveResult::
    // solution or solutions.solution), pieces keeping their labels. Throws
    // PuzzleError on a move that does not fit.
    virtual std::vector<ReplayStep> replay(const Puzzle& puzzle, std::string_view solution) const = 0;
    // The board after `moves` (as replay() takes them) as a puzzle of its
    // own, canonical, with the start's goal: a player's position, to solve
    // from (the web app's hints). Throws PuzzleError on a move that does not
    // fit. By default the last board of replay() read back; a family whose
    // board text does not read back gives its own.
    virtual Puzzle position(const Puzzle& start, std::string_view moves) const;
    // Another board of `like`'s cluster, as SolveResult::hardest_board gives
    // it, as a puzzle of its own with like's goal and exit, canonical: the
    // hardest start drawn so that it reads back. Throws PuzzleError when the
    // text is not such a board.
    virtual Puzzle cluster_board(const Puzzle& like, const std::string& board) const = 0;
    // The board for people (solve, show): rows ended by '\n', each indented
    // by `indent` spaces, exits and goals drawn as the family draws them.
    virtual std::string board_text(const Puzzle& puzzle, int indent = 2) const = 0;
    // The puzzle as a board file in one of the family's formats, which
    // read() reads back to the same key: the web app's export, and the text
    // its player sends back with the moves.
    virtual std::string file_text(const Puzzle& puzzle) const = 0;
    // A writer of many puzzles into the family's files (`export`), as
    // read() reads them back, with their moves and cluster as claims where
    // the format carries them (puzzle/file_writer.h).
    virtual std::unique_ptr<PuzzleFileWriter> file_writer() const = 0;
    // "6x6, exit right of row 3, 9 blocks, 0 fixed": the heading of `show`.
    virtual std::string summary(const Puzzle& puzzle) const = 0;
    // What a goal board has, for sentences ("12 boards with the prisoner out",
    // "none of the 40 reachable boards has the prisoner out").
    virtual std::string_view goal_phrase() const = 0;

    // --- Drawing -------------------------------------------------------------
    // The board as inline SVG for the HTML report; `cell` is a cell's size in
    // the SVG's units. Pieces are <g class="block"> elements carrying
    // data-label, data-row and data-col so the page's player can move them.
    virtual std::string board_svg(const Puzzle& puzzle, const BoardMarks& marks, int cell = 20) const = 0;
    // The board as a picture in the game's look (`render --png`); nullptr
    // for a family that draws none. Lives as long as the family.
    virtual const BoardDrawer* drawer() const { return nullptr; }

    // --- Pictures in ---------------------------------------------------------
    // The reader of screenshots of the game (`scan`, and pictures given to
    // `import`); nullptr for a family whose pictures slidedb cannot read.
    // Lives as long as the family.
    virtual const PictureReader* picture_reader() const { return nullptr; }

    // --- Enumeration ---------------------------------------------------------
    // Every puzzle of a size (`enumerate`), for a family whose puzzles can be
    // listed; nullptr for the others. Lives as long as the family.
    virtual const Enumerator* enumerator() const { return nullptr; }

    // --- Making puzzles ------------------------------------------------------
    // What `generate` draws and searches puzzles of this family with
    // (puzzle/generator.h); nullptr for a family that makes none. Lives as
    // long as the family.
    virtual const PuzzleGenerator* generator() const { return nullptr; }

    // --- The state space -----------------------------------------------------
    // The puzzle's cluster as a graph (solve/cluster_graph.h): every board
    // with its distance to the goal and every move between two of them, for
    // `graph` and the HTML report. A cluster of more than max_boards boards is
    // not walked: the graph comes back too_large.
    virtual ClusterGraph cluster_graph(const Puzzle& puzzle, std::uint64_t max_boards) const = 0;
};

// The default reader: the whole text, then read(). Memory holds the file,
// so a file over kMaxBoardFileBytes is refused whole, as one that size
// read at once would be.
class WholeTextReader : public TextReader {
public:
    explicit WholeTextReader(const Family& family) : family_(family) {}
    void feed(std::string_view bytes, std::vector<ReadItem>&) override {
        if (too_large_) return;
        if (text_.size() + bytes.size() > kMaxBoardFileBytes) {
            too_large_ = true;
            std::string().swap(text_);
            return;
        }
        text_.append(bytes);
    }
    void finish(std::vector<ReadItem>& out) override {
        if (too_large_) {
            out.emplace_back(std::in_place_type<ReadError>, 0,
                             "file is over " + std::to_string(kMaxBoardFileBytes) +
                                 " bytes; board files of family " + std::string(family_.name()) +
                                 " over that size are not read");
            return;
        }
        for (ReadItem& item : family_.read(text_)) out.push_back(std::move(item));
        text_.clear();
    }

private:
    const Family& family_;
    std::string text_;
    bool too_large_ = false;
};

inline std::unique_ptr<TextReader> Family::reader() const { return std::make_unique<WholeTextReader>(*this); }

inline Puzzle Family::position(const Puzzle& start, std::string_view moves) const {
    for (ReadItem& item : read(replay(start, moves).back().text))
        if (auto* p = std::get_if<ReadPuzzle>(&item)) return std::move(p->puzzle);
    throw PuzzleError("family " + std::string(name()) + " cannot read a position back");
}

}  // namespace slidedb
