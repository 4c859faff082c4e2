// Several imports into one database at the same time: each waits for the
// others' batches, all exit 0, and every puzzle and source is stored once.
//
// SLIDEDB_CONCURRENT_REPEATS (default 2) sets how many times each case runs.
#include <algorithm>
#include <cstdlib>
#include <vector>

#include "e2e.h"
#include "store/embedded_sql.h"

namespace slidedb::e2e {
namespace {

int repeats() {
    const char* env = std::getenv("SLIDEDB_CONCURRENT_REPEATS");
    return env ? std::max(1, std::atoi(env)) : 2;
}

// Lines first..last (1-based) of the 302-line reference sample.
std::string sample_lines(int first, int last) {
    const std::string all = slurp(test_data("boards/rush_sample.txt"));
    std::string out;
    int line = 1;
    for (std::size_t start = 0; start < all.size(); ++line) {
        std::size_t nl = all.find('\n', start);
        if (nl == std::string::npos) nl = all.size() - 1;
        if (line >= first && line <= last) out += all.substr(start, nl + 1 - start);
        start = nl + 1;
    }
    return out;
}

struct Case {
    const char* name;
    std::vector<std::pair<int, int>> inputs;  // line ranges, one file and one import each
    bool same_file;                           // every import reads the same file
    std::int64_t sources;                     // sources expected at the end
};

// Starts every import at once, then checks the database.
void run_case(const Case& c) {
    for (int rep = 0; rep < repeats(); ++rep) {
        SCOPED_TRACE(std::string(c.name) + ", repetition " + std::to_string(rep + 1));
        TempDir dir;
        std::string script = "( ";
        for (std::size_t i = 0; i < c.inputs.size(); ++i) {
            const std::string file = c.same_file ? "in.txt" : "in" + std::to_string(i) + ".txt";
            write_file(dir / file, sample_lines(c.inputs[i].first, c.inputs[i].second));
            script += "( '" + std::string(SLIDEDB_BINARY) + "' import " + file + " --db t.db -q --jobs 1 2>err" +
                      std::to_string(i) + "; echo $? > status" + std::to_string(i) + " ) & ";
        }
        script += "wait )";
        ASSERT_EQ(run_shell(dir, script).status, 0);
        for (std::size_t i = 0; i < c.inputs.size(); ++i) {
            EXPECT_EQ(slurp(dir / ("status" + std::to_string(i))), "0\n")
                << "import " << i << ": " << slurp(dir / ("err" + std::to_string(i)));
        }
        SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 302);
        EXPECT_EQ(count(db, "SELECT COUNT(DISTINCT key) FROM puzzles"), 302);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions"), 302);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources"), c.sources);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM (SELECT DISTINCT path, line FROM sources)"), c.sources);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 0);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM imports WHERE finished_at IS NOT NULL"),
                  static_cast<std::int64_t>(c.inputs.size()));
        EXPECT_EQ(count(db, "SELECT SUM(puzzles_new) FROM imports"), 302);
        EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
    }
}

TEST(ConcurrentImport, TwoHalves) { run_case({"two halves", {{1, 151}, {152, 302}}, false, 302}); }
TEST(ConcurrentImport, TwoOverlapping) { run_case({"two overlapping", {{1, 200}, {101, 302}}, false, 402}); }
TEST(ConcurrentImport, TwoOfTheSameFile) { run_case({"two of one file", {{1, 302}, {1, 302}}, true, 302}); }
TEST(ConcurrentImport, FourQuarters) {
    run_case({"four quarters", {{1, 76}, {77, 151}, {152, 227}, {228, 302}}, false, 302});
}
TEST(ConcurrentImport, FourOverlapping) {
    run_case({"four overlapping", {{1, 120}, {61, 180}, {121, 240}, {181, 302}}, false, 120 * 3 + 122});
}
TEST(ConcurrentImport, FourOfTheSameFile) {
    run_case({"four of one file", {{1, 302}, {1, 302}, {1, 302}, {1, 302}}, true, 302});
}

// A second import that creates the schema while the first does: one creates
// it, the other finds it (no "table imports already exists").
TEST(ConcurrentImport, SchemaIsCreatedOnceByConcurrentFirstImports) {
    TempDir dir;
    write_file(dir / "a.txt", sample_lines(1, 3));
    std::string script = "( ";
    for (int i = 0; i < 4; ++i)
        script += "( '" + std::string(SLIDEDB_BINARY) + "' import a.txt --db t.db -q --jobs 1; echo $? >> status ) & ";
    ASSERT_EQ(run_shell(dir, script + "wait )").status, 0);
    EXPECT_EQ(slurp(dir / "status"), "0\n0\n0\n0\n");
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "PRAGMA user_version"), static_cast<std::int64_t>(schema_files().size()));
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 3);
}

// While an import writes, a reader sees whole batches only: never a puzzle
// without its solution, levels or source.
TEST(ConcurrentImport, ReadersNeverSeeHalfABatch) {
    TempDir dir;
    write_file(dir / "first.txt", sample_lines(1, 1));
    write_file(dir / "in.txt", sample_lines(2, 302));
    ASSERT_EQ(slidedb(dir, "import first.txt --db t.db -q").status, 0);
    const std::string half =
        "SELECT COUNT(*) AS half FROM puzzles p WHERE NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = p.id) "
        "OR NOT EXISTS (SELECT 1 FROM levels l WHERE l.puzzle_id = p.id) "
        "OR NOT EXISTS (SELECT 1 FROM sources o WHERE o.puzzle_id = p.id)";
    const std::string bin = std::string("'") + SLIDEDB_BINARY + "'";
    const Outcome r = run_shell(dir, "( " + bin + " import in.txt --db t.db -q --jobs 1 & p=$!; "
                                     "while kill -0 $p 2>/dev/null; do " + bin + " query \"" + half +
                                     "\" --db t.db --format csv | tail -n 1 >> seen; done; wait $p; echo $? > status )");
    EXPECT_EQ(slurp(dir / "status"), "0\n") << r.err;
    const std::string seen = slurp(dir / "seen");
    const std::size_t queries = static_cast<std::size_t>(std::count(seen.begin(), seen.end(), '\n'));
    EXPECT_GE(queries, 2u);
    std::string zeros;
    for (std::size_t i = 0; i < queries; ++i) zeros += "0\r\n";
    EXPECT_EQ(seen, zeros);
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 302);
}

}  // namespace
}  // namespace slidedb::e2e
