#include "store/level_tallies.h"

#include <cmath>

#include <SQLiteCpp/Statement.h>

namespace slidedb {

void LevelTallies::defer(SQLite::Database& db) { db.exec("INSERT INTO tallies_deferred VALUES ('levels')"); }

void LevelTallies::add(const std::vector<Level>& levels) {
    for (const Level& l : levels) {
        if (l.frontier == 0) continue;  // as the trigger: levels with boards only
        Depth& d = depths_[l.depth];
        ++d.puzzles;
        d.frontier += static_cast<std::int64_t>(l.frontier);
        d.examined += static_cast<std::int64_t>(l.examined);
        d.ln_frontiers.push_back(std::log(static_cast<double>(l.frontier)));
        ++frontiers_[{l.depth, l.frontier}];
    }
}

void LevelTallies::flush(SQLite::Database& db) {
    if (!depths_.empty()) {
        SQLite::Statement read(db, "SELECT puzzles, frontier, ln_frontier, examined FROM tally_levels WHERE depth = ?");
        SQLite::Statement write(db, "INSERT INTO tally_levels VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET "
                                    "puzzles = excluded.puzzles, frontier = excluded.frontier, "
                                    "ln_frontier = excluded.ln_frontier, examined = excluded.examined");
        for (const auto& [depth, d] : depths_) {
            std::int64_t puzzles = 0, frontier = 0, examined = 0;
            double ln_frontier = 0;
            read.bind(1, static_cast<std::int64_t>(depth));
            if (read.executeStep()) {
                puzzles = read.getColumn(0).getInt64();
                frontier = read.getColumn(1).getInt64();
                ln_frontier = read.getColumn(2).getDouble();
                examined = read.getColumn(3).getInt64();
            }
            read.reset();
            // 0 + x is x: a depth new to the table starts at its first term,
            // as the trigger's first INSERT did.
            for (const double ln : d.ln_frontiers) ln_frontier += ln;
            write.bind(1, static_cast<std::int64_t>(depth));
            write.bind(2, puzzles + d.puzzles);
            write.bind(3, frontier + d.frontier);
            write.bind(4, ln_frontier);
            write.bind(5, examined + d.examined);
            write.exec();
            write.reset();
        }
    }
    if (!frontiers_.empty()) {
        SQLite::Statement write(db, "INSERT INTO tally_level_frontiers VALUES (?, ?, ?) "
                                    "ON CONFLICT DO UPDATE SET levels = levels + excluded.levels");
        for (const auto& [key, levels] : frontiers_) {
            write.bind(1, static_cast<std::int64_t>(key.first));
            write.bind(2, static_cast<std::int64_t>(key.second));
            write.bind(3, levels);
            write.exec();
            write.reset();
        }
    }
    depths_.clear();
    frontiers_.clear();
    db.exec("DELETE FROM tallies_deferred WHERE tbl = 'levels'");
}

}  // namespace slidedb
