#include "store/report_data.h"
#include "puzzle/board.h"

#include <SQLiteCpp/Statement.h>

namespace slidedb {

namespace {


std::string text_or_empty(const SQLite::Column& c) { return c.isNull() ? std::string() : c.getString(); }

}  // namespace

std::optional<PuzzlePicture> load_picture(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement st(db,
                         "SELECT p.board, p.exit_side, s.status, s.solution, s.blocked_cells, s.blockers "
                         "FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id WHERE p.id = ?");
    st.bind(1, id);
    if (!st.executeStep()) return std::nullopt;
    PuzzlePicture p;
    p.id = id;
    try {
        p.board = board_from_text(st.getColumn(0).getString(),
                                  st.getColumn(1).getString() == "left" ? Side::Left : Side::Right);
    } catch (const BoardError&) {
        return std::nullopt;  // not an unblock board: nothing to draw
    }
    p.status = text_or_empty(st.getColumn(2));
    if (p.status == "solved") p.solution = text_or_empty(st.getColumn(3));
    p.blocked_cells = text_or_empty(st.getColumn(4));
    p.blockers = text_or_empty(st.getColumn(5));
    return p;
}

}  // namespace slidedb
