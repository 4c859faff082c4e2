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

}  // namespace
}  // namespace slidedb
