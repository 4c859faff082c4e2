#include "report/puzzle_report.h"

#include "families/families.h"

namespace slidedb {

namespace {

std::string without_last_newline(std::string text) {
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

// The puzzle report's sections.
void draw_puzzle_boards(Report& report, const PuzzlePicture& picture) {
    const Puzzle& puzzle = picture.puzzle;
    const Family& family = family_of(puzzle);
    for (ReportSection& s : report.sections) {
        Table& t = s.table;
        if (s.title == "Puzzle") {
            const int field = column_index(t, "field"), value = column_index(t, "value");
            if (field < 0 || value < 0) continue;
            for (auto& row : t.rows)
                if (row[static_cast<std::size_t>(field)] == "board") try {
                        row[static_cast<std::size_t>(value)] = without_last_newline(family.file_text(puzzle));
                    } catch (const PuzzleError&) {
                    }
        } else if (s.title == "Hardest board of its cluster") {
            const int board = column_index(t, "board");
            if (board < 0) continue;
            for (auto& row : t.rows) {
                std::string& text = row[static_cast<std::size_t>(board)];
                // A board that does not read (a database from elsewhere) stays as stored.
                try {
                    text = without_last_newline(family.file_text(family.cluster_board(puzzle, text)));
                } catch (const PuzzleError&) {
                }
            }
        } else if (s.title == "Solution") {
            const int move = column_index(t, "move");
            if (move < 0) continue;
            t.columns.push_back("board");
            t.numeric.push_back(false);
            // Move by move, so a stored solution that stops replaying still
            // shows the boards up to there.
            std::string moves;
            for (auto& row : t.rows) {
                moves += (moves.empty() ? "" : " ") + row[static_cast<std::size_t>(move)];
                std::string text;
                try {
                    text = without_last_newline(family.replay(puzzle, moves).back().text);
                } catch (const std::exception&) {
                }
                row.push_back(text);
            }
        }
    }
}

// Any other report's listed boards, looked up by id.
void draw_listed_boards(Report& report, const PuzzleLookup& lookup) {
    for (ReportSection& s : report.sections) {
        Table& t = s.table;
        const int id = column_index(t, "id"), board = column_index(t, "board");
        if (id < 0 || board < 0) continue;
        for (auto& row : t.rows) {
            try {
                const auto picture = lookup(std::stoll(row[static_cast<std::size_t>(id)]));
                if (!picture) continue;
                row[static_cast<std::size_t>(board)] =
                    without_last_newline(family_of(picture->puzzle).file_text(picture->puzzle));
            } catch (const std::exception&) {
                // Not an id (a report of the user's own), or a board that does not read: as stored.
            }
        }
    }
}

}  // namespace

void draw_report_boards(Report& report, std::optional<std::int64_t> puzzle_id, const PuzzleLookup& lookup) {
    if (report.name != "puzzle") return draw_listed_boards(report, lookup);
    if (!puzzle_id) return;
    if (const auto picture = lookup(*puzzle_id)) draw_puzzle_boards(report, *picture);
}

}  // namespace slidedb
