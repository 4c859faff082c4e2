#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include <SQLiteCpp/Database.h>

#include "store/database.h"
#include "store/embedded_sql.h"
#include "store/query.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;

struct TempDb {
    TempDb() {
        std::string tmpl = (fs::temp_directory_path() / "slidedb-store-XXXXXX").string();
        dir = mkdtemp(tmpl.data());
        path = (dir / "t.db").string();
    }
    ~TempDb() { fs::remove_all(dir); }
    fs::path dir;
    std::string path;
};

TEST(Database, NewFileGetsEverySchemaFile) {
    TempDb t;
    auto db = open_database(t.path, Access::ReadWrite);
    EXPECT_EQ(schema_version(*db), static_cast<int>(schema_files().size()));
    EXPECT_EQ(db->execAndGet("PRAGMA foreign_keys").getInt(), 1);
    EXPECT_EQ(db->execAndGet("PRAGMA journal_mode").getString(), "wal");
    EXPECT_EQ(db->execAndGet("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%STRICT%'")
                  .getInt(),
              7);
}

TEST(Database, OlderDatabaseIsMigratedWithItsRowsKept) {
    TempDb t;
    {
        SQLite::Database db(t.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec(std::string(schema_files().at(0).text));
        db.exec("PRAGMA user_version = 1");
        db.exec("INSERT INTO imports (started_at, command, jobs) VALUES ('2026-01-01T00:00:00Z', 'x', 1)");
        db.exec("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, "
                "import_id) VALUES ('k', 'unblock', 6, 6, 'right', 2, '......', 1, 0, 1)");
    }
    auto db = open_database(t.path, Access::ReadWrite);
    EXPECT_EQ(schema_version(*db), static_cast<int>(schema_files().size()));
    EXPECT_EQ(db->execAndGet("SELECT COUNT(*) FROM puzzles").getInt(), 1);
    EXPECT_EQ(db->execAndGet("SELECT COUNT(*) FROM goal_levels").getInt(), 0);
}

TEST(Database, NewerSchemaIsRefused) {
    TempDb t;
    {
        SQLite::Database db(t.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA user_version = 99");
    }
    EXPECT_THROW(open_database(t.path, Access::ReadWrite), StoreError);
    EXPECT_THROW(open_database(t.path, Access::ReadOnly), StoreError);
}

TEST(Database, ReadOnlyNeedsAnExistingSlidedbFile) {
    TempDb t;
    try {
        open_database(t.path, Access::ReadOnly);
        FAIL() << "opened a missing database";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("no such database"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(t.path));
}

TEST(Query, ReadOnlyConnectionRefusesWrites) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    EXPECT_THROW(query_table(*db, "DELETE FROM puzzles"), StoreError);
    EXPECT_THROW(query_table(*db, "-- only a comment"), StoreError);
    const Table tb = query_table(*db, "SELECT 1 AS one, 'a' AS letter, NULL AS missing, 2.5 AS half");
    EXPECT_EQ(tb.columns, (std::vector<std::string>{"one", "letter", "missing", "half"}));
    EXPECT_EQ(tb.rows.at(0), (std::vector<std::string>{"1", "a", "", "2.5"}));
    EXPECT_EQ(tb.numeric, (std::vector<bool>{true, false, false, true}));
}

TEST(Query, SectionsAndParameters) {
    TempDb t;
    auto db = open_database(t.path, Access::ReadWrite);
    const auto sections = query_sections(*db,
                                         "-- intro comment\n"
                                         "-- section: First\nSELECT :top AS top;\n"
                                         "-- section: Second\nSELECT 'x' AS y WHERE :top > 1;\n",
                                         {{"top", "3"}});
    ASSERT_EQ(sections.size(), 2u);
    EXPECT_EQ(sections[0].title, "First");
    EXPECT_EQ(sections[0].table.rows.at(0).at(0), "3");
    EXPECT_EQ(sections[1].title, "Second");
    EXPECT_EQ(sections[1].table.rows.size(), 1u);
}

TEST(Query, OneStatementAtATime) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    EXPECT_EQ(query_table(*db, "SELECT 1 AS one; -- done\n;; /* end */").rows.size(), 1u);
    try {
        query_table(*db, "SELECT 1; SELECT 2");
        FAIL() << "ran two statements";
    } catch (const StoreError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "one statement at a time: nothing was run, and the text goes on after the first with `SELECT 2`");
    }
}

TEST(Query, ReadOnlyConnectionRefusesEverySideEffect) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    for (const char* sql : {"ATTACH 'x.db' AS x", "VACUUM INTO 'y.db'", "VACUUM", "PRAGMA user_version = 3",
                            "PRAGMA journal_mode = DELETE", "PRAGMA wal_checkpoint", "BEGIN", "ANALYZE",
                            "CREATE TEMP TABLE t (x)", "DROP VIEW hardest"})
        EXPECT_THROW(query_table(*db, sql), StoreError) << sql;
    EXPECT_FALSE(fs::exists(t.dir / "x.db"));
    EXPECT_FALSE(fs::exists(t.dir / "y.db"));
    EXPECT_EQ(query_table(*db, "PRAGMA user_version").rows.at(0).at(0), std::to_string(schema_files().size()));
    EXPECT_EQ(query_table(*db, "SELECT name FROM pragma_table_info('puzzles') WHERE pk = 1").rows.at(0).at(0), "id");
}

TEST(Query, TimeLimitAndCancelFlagStopAStatement) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    const std::string endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c";
    QueryLimits limits;
    limits.timeout = std::chrono::milliseconds(100);
    try {
        query_table(*db, endless, {}, limits);
        FAIL() << "an endless statement ended";
    } catch (const QueryStopped& e) {
        EXPECT_EQ(e.why, QueryStopped::Why::Timeout);
    }
    volatile std::sig_atomic_t cancel = 1;
    QueryLimits cancelled;
    cancelled.cancel = &cancel;
    try {
        query_table(*db, endless, {}, cancelled);
        FAIL() << "a cancelled statement ended";
    } catch (const QueryStopped& e) {
        EXPECT_EQ(e.why, QueryStopped::Why::Cancelled);
    }
    // The connection is still good afterwards.
    EXPECT_EQ(query_table(*db, "SELECT 2 + 2").rows.at(0).at(0), "4");
}

TEST(SqlSections, SplitsSectionsAndDropsEmptyOnes) {
    const auto s = split_sections("-- a comment\n-- section: One | bars x y\nSELECT 1;\n-- section: Empty\n-- nothing\n"
                                  "-- section: Two\nSELECT 2\n");
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].title, "One | bars x y");
    EXPECT_EQ(s[0].sql, "SELECT 1;\n");
    EXPECT_EQ(s[1].title, "Two");
    EXPECT_TRUE(is_blank_sql(" ;\n-- x\n/* y */ ;"));
    EXPECT_FALSE(is_blank_sql("/* y */ SELECT"));
}

}  // namespace
}  // namespace slidedb
