#include "store/standing.h"

#include <cmath>

#include <SQLiteCpp/Statement.h>
#include <fmt/format.h>

#include "store/puzzle_record.h"

namespace slidedb {

double Standing::harder_than() const {
    if (total == 0) return 0;
    return std::floor(1000.0 * static_cast<double>(easier) / static_cast<double>(total)) / 10;
}

std::string Standing::sentence() const {
    if (units_done < units)
        return fmt::format("harder than {:.1f}% of the {}x{} puzzles enumerated so far ({} enumerated, {} walls, {} "
                           "of {} units){}",
                           harder_than(), size, size, total, walls, units_done, units,
                           harder == 0 ? "; none of those needs more moves" : "");
    std::string s = fmt::format("harder than {:.1f}% of all {}x{} puzzles ({} enumerated, {} walls)", harder_than(),
                                size, size, total, walls);
    if (harder == 0) s += "; none needs more moves";
    return s;
}

std::optional<Standing> puzzle_standing(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement st(db, "SELECT r.size, r.moves, e.min_walls || '..' || e.max_walls, r.easier, r.total, r.enumeration_id "
                             "FROM puzzle_rank r JOIN enumerations e ON e.id = r.enumeration_id WHERE r.puzzle_id = ?");
    st.bind(1, id);
    if (!st.executeStep()) return std::nullopt;
    Standing s;
    s.size = st.getColumn(0).getInt();
    s.moves = st.getColumn(1).getInt();
    s.walls = st.getColumn(2).getString();
    s.easier = static_cast<std::uint64_t>(st.getColumn(3).getInt64());
    s.total = static_cast<std::uint64_t>(st.getColumn(4).getInt64());
    const std::int64_t enumeration = st.getColumn(5).getInt64();
    if (s.total == 0) return std::nullopt;
    SQLite::Statement h(db, "SELECT COALESCE(SUM(puzzles), 0) FROM tally_enumeration_moves WHERE enumeration_id = ? AND moves > ?");
    h.bind(1, enumeration);
    h.bind(2, s.moves);
    h.executeStep();
    s.harder = static_cast<std::uint64_t>(h.getColumn(0).getInt64());
    SQLite::Statement u(db, "SELECT e.units, (SELECT COUNT(*) FROM enumeration_units x WHERE x.enumeration_id = e.id) "
                            "FROM enumerations e WHERE e.id = ?");
    u.bind(1, enumeration);
    if (u.executeStep()) {
        s.units = static_cast<std::uint64_t>(u.getColumn(0).getInt64());
        s.units_done = static_cast<std::uint64_t>(u.getColumn(1).getInt64());
    }
    SQLite::Statement c(db, "SELECT x.puzzle_id, x.moves, x.cluster_size FROM enumerated x "
                            "WHERE x.enumeration_id = ?1 AND x.puzzle_id = COALESCE("
                            "(SELECT enumerated_id FROM enumeration_links WHERE puzzle_id = ?2 AND enumeration_id = ?1), ?2)");
    c.bind(1, enumeration);
    c.bind(2, id);
    if (c.executeStep()) {
        s.cluster_puzzle = c.getColumn(0).getInt64();
        s.cluster_moves = c.getColumn(1).getInt();
        s.cluster_size = static_cast<std::uint64_t>(c.getColumn(2).getInt64());
    }
    return s;
}

std::vector<Enumeration> enumerations(SQLite::Database& db) {
    std::vector<Enumeration> out;
    SQLite::Statement st(db, "SELECT id, family, size, min_walls, max_walls FROM enumerations ORDER BY id");
    while (st.executeStep())
        out.push_back({st.getColumn(0).getInt64(), st.getColumn(1).getString(), st.getColumn(2).getInt(),
                       st.getColumn(3).getInt(), st.getColumn(4).getInt()});
    return out;
}

std::vector<std::pair<std::int64_t, Puzzle>> unlinked_puzzles(SQLite::Database& db, const Enumeration& e) {
    std::vector<std::pair<std::int64_t, Puzzle>> out;
    // The solved puzzles first, each looked up by id (CROSS JOIN): walking
    // the puzzles of the size instead reads every enumerated one, none of
    // them solved (0.23 s after each import on the whole 6x6 run without
    // walls, against 0.5 ms).
    SQLite::Statement st(db, fmt::format("SELECT p.id, {} FROM solutions s CROSS JOIN puzzles p ON p.id = s.puzzle_id "
                                         "WHERE s.status = 'solved' AND p.family = ?5 AND p.width = ?1 AND p.height = ?1 "
                                         "AND p.fixed BETWEEN ?2 AND ?3 AND NOT EXISTS (SELECT 1 FROM enumeration_links l "
                                         "WHERE l.puzzle_id = p.id AND l.enumeration_id = ?4) ORDER BY p.id",
                                         kPuzzleColumns));
    st.bind(1, e.size);
    st.bind(2, e.min_walls);
    st.bind(3, e.max_walls);
    st.bind(4, e.id);
    st.bind(5, e.family);
    while (st.executeStep()) out.push_back({st.getColumn(0).getInt64(), puzzle_from_row(st, 1)});
    return out;
}

bool link_puzzle(SQLite::Database& db, const Enumeration& e, std::int64_t puzzle_id, const std::string& key) {
    SQLite::Statement st(db, "INSERT OR IGNORE INTO enumeration_links (puzzle_id, enumeration_id, enumerated_id) "
                             "SELECT ?1, ?2, x.puzzle_id FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id "
                             "WHERE p.key = ?3 AND x.enumeration_id = ?2");
    st.bind(1, puzzle_id);
    st.bind(2, e.id);
    st.bind(3, key);
    return st.exec() > 0;
}

}  // namespace slidedb
