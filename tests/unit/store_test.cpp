#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <map>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "report/table.h"
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
              7 + 12 + 1 + 4 + 3 + 1 + 3 + 1);  // the tables, the tallies of schema 5, tally_search of schema 6,
                                            // the enumeration's 4 of schema 7 and its 3 tallies of schema 8,
                                            // tallies_deferred of schema 10, and bands, band_rules and
                                            // tally_size_moves of schema 12, tally_source_files of
                                            // schema 14 (its index of trigrams is a virtual table)
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

TEST(Database, VersionThreeDatabaseKeepsEveryRowInVersionFour) {
    TempDb t;
    {
        SQLite::Database db(t.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA foreign_keys = ON");
        for (int v = 0; v < 3; ++v) db.exec(std::string(schema_files().at(static_cast<std::size_t>(v)).text));
        db.exec("PRAGMA user_version = 3");
        db.exec("INSERT INTO imports (started_at, command, jobs) VALUES ('2026-01-01T00:00:00Z', 'x', 1)");
        db.exec("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, "
                "import_id) VALUES ('unblock 4x4 right ..../AA../..../....', 'unblock', 4, 4, 'right', 1, "
                "'....\nAA..\n....\n....', 1, 0, 1), ('6x6 old key', 'unblock', 6, 6, 'left', 2, '......', 3, 1, 1)");
        db.exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id) "
                "VALUES (1, 'a.txt', 1, 'board-file', 'grid', 'h', 1), (2, 'a.txt', 6, 'board-file', 'grid', 'h', 1)");
        db.exec("INSERT INTO solutions (puzzle_id, status, moves, steps, solution, cluster_size, cluster_goals, "
                "cluster_depth, cluster_complete, examined, max_states, seconds, peak_bytes, solver_version, "
                "import_id, blocked_cells, blockers) VALUES (1, 'solved', 1, 2, 'AR2', 3, 1, 2, 1, 6, 100, 0.1, "
                "64, 't', 1, '', ''), (2, 'unsolvable', NULL, NULL, NULL, 5, 0, 3, 1, 9, 100, 0.1, 64, 't', 1, "
                "'r3c1', 'B')");
        db.exec("INSERT INTO levels VALUES (1, 0, 1, 2, 2, 0), (1, 1, 2, 4, 0, 1), (2, 0, 1, 3, 4, 0)");
        db.exec("INSERT INTO goal_levels VALUES (1, 0, 1), (1, 1, 2)");
        db.exec("INSERT INTO errors (path, line, message, import_id, last_import_id) VALUES ('b', 0, 'm', 1, 1)");
    }
    auto db = open_database(t.path, Access::ReadWrite);
    EXPECT_EQ(schema_version(*db), static_cast<int>(schema_files().size()));
    EXPECT_EQ(db->execAndGet("PRAGMA foreign_keys").getInt(), 1);
    EXPECT_FALSE(SQLite::Statement(*db, "PRAGMA foreign_key_check").executeStep());
    auto rows = [&](const char* table) {
        return db->execAndGet(std::string("SELECT COUNT(*) FROM ") + table).getInt();
    };
    EXPECT_EQ(rows("imports"), 1);
    EXPECT_EQ(rows("puzzles"), 2);
    EXPECT_EQ(rows("sources"), 2);
    EXPECT_EQ(rows("solutions"), 2);
    EXPECT_EQ(rows("levels"), 3);
    EXPECT_EQ(rows("goal_levels"), 2);
    EXPECT_EQ(rows("errors"), 1);
    // Every key starts with its family; a key that already did is unchanged.
    EXPECT_EQ(db->execAndGet("SELECT group_concat(key, '|') FROM (SELECT key FROM puzzles ORDER BY id)").getString(),
              "unblock 4x4 right ..../AA../..../....|unblock 6x6 old key");
    EXPECT_EQ(db->execAndGet("SELECT group_concat(family || ':' || exit_side || ':' || exit_row || ':' || blocks || "
                             "':' || fixed, '|') FROM (SELECT * FROM puzzles ORDER BY id)")
                  .getString(),
              "unblock:right:1:1:0|unblock:left:2:3:1");
    // The views carry the family and still join.
    EXPECT_EQ(db->execAndGet("SELECT family || ':' || moves FROM hardest").getString(), "unblock:1");
    EXPECT_EQ(db->execAndGet("SELECT family || ':' || cluster_size FROM unsolvable").getString(), "unblock:5");
    // A family without an exit or block counts fits; a key without its family does not.
    db->exec("INSERT INTO puzzles (key, family, width, height, board, import_id) "
             "VALUES ('tiles 3x3 123/456/78.', 'tiles', 3, 3, '123\n456\n78.', 1)");
    EXPECT_THROW(db->exec("INSERT INTO puzzles (key, family, width, height, board, import_id) "
                          "VALUES ('3x3 x', 'tiles', 3, 3, 'x', 1)"),
                 SQLite::Exception);
}

// Version 8 from its own schema files: three enumerations, two with puzzles
// (keys of two families) and one begun by Unblock's enumerator that kept none.
TEST(Database, VersionEightEnumerationsKeepTheirRowsAndGetTheirFamily) {
    TempDb t;
    {
        SQLite::Database db(t.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA foreign_keys = ON");
        for (std::size_t v = 0; v < 8; ++v) db.exec(std::string(schema_files().at(v).text));
        db.exec("PRAGMA user_version = 8");
        db.exec("INSERT INTO imports (started_at, command, jobs) VALUES ('2026-01-01T00:00:00Z', 'x', 1)");
        db.exec("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, import_id) "
                "VALUES ('unblock 4x4 right ..../AA../..../....', 'unblock', 4, 4, 'right', 1, 'b1', 1, 0, 1), "
                "('unblock 4x4 right B.../BAA./..../....', 'unblock', 4, 4, 'right', 1, 'b2', 2, 0, 1), "
                "('blocks 4x4 x', 'blocks', 4, 4, NULL, NULL, 'b3', 2, 0, 1)");
        db.exec("INSERT INTO enumerations (size, min_walls, max_walls, every_cluster, units, enumerator) "
                "VALUES (4, 0, 0, 1, 3, 'enumerate-2'), (4, 0, 1, 0, 2, 'enumerate-x'), (5, 0, 2, 1, 7, 'enumerate-1')");
        db.exec("INSERT INTO enumeration_units VALUES (1, 0, 5, 2, 1, 4, 9, 0.5, 1), (1, 1, 3, 1, 1, 2, 6, 0.25, 1), "
                "(2, 0, 2, 1, 1, 3, 3, 0.125, 1)");
        db.exec("INSERT INTO enumerated VALUES (1, 1, 0, 2, 4, 0, 1, 1, '1,2,1'), (2, 1, 1, 3, 2, 0, 2, 1, '1,1'), "
                "(3, 2, 0, 1, 3, 0, 2, 1, '1,2')");
        db.exec("INSERT INTO enumeration_links VALUES (2, 1, 1)");
    }
    auto db = open_database(t.path, Access::ReadWrite);
    EXPECT_EQ(schema_version(*db), static_cast<int>(schema_files().size()));
    EXPECT_EQ(db->execAndGet("PRAGMA foreign_keys").getInt(), 1);
    EXPECT_FALSE(SQLite::Statement(*db, "PRAGMA foreign_key_check").executeStep());
    auto text = [&](const char* sql) { return db->execAndGet(sql).getString(); };
    // Every row kept with its id; the family from the keys of the puzzles
    // kept, else from Unblock's enumerator.
    EXPECT_EQ(text("SELECT group_concat(id || ':' || family || ':' || size || ':' || min_walls || '..' || max_walls || "
                   "':' || every_cluster || ':' || units || ':' || enumerator, '|') "
                   "FROM (SELECT * FROM enumerations ORDER BY id)"),
              "1:unblock:4:0..0:1:3:enumerate-2|2:blocks:4:0..1:0:2:enumerate-x|3:unblock:5:0..2:1:7:enumerate-1");
    EXPECT_EQ(text("SELECT group_concat(enumeration_id || '/' || unit || '/' || clusters, ' ') "
                   "FROM (SELECT * FROM enumeration_units ORDER BY 1, 2)"),
              "1/0/5 1/1/3 2/0/2");
    EXPECT_EQ(text("SELECT group_concat(puzzle_id || '/' || enumeration_id || '/' || moves || '/' || goal_levels, ' ') "
                   "FROM (SELECT * FROM enumerated ORDER BY 1, 2)"),
              "1/1/2/1,2,1 2/1/3/1,1 3/2/1/1,2");
    EXPECT_EQ(text("SELECT group_concat(puzzle_id || '/' || enumeration_id || '/' || enumerated_id) FROM enumeration_links"),
              "2/1/1");
    // The views read the family: each family's size is ranked in its own
    // enumeration, and a puzzle only among its family's puzzles.
    EXPECT_EQ(text("SELECT group_concat(family || ':' || size || ':' || id, ' ') "
                   "FROM (SELECT * FROM ranking_enumeration ORDER BY family, size)"),
              "blocks:4:2 unblock:4:1 unblock:5:3");
    EXPECT_EQ(text("SELECT group_concat(puzzle_id || ':' || enumeration_id || ':' || easier || '/' || total, ' ') "
                   "FROM (SELECT * FROM puzzle_rank ORDER BY puzzle_id)"),
              "1:1:0/2 2:1:1/2 3:2:0/1");
    EXPECT_EQ(text("SELECT group_concat(family || ':' || units_done, ' ') FROM (SELECT * FROM enumeration_totals ORDER BY id)"),
              "unblock:2 blocks:1 unblock:0");
    // Another family may enumerate the same size and walls; the same family may not.
    db->exec("INSERT INTO enumerations (family, size, min_walls, max_walls, every_cluster, units, enumerator) "
             "VALUES ('tiles', 4, 0, 0, 1, 3, 't')");
    EXPECT_THROW(db->exec("INSERT INTO enumerations (family, size, min_walls, max_walls, every_cluster, units, enumerator) "
                          "VALUES ('unblock', 4, 0, 0, 1, 3, 'enumerate-2')"),
                 SQLite::Exception);
    // An enumerated puzzle taken away leaves the tallies as if never stored.
    db->exec("DELETE FROM enumerated WHERE puzzle_id = 3");
    EXPECT_EQ(db->execAndGet("SELECT COUNT(*) FROM tally_enumeration_moves WHERE enumeration_id = 2").getInt(), 0);
    EXPECT_EQ(text("SELECT group_concat(moves || ':' || puzzles, ' ') FROM (SELECT * FROM tally_enumerated ORDER BY moves)"),
              "2:1 3:1");
}

// Every row of a table, one line each, columns separated by '|'.
std::string table_rows(SQLite::Database& db, const std::string& table) {
    SQLite::Statement st(db, "SELECT * FROM " + table + " ORDER BY 1");
    std::string out;
    while (st.executeStep()) {
        for (int c = 0; c < st.getColumnCount(); ++c) {
            if (c) out += '|';
            out += st.getColumn(c).isNull() ? std::string("NULL") : st.getColumn(c).getString();
        }
        out += '\n';
    }
    return out;
}

// Version 12 from its own schema files, with sources of both old kinds (a
// claim that disagrees, a puzzle met twice, a screenshot's every column):
// version 13 rebuilds `sources` to take kind `editor` and keeps every row,
// tally, index, trigger and view.
TEST(Database, VersionTwelveSourcesKeepTheirRowsAndTakeKindEditor) {
    TempDb t;
    const char* kTables[] = {"sources", "tally_rows", "tally_sources", "tally_shared", "tally_claim_mismatches"};
    std::map<std::string, std::string> before;
    std::string objects_before;
    const char* kObjects = "SELECT group_concat(type || ' ' || name, ', ') FROM (SELECT type, name FROM sqlite_schema "
                           "WHERE (tbl_name = 'sources' OR sql LIKE '%FROM sources%' OR sql LIKE '%JOIN sources%') "
                           // tally_claim_unchecked: version 16's
                           "AND name NOT LIKE 'tally_source_file%' AND name <> 'tally_claim_unchecked' "
                           "ORDER BY type, name)";
    {
        SQLite::Database db(t.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA foreign_keys = ON");
        for (std::size_t v = 0; v < 12; ++v) db.exec(std::string(schema_files().at(v).text));
        db.exec("PRAGMA user_version = 12");
        db.exec("INSERT INTO imports (started_at, command, jobs) VALUES ('2026-01-01T00:00:00Z', 'x', 1)");
        db.exec("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, import_id) "
                "VALUES ('unblock 4x4 right ..../AA../..../....', 'unblock', 4, 4, 'right', 1, 'b1', 1, 0, 1), "
                "('unblock 4x4 right B.../BAA./..../....', 'unblock', 4, 4, 'right', 1, 'b2', 2, 0, 1)");
        db.exec("INSERT INTO solutions (puzzle_id, status, moves, steps, solution, cluster_size, cluster_goals, "
                "cluster_depth, cluster_complete, examined, max_states, seconds, peak_bytes, solver_version, import_id) "
                "VALUES (1, 'solved', 1, 2, 'AR2', 3, 1, 2, 1, 4, 100, 0.5, 64, 'v', 1), "
                "(2, 'solved', 2, 3, 'BD1 AR2', 6, 2, 3, 1, 9, 100, 0.25, 64, 'v', 1)");
        db.exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, claimed_moves, claimed_cluster, "
                "import_id, file) VALUES (1, 'a.txt', 1, 'board-file', 'grid', 'h1', 1, 3, 1, '/d/a.txt'), "
                "(2, 'a.txt', 6, 'board-file', 'grid', 'h1', 5, NULL, 1, '/d/a.txt'), "
                "(2, 'b.txt', 1, 'board-file', 'lines', 'h2', NULL, NULL, 1, NULL)");
        db.exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, image_width, image_height, "
                "box_x, box_y, box_w, box_h, cell_px, confidence, exit_seen, import_id, file) "
                "VALUES (1, 's.png', 0, 'screenshot', 'png', 'h3', 640, 1136, 20, 300, 600, 600, 100.5, 0.875, 1, 1, "
                "'/d/s.png')");
        for (const char* table : kTables) before[table] = table_rows(db, table);
        objects_before = db.execAndGet(kObjects).getString();
        EXPECT_THROW(db.exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id) "
                             "VALUES (1, 'e.txt', 1, 'editor', 'grid', 'h', 1)"),
                     SQLite::Exception);
    }
    auto db = open_database(t.path, Access::ReadWrite);
    EXPECT_EQ(schema_version(*db), static_cast<int>(schema_files().size()));
    EXPECT_EQ(db->execAndGet("PRAGMA foreign_keys").getInt(), 1);
    EXPECT_FALSE(SQLite::Statement(*db, "PRAGMA foreign_key_check").executeStep());
    EXPECT_EQ(db->execAndGet("PRAGMA integrity_check").getString(), "ok");
    for (const char* table : kTables) EXPECT_EQ(table_rows(*db, table), before[table]) << table;
    EXPECT_NE(before["sources"], "");
    EXPECT_EQ(db->execAndGet(kObjects).getString(), objects_before);
    EXPECT_EQ(objects_before,
              "index sources_file, index sources_kind, index sources_path, index sources_puzzle, "
              "index sqlite_autoindex_sources_1, table sources, "
              "trigger tally_solution_change, trigger tally_solution_in, trigger tally_solution_out, "
              "trigger tally_source_in, trigger tally_source_out, view claim_mismatches, view hardest, "
              "view puzzle_sources, view unsolvable");
    auto text = [&](const char* sql) { return db->execAndGet(sql).getString(); };
    // The views read the rebuilt table.
    EXPECT_EQ(text("SELECT group_concat(path || ':' || line || ':' || claimed_moves || ':' || moves, ' ') "
                   "FROM claim_mismatches"),
              "a.txt:6:5:2");
    EXPECT_EQ(text("SELECT group_concat(id || '=' || source, ' ') FROM (SELECT * FROM hardest)"), "2=a.txt:6 1=a.txt:1");
    EXPECT_EQ(text("SELECT COUNT(*) FROM puzzle_sources"), "4");
    // Kind `editor` is taken, and its tallies kept by the triggers made again;
    // any other kind is still refused.
    db->exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id) "
             "VALUES (1, 'editor/0123456789ab.txt', 1, 'editor', 'grid', 'h4', 1)");
    EXPECT_EQ(text("SELECT n FROM tally_rows WHERE tbl = 'sources'"), "5");
    EXPECT_EQ(text("SELECT sources || '/' || puzzles || '/' || files FROM tally_sources WHERE kind = 'editor'"), "1/1/1");
    EXPECT_EQ(text("SELECT sources FROM tally_shared WHERE puzzle_id = 1"), "3");
    EXPECT_THROW(db->exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id) "
                          "VALUES (1, 'x.txt', 1, 'paper', 'grid', 'h', 1)"),
                 SQLite::Exception);
    // The trigger on solutions that reads sources was made again too.
    db->exec("DELETE FROM solutions WHERE puzzle_id = 2");
    EXPECT_EQ(text("SELECT COUNT(*) FROM tally_claim_mismatches"), "0");
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

// SQL NULL is null in JSON, in any column; empty text stays "".
TEST(Query, NullIsNullInJsonAndEmptyTextIsNot) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    const Table tb = query_table(*db, "SELECT NULL AS n, '' AS e, 'x' AS x, 1 AS one UNION ALL "
                                      "SELECT 'a', NULL, NULL, NULL");
    EXPECT_EQ(format_table(tb, Format::Json),
              "[\n {\"n\": null, \"e\": \"\", \"x\": \"x\", \"one\": 1},\n"
              " {\"n\": \"a\", \"e\": null, \"x\": null, \"one\": null}\n]\n");
    EXPECT_EQ(format_table(tb, Format::Csv), "n,e,x,one\r\n,,x,1\r\na,,,\r\n");
    // A blob as SQL writes one, its bytes kept.
    EXPECT_EQ(query_table(*db, "SELECT x'ff41', x''").rows.at(0), (std::vector<std::string>{"x'FF41'", "x''"}));
}

// printf() as SQLite gives it, but a width or precision past the longest
// value refused before the call repeats a character thousands of millions
// of times (a '*' judged by the largest argument, cast to int as SQLite does).
TEST(Query, PrintfIsSQLitesWithinTheLongestValue) {
    TempDb t;
    open_database(t.path, Access::ReadWrite);
    auto db = open_database(t.path, Access::ReadOnly);
    limit_value_bytes(*db, 1 << 20);
    EXPECT_EQ(query_table(*db, "SELECT printf('%5.2f|%-4s|%d|%q|%,d', 3.14159, 'ab', 42, 'it''s', 1234567), "
                               "format('%.*c', 3, 'x'), printf(NULL) IS NULL, printf('%s-%s', 'a'), "
                               "length(printf('%.*c', 1000000, 'x')), printf('%%d%3d', 7)")
                  .rows.at(0),
              (std::vector<std::string>{" 3.14|ab  |42|it''s|1,234,567", "xxx", "1", "a-", "1000000", "%d  7"}));
    // A text past the longest value, which SQLite's printf gives as NULL, is said.
    try {
        query_table(*db, "SELECT printf('%s%s', t, t) FROM (SELECT printf('%.*c', 600000, 'x') AS t)");
        ADD_FAILURE() << "a text past the longest value was given";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("printf: its text passes the longest value a statement may make "
                                             "(1048576 bytes)"),
                  std::string::npos)
            << e.what();
    }
    for (const char* sql : {"SELECT printf('%.*c', 2147483647, 'x')", "SELECT format('%2000000c', 'x')",
                            "SELECT printf('%.*c%.*c', 600000, 'x', 600000, 'x')",
                            "SELECT printf('%.*c', 4294967295 + 2147483647 + 1, 'x')",
                            "SELECT printf('%0*d', -2000000, 1)"}) {
        try {
            query_table(*db, sql);
            ADD_FAILURE() << sql << " was run";
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find("printf: its widths and precisions ask for more than the longest "
                                                 "value a statement may make (1048576 bytes)"),
                      std::string::npos)
                << sql << ": " << e.what();
        }
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
