// `import --shard K/N`: the parts of an import split over machines, merged,
// equal one import of the same paths; bad parts are usage errors.
#include "e2e.h"

namespace slidedb::e2e {
namespace {

// The run-independent content of a database (tests/e2e/import_content.sql).
std::string stored(const fs::path& db_path) {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    const std::string sql = slurp(std::string(SLIDEDB_SOURCE_DIR) + "/tests/e2e/import_content.sql");
    std::string out;
    std::size_t start = 0;
    for (std::size_t end; (end = sql.find(';', start)) != std::string::npos; start = end + 1) {
        std::string statement = sql.substr(start, end - start);
        if (statement.find("SELECT") == std::string::npos) continue;
        out += dump(db, statement.substr(statement.find("SELECT"))) + "--\n";
    }
    return out;
}

// Imports `paths` as `parts` shards, merges them, and returns the merged
// database's content; the files each part read are added to `files_read`.
std::string sharded(const TempDir& dir, const std::string& paths, int parts, std::int64_t& files_read) {
    std::string names;
    for (int k = 1; k <= parts; ++k) {
        const std::string db = "part-" + std::to_string(parts) + "-" + std::to_string(k) + ".db";
        const Outcome o = slidedb(dir, "import " + paths + " -q --shard " + std::to_string(k) + "/" +
                                           std::to_string(parts) + " --db " + db);
        EXPECT_NE(o.status, 2) << o.err;
        SQLite::Database part((dir / db).string(), SQLite::OPEN_READONLY);
        files_read += count(part, "SELECT COALESCE(SUM(files), 0) FROM imports");
        names += " " + db;
    }
    const std::string merged = "merged-" + std::to_string(parts) + ".db";
    const Outcome m = slidedb(dir, "merge" + names + " --db " + merged);
    EXPECT_EQ(m.status, 0) << m.err;
    return stored(dir / merged);
}

TEST(ImportShard, PartsMergedEqualOneImportWhateverTheirNumber) {
    TempDir dir;
    fs::copy(std::string(SLIDEDB_SOURCE_DIR) + "/examples", dir / "in", fs::copy_options::recursive);
    fs::remove(dir / "in/blocks/seed_wells.txt");  // the costliest search, and not needed here
    // One file reached twice more (named again, and through a symlink) is
    // still read once, by one part.
    fs::create_symlink(dir / "in/boards", dir / "link");
    const std::string paths = "in in/blocks link";
    ASSERT_EQ(slidedb(dir, "import " + paths + " -q --db one.db").status, 1);  // examples/bad has errors
    const std::string one = stored(dir / "one.db");
    SQLite::Database db((dir / "one.db").string(), SQLite::OPEN_READONLY);
    const std::int64_t files = count(db, "SELECT files FROM imports");
    EXPECT_GT(count(db, "SELECT COUNT(*) FROM puzzles"), 300);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 3);

    for (const int parts : {4, static_cast<int>(files) + 2}) {
        std::int64_t read = 0;
        EXPECT_EQ(sharded(dir, paths, parts, read), one) << parts << " parts";
        EXPECT_EQ(read, files) << parts << " parts: every file read once";
    }
}

TEST(ImportShard, APartThatIsNotKOfNIsAUsageError) {
    TempDir dir;
    write_file(dir / "a.txt", "AA....\n......\n......\n......\n......\n......\n");
    for (const char* bad : {"0/3", "4/3", "x", "3", "1/0", "-1/2"}) {
        const Outcome o = slidedb(dir, std::string("import a.txt --db t.db --shard ") + bad);
        EXPECT_EQ(o.status, 2) << bad;
        EXPECT_NE(o.err.find("--shard: expected K/N with 1 <= K <= N, got '" + std::string(bad) + "'"),
                  std::string::npos)
            << o.err;
        EXPECT_FALSE(fs::exists(dir / "t.db")) << bad;
    }
}

}  // namespace
}  // namespace slidedb::e2e
