#include "store/enumeration_writer.h"

#include <fmt/format.h>

#include "store/database.h"

namespace slidedb {

namespace {

constexpr std::uint64_t kBatchRows = 20'000;
constexpr auto kBatchTime = std::chrono::seconds(2);

std::string utc_now(SQLite::Database& db) {
    return db.execAndGet("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')").getString();
}

// An enumeration's identity (the table's UNIQUE columns) as parameters 1 to 5.
void bind_identity(SQLite::Statement& st, const EnumerationId& id) {
    st.bind(1, id.family);
    st.bind(2, id.size);
    st.bind(3, id.min_walls);
    st.bind(4, id.max_walls);
    st.bind(5, id.every_cluster ? 1 : 0);
}

}  // namespace

EnumerationWriter::EnumerationWriter(SQLite::Database& db, const std::string& command, int jobs,
                                     const EnumerationId& id)
    : db_(db) {
    SQLite::Transaction tx(db_);
    {
        SQLite::Statement st(db_, "INSERT INTO imports (started_at, command, jobs) VALUES (?, ?, ?)");
        st.bind(1, utc_now(db_));
        st.bind(2, command);
        st.bind(3, jobs);
        st.exec();
        import_id_ = db_.getLastInsertRowid();
    }
    {
        SQLite::Statement st(db_, "SELECT id, units, enumerator FROM enumerations WHERE family = ? AND size = ? "
                                  "AND min_walls = ? AND max_walls = ? AND every_cluster = ?");
        bind_identity(st, id);
        if (st.executeStep()) {
            enumeration_id_ = st.getColumn(0).getInt64();
            if (st.getColumn(2).getString() != id.enumerator)
                throw StoreError(fmt::format("the database's {}x{} enumeration was begun by {}, this slidedb is {}: its "
                                             "units differ, use a new database",
                                             id.size, id.size, st.getColumn(2).getString(), id.enumerator));
            if (static_cast<std::uint64_t>(st.getColumn(1).getInt64()) != id.units)
                throw StoreError(fmt::format("the database's {}x{} enumeration has {} units, this slidedb makes {}",
                                             id.size, id.size, st.getColumn(1).getInt64(), id.units));
        }
    }
    if (enumeration_id_ == 0) {
        SQLite::Statement st(db_, "INSERT INTO enumerations (family, size, min_walls, max_walls, every_cluster, "
                                  "units, enumerator) VALUES (?, ?, ?, ?, ?, ?, ?)");
        bind_identity(st, id);
        st.bind(6, static_cast<std::int64_t>(id.units));
        st.bind(7, id.enumerator);
        st.exec();
        enumeration_id_ = db_.getLastInsertRowid();
    }
    tx.commit();
    find_puzzle_ = std::make_unique<SQLite::Statement>(db_, "SELECT id FROM puzzles WHERE key = ?");
    insert_puzzle_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, "
             "import_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert_enumerated_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT OR IGNORE INTO enumerated (puzzle_id, enumeration_id, unit, moves, cluster_size, walls, "
             "blocks, minimal, goal_levels) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)");
    insert_unit_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO enumeration_units (enumeration_id, unit, clusters, with_goal, puzzles, puzzle_boards, "
             "boards, seconds, import_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    begin_batch();
}

EnumerationWriter::~EnumerationWriter() = default;  // an open batch rolls back

void EnumerationWriter::begin_batch() {
    batch_ = std::make_unique<SQLite::Transaction>(db_);
    batch_started_ = std::chrono::steady_clock::now();
    batch_rows_ = 0;
}

std::unordered_set<std::uint64_t> EnumerationWriter::done_units() {
    std::unordered_set<std::uint64_t> done;
    SQLite::Statement st(db_, "SELECT unit FROM enumeration_units WHERE enumeration_id = ?");
    st.bind(1, enumeration_id_);
    while (st.executeStep()) done.insert(static_cast<std::uint64_t>(st.getColumn(0).getInt64()));
    return done;
}

void EnumerationWriter::write(const EnumeratedUnitRow& unit) {
    for (const EnumeratedRow& r : unit.rows) {
        std::int64_t id = 0;
        find_puzzle_->bind(1, r.key);
        if (find_puzzle_->executeStep()) id = find_puzzle_->getColumn(0).getInt64();
        find_puzzle_->reset();
        if (id == 0) {
            SQLite::Statement& st = *insert_puzzle_;
            st.bind(1, r.key);
            st.bind(2, r.family);
            st.bind(3, r.width);
            st.bind(4, r.height);
            st.bind(5, r.exit_side);
            st.bind(6, r.exit_row);
            st.bind(7, r.board);
            st.bind(8, r.blocks);
            st.bind(9, r.fixed);
            st.bind(10, import_id_);
            st.exec();
            st.reset();
            id = db_.getLastInsertRowid();
            ++puzzles_new_;
        } else {
            ++puzzles_known_;
        }
        std::string levels;
        for (std::size_t d = 0; d < r.goal_levels.size(); ++d)
            levels += fmt::format("{}{}", d ? "," : "", r.goal_levels[d]);
        SQLite::Statement& st = *insert_enumerated_;
        st.bind(1, id);
        st.bind(2, enumeration_id_);
        st.bind(3, static_cast<std::int64_t>(unit.unit));
        st.bind(4, r.moves);
        st.bind(5, static_cast<std::int64_t>(r.cluster_size));
        st.bind(6, r.fixed);
        st.bind(7, r.blocks);
        st.bind(8, levels);
        st.exec();
        st.reset();
    }
    SQLite::Statement& st = *insert_unit_;
    st.bind(1, enumeration_id_);
    st.bind(2, static_cast<std::int64_t>(unit.unit));
    st.bind(3, static_cast<std::int64_t>(unit.clusters));
    st.bind(4, static_cast<std::int64_t>(unit.with_goal));
    st.bind(5, static_cast<std::int64_t>(unit.puzzles));
    st.bind(6, static_cast<std::int64_t>(unit.puzzle_boards));
    st.bind(7, static_cast<std::int64_t>(unit.boards));
    st.bind(8, unit.seconds);
    st.bind(9, import_id_);
    st.exec();
    st.reset();
    ++units_;
    batch_rows_ += 1 + unit.rows.size();
    if (batch_rows_ >= kBatchRows || std::chrono::steady_clock::now() - batch_started_ > kBatchTime) {
        batch_->commit();
        begin_batch();
    }
}

void EnumerationWriter::finish(double seconds, bool whole) {
    SQLite::Statement st(db_, "UPDATE imports SET finished_at = ?, puzzles_new = ?, puzzles_known = ?, seconds = ? "
                              "WHERE id = ?");
    if (whole) st.bind(1, utc_now(db_));
    else st.bind(1);
    st.bind(2, static_cast<std::int64_t>(puzzles_new_));
    st.bind(3, static_cast<std::int64_t>(puzzles_known_));
    st.bind(4, seconds);
    st.bind(5, import_id_);
    st.exec();
    batch_->commit();
    batch_.reset();
}

EnumerationTotals EnumerationWriter::totals() {
    SQLite::Statement st(db_, "SELECT units_done, units, clusters, with_goal, puzzles, puzzle_boards, "
                              "COALESCE(most_moves, 0) FROM enumeration_totals WHERE id = ?");
    st.bind(1, enumeration_id_);
    EnumerationTotals t;
    if (!st.executeStep()) return t;
    auto count = [&](int c) { return static_cast<std::uint64_t>(st.getColumn(c).getInt64()); };
    t = {count(0), count(1), count(2), count(3), count(4), count(5), st.getColumn(6).getInt()};
    return t;
}

}  // namespace slidedb
