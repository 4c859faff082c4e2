#include "store/report_data.h"

#include <SQLiteCpp/Statement.h>

#include "store/puzzle_record.h"

namespace slidedb {

namespace {

std::string text_or_empty(const SQLite::Column& c) { return c.isNull() ? std::string() : c.getString(); }

}  // namespace

std::optional<PuzzlePicture> load_picture(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement st(db, std::string("SELECT s.status, s.solution, s.blocked_cells, s.blockers, ") +
                                 kPuzzleColumns +
                                 " FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id WHERE p.id = ?");
    st.bind(1, id);
    if (!st.executeStep()) return std::nullopt;
    PuzzlePicture p;
    p.id = id;
    p.status = text_or_empty(st.getColumn(0));
    if (p.status == "solved") p.solution = text_or_empty(st.getColumn(1));
    p.blocked_cells = text_or_empty(st.getColumn(2));
    p.blockers = text_or_empty(st.getColumn(3));
    p.puzzle = puzzle_from_row(st, 4);
    return p;
}

}  // namespace slidedb
