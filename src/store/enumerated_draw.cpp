#include "store/enumerated_draw.h"

#include <SQLiteCpp/Statement.h>

#include "store/puzzle_record.h"

namespace slidedb {

std::optional<StoredEnumeration> enumeration_to_draw(SQLite::Database& db, const std::string& family, int size,
                                                     std::optional<std::pair<int, int>> walls) {
    SQLite::Statement q(db, walls ? "SELECT e.id, e.min_walls, e.max_walls, e.units, "
                                    "(SELECT COUNT(*) FROM enumeration_units u WHERE u.enumeration_id = e.id) "
                                    "FROM enumerations e WHERE e.family = ? AND e.size = ? "
                                    "AND e.min_walls = ? AND e.max_walls = ? ORDER BY e.every_cluster DESC, e.id LIMIT 1"
                                  : "SELECT e.id, e.min_walls, e.max_walls, e.units, "
                                    "(SELECT COUNT(*) FROM enumeration_units u WHERE u.enumeration_id = e.id) "
                                    "FROM ranking_enumeration r JOIN enumerations e ON e.id = r.id "
                                    "WHERE r.family = ? AND r.size = ?");
    q.bind(1, family);
    q.bind(2, size);
    if (walls) {
        q.bind(3, walls->first);
        q.bind(4, walls->second);
    }
    if (!q.executeStep()) return std::nullopt;
    return StoredEnumeration{q.getColumn(0).getInt64(), q.getColumn(1).getInt(), q.getColumn(2).getInt(),
                             static_cast<std::uint64_t>(q.getColumn(3).getInt64()),
                             static_cast<std::uint64_t>(q.getColumn(4).getInt64())};
}

std::vector<std::int64_t> enumerated_ids(SQLite::Database& db, std::int64_t enumeration, int lo, int hi) {
    SQLite::Statement q(db, "SELECT x.puzzle_id FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id "
                            "WHERE x.enumeration_id = ? AND x.moves BETWEEN ? AND ? AND x.minimal = 1 ORDER BY p.key");
    q.bind(1, enumeration);
    q.bind(2, lo);
    q.bind(3, hi);
    std::vector<std::int64_t> ids;
    while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
    return ids;
}

std::vector<EnumeratedDraw> enumerated_puzzles(SQLite::Database& db, std::int64_t enumeration,
                                               const std::vector<std::int64_t>& ids) {
    SQLite::Statement x(db, "SELECT moves, cluster_size FROM enumerated WHERE puzzle_id = ? AND enumeration_id = ?");
    SQLite::Statement p(db, std::string("SELECT ") + kPuzzleColumns + " FROM puzzles WHERE id = ?");
    std::vector<EnumeratedDraw> out;
    out.reserve(ids.size());
    for (const std::int64_t id : ids) {
        x.reset();
        p.reset();
        x.bind(1, id);
        x.bind(2, enumeration);
        p.bind(1, id);
        if (!x.executeStep() || !p.executeStep()) continue;
        out.push_back({puzzle_from_row(p, 0), x.getColumn(0).getInt(),
                       static_cast<std::uint64_t>(x.getColumn(1).getInt64())});
    }
    return out;
}

}  // namespace slidedb
