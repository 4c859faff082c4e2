#include "store/bands.h"

#include <algorithm>
#include <string>
#include <tuple>

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

namespace slidedb {

namespace {

using BandRow = std::tuple<std::string, int, int, int, std::string, int, std::optional<int>>;
using RuleRow = std::pair<std::string, std::string>;

std::vector<BandRow> band_rows(const std::vector<FamilyDifficulty>& families) {
    std::vector<BandRow> rows;
    for (const FamilyDifficulty& f : families) {
        // The order within a size, easiest first.
        std::vector<int> next;
        std::vector<std::pair<int, int>> sizes;
        for (const DifficultyBand& b : f.difficulty.bands) {
            const auto size = std::pair{b.width, b.height};
            auto at = std::find(sizes.begin(), sizes.end(), size);
            if (at == sizes.end()) {
                sizes.push_back(size);
                next.push_back(0);
                at = sizes.end() - 1;
            }
            rows.emplace_back(f.family, b.width, b.height, next[static_cast<std::size_t>(at - sizes.begin())]++,
                              b.band, b.lo, b.hi);
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::vector<RuleRow> rule_rows(const std::vector<FamilyDifficulty>& families) {
    std::vector<RuleRow> rows;
    for (const FamilyDifficulty& f : families) rows.emplace_back(f.family, f.difficulty.rule);
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace

bool bands_current(SQLite::Database& db, const std::vector<FamilyDifficulty>& families) {
    std::vector<BandRow> stored;
    SQLite::Statement b(db, "SELECT family, width, height, ord, band, lo, hi FROM bands ORDER BY 1, 2, 3, 4");
    while (b.executeStep())
        stored.emplace_back(b.getColumn(0).getString(), b.getColumn(1).getInt(), b.getColumn(2).getInt(),
                            b.getColumn(3).getInt(), b.getColumn(4).getString(), b.getColumn(5).getInt(),
                            b.getColumn(6).isNull() ? std::nullopt : std::optional<int>(b.getColumn(6).getInt()));
    std::vector<RuleRow> rules;
    SQLite::Statement r(db, "SELECT family, rule FROM band_rules ORDER BY 1");
    while (r.executeStep()) rules.emplace_back(r.getColumn(0).getString(), r.getColumn(1).getString());
    return stored == band_rows(families) && rules == rule_rows(families);
}

void write_bands(SQLite::Database& db, const std::vector<FamilyDifficulty>& families) {
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec("DELETE FROM bands");
    db.exec("DELETE FROM band_rules");
    SQLite::Statement b(db, "INSERT INTO bands VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (const auto& [family, width, height, ord, band, lo, hi] : band_rows(families)) {
        b.bind(1, family);
        b.bind(2, width);
        b.bind(3, height);
        b.bind(4, ord);
        b.bind(5, band);
        b.bind(6, lo);
        if (hi) b.bind(7, *hi);
        else b.bind(7);
        b.exec();
        b.reset();
    }
    SQLite::Statement r(db, "INSERT INTO band_rules VALUES (?, ?)");
    for (const auto& [family, rule] : rule_rows(families)) {
        r.bind(1, family);
        r.bind(2, rule);
        r.exec();
        r.reset();
    }
    tx.commit();
}

}  // namespace slidedb
