#include <signal.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "e2e.h"
#include "store/embedded_sql.h"

namespace slidedb::e2e {
namespace {

std::string dump(const fs::path& db_path, const std::string& sql) {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    SQLite::Statement st(db, sql);
    std::string out;
    while (st.executeStep()) {
        for (int c = 0; c < st.getColumnCount(); ++c) {
            if (c) out += '|';
            out += st.getColumn(c).getString();
        }
        out += "\n";
    }
    return out;
}

// What an enumeration stored, whatever the runs and ids that stored it.
std::string enumeration_content(const fs::path& db) {
    return dump(db, "SELECT size, min_walls, max_walls, every_cluster, units FROM enumerations ORDER BY size") +
           dump(db, "SELECT unit, clusters, with_goal, puzzles, puzzle_boards, boards FROM enumeration_units ORDER BY unit") +
           dump(db, "SELECT p.key, p.board, p.blocks, p.fixed, e.unit, e.moves, e.cluster_size, e.walls, e.blocks, "
                    "e.goal_levels FROM enumerated e JOIN puzzles p ON p.id = e.puzzle_id ORDER BY p.key");
}

TEST(Enumerate, FourByFourWithUpToTwoWallsStoresThePublicFigures) {
    TempDir dir;
    const Outcome r = slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -j 2");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find("; this run")),
              "4x4 walls 0..2: 1467/1467 units; clusters 26509, with a goal 15739, puzzles 32, most moves 7, "
              "boards in their clusters 514");
    EXPECT_EQ(dump(dir / "e.db", "SELECT units_done, clusters, with_goal, puzzles, puzzle_boards, most_moves "
                                 "FROM enumeration_totals"),
              "1467|26509|15739|32|514|7\n");
    EXPECT_EQ(dump(dir / "e.db", "SELECT COUNT(*), SUM(cluster_size), MAX(moves) FROM enumerated"), "32|514|7\n");
    // The three hardest 4x4 puzzles and their clusters by distance to the goal.
    EXPECT_EQ(dump(dir / "e.db", "SELECT p.board, e.goal_levels FROM enumerated e JOIN puzzles p ON p.id = e.puzzle_id "
                                 "WHERE e.moves = 7 ORDER BY p.key"),
              "BB.C\nAA.C\nDEEE\nD.FF|4,4,6,5,4,6,4,1\n"
              "BB.C\nAA.C\nDEEE\nDFFF|2,2,3,4,2,3,3,1\n"
              "BBBC\nDAAC\nD.EE\nDFFF|1,1,1,1,1,1,1,1\n");
}

TEST(Enumerate, MergedShardsEqualOneRunAndARerunDoesNothing) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 5 --walls 0..0 --db one.db -q").status, 0);
    for (int k = 1; k <= 3; ++k)
        ASSERT_EQ(slidedb(dir, "enumerate --size 5 --walls 0..0 --shard " + std::to_string(k) + "/3 --db s" +
                                   std::to_string(k) + ".db -q -j 1")
                      .status,
                  0);
    const std::string before = enumeration_content(dir / "s2.db");
    const Outcome again = slidedb(dir, "enumerate --size 5 --walls 0..0 --shard 2/3 --db s2.db -q");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("this run 0 units"), std::string::npos) << again.out;
    EXPECT_EQ(enumeration_content(dir / "s2.db"), before);

    const Outcome merged = slidedb(dir, "merge s1.db s2.db s3.db --db all.db");
    ASSERT_EQ(merged.status, 0) << merged.err;
    EXPECT_EQ(enumeration_content(dir / "all.db"), enumeration_content(dir / "one.db"));
    EXPECT_EQ(dump(dir / "all.db", "SELECT units_done, clusters, with_goal, puzzles, puzzle_boards, most_moves "
                                   "FROM enumeration_totals"),
              "397|130299|62106|1730|329603|20\n");
    // Merging a shard again adds nothing.
    const Outcome twice = slidedb(dir, "merge s2.db --db all.db");
    ASSERT_EQ(twice.status, 0) << twice.err;
    EXPECT_EQ(twice.out.find("0 runs"), twice.out.find(": ") + 2) << twice.out;
    EXPECT_EQ(enumeration_content(dir / "all.db"), enumeration_content(dir / "one.db"));

    // Every enumerated puzzle graded in the family's bands, from the merged
    // tallies; none is searched, so the searched bands are empty.
    const Outcome bands = slidedb(dir, "report difficulty --db all.db --format csv");
    ASSERT_EQ(bands.status, 0) << bands.err;
    ASSERT_NE(bands.out.find("enumeration,band"), std::string::npos) << bands.out;
    EXPECT_EQ(bands.out.substr(bands.out.find("enumeration,band")),
              "enumeration,band,moves,puzzles,percent\r\n"
              "5x5 0..0,under 15,0-14,1700,98.3\r\n"
              "5x5 0..0,Beginner,15-20,30,1.7\r\n"
              "5x5 0..0,Intermediate,21-25,0,0\r\n"
              "5x5 0..0,Advanced,26-30,0,0\r\n"
              "5x5 0..0,Expert,31+,0,0\r\n");
    EXPECT_EQ(dump(dir / "all.db", "SELECT SUM(moves < 15), SUM(moves BETWEEN 15 AND 20) FROM enumerated"),
              "1700|30\n");
}

TEST(Enumerate, ADatabaseBegunByAnotherEnumeratorIsNeitherResumedNorMerged) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..0 --shard 1/2 --db old.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..0 --shard 2/2 --db new.db -q").status, 0);
    {
        // As an older slidedb, with other units, would have left it.
        SQLite::Database db((dir / "old.db").string(), SQLite::OPEN_READWRITE);
        db.exec("UPDATE enumerations SET enumerator = 'enumerate-1'");
    }
    const std::string before = enumeration_content(dir / "old.db");
    const Outcome resumed = slidedb(dir, "enumerate --size 4 --walls 0..0 --db old.db -q");
    EXPECT_NE(resumed.status, 0);
    EXPECT_NE(resumed.err.find("begun by enumerate-1"), std::string::npos) << resumed.err;
    EXPECT_EQ(enumeration_content(dir / "old.db"), before);
    const Outcome merged = slidedb(dir, "merge old.db --db new.db");
    EXPECT_NE(merged.status, 0);
    EXPECT_NE(merged.err.find("old.db: its 4x4 enumeration was made by enumerate-1"), std::string::npos) << merged.err;
    EXPECT_EQ(dump(dir / "new.db", "SELECT COUNT(*) FROM imports"), "1\n");
}

// `report hardest` on an enumeration ranks its puzzles by moves (then
// cluster) though none was searched one by one; a puzzle also imported and
// solved comes once, with its search's figures, first among its moves.
TEST(Enumerate, TheHardestReportRanksEnumeratedPuzzles) {
    // The report's CSV without its ids (numbered as the units finish) and
    // milliseconds (the search's time).
    auto figures = [](const std::string& csv) {
        std::string rows;
        std::istringstream lines(csv);
        for (std::string line; std::getline(lines, line);) {
            std::vector<std::string> cells;
            std::istringstream fields(line);
            for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
            if (cells.size() != 9) return "a row of " + std::to_string(cells.size()) + " cells: " + line;
            cells.erase(cells.begin() + 7);
            cells.erase(cells.begin());
            for (const std::string& c : cells) rows += c + (&c == &cells.back() ? "\n" : ",");
        }
        return rows;
    };
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    const Outcome enumerated = slidedb(dir, "report hardest --top 4 --db e.db --format csv");
    ASSERT_EQ(enumerated.status, 0) << enumerated.err;
    const std::string head = "family,size,moves,steps,cluster,examined,source\r\n";
    const std::string rest = "unblock,4x4,7,,20,,slidedb enumerate --size 4 --walls 0..2\r\n"
                             "unblock,4x4,7,,8,,slidedb enumerate --size 4 --walls 0..2\r\n"
                             "unblock,4x4,6,,28,,slidedb enumerate --size 4 --walls 0..2\r\n";
    EXPECT_EQ(figures(enumerated.out), head + "unblock,4x4,7,,34,,slidedb enumerate --size 4 --walls 0..2\r\n" + rest);
    // Only what a search gives is ranked by steps, cluster or effort.
    EXPECT_EQ(slidedb(dir, "report hardest --by steps --db e.db --format csv").out,
              "id,family,size,moves,steps,cluster,examined,ms,source\r\n");
    // The hardest, 34 boards in its cluster, imported: its search stopped
    // at a limit, it keeps the enumeration's figures; solved, its own.
    write_file(dir / "hard.txt", "BB.C\nAA.C\nDEEE\nD.FF\n");
    ASSERT_EQ(slidedb(dir, "import hard.txt --db e.db -q --max-states 10").status, 0);
    const Outcome stopped = slidedb(dir, "report hardest --top 4 --db e.db --format csv");
    EXPECT_EQ(figures(stopped.out), head + "unblock,4x4,7,,34,,hard.txt:1\r\n" + rest);
    ASSERT_EQ(slidedb(dir, "import hard.txt --db e.db -q --resolve").status, 0);
    const Outcome both = slidedb(dir, "report hardest --top 4 --db e.db --format csv");
    ASSERT_EQ(both.status, 0) << both.err;
    EXPECT_EQ(figures(both.out), head + "unblock,4x4,7,9,34,138,hard.txt:1\r\n" + rest);
    EXPECT_EQ(dump(dir / "e.db", "SELECT COUNT(*) FROM puzzles"), "32\n");  // the import found the enumerated puzzle
}

TEST(Enumerate, RefusesBadArguments) {
    TempDir dir;
    EXPECT_EQ(slidedb(dir, "enumerate --size 8 --db e.db").status, 2);
    const Outcome walls = slidedb(dir, "enumerate --size 4 --walls 2..1 --db e.db");
    EXPECT_EQ(walls.status, 2);
    EXPECT_NE(walls.err.find("--walls"), std::string::npos) << walls.err;
    const Outcome shard = slidedb(dir, "enumerate --size 4 --shard 5/4 --db e.db");
    EXPECT_EQ(shard.status, 2);
    EXPECT_NE(shard.err.find("--shard"), std::string::npos) << shard.err;
    // More walls than a line keeps, and more units than one process lists:
    // refused at once, by name, before a database is made.
    const Outcome many = slidedb(dir, "enumerate --size 6 --walls 0..5 --db e.db");
    EXPECT_EQ(many.status, 2);
    EXPECT_EQ(many.err, "slidedb: at most 4 walls on 6x6, got 0..5 (a row could then hold more than 4 pieces and "
                        "walls)\n");
    const Outcome whole = slidedb(dir, "enumerate --size 7 --walls 0..3 --shard 1/25 --db e.db");
    EXPECT_EQ(whole.status, 2);
    EXPECT_EQ(whole.err, "slidedb: --shard: 7x7 with 0..3 walls has 2540568576 units, too many for one process; run "
                         "it in shards, --shard K/N with N at least 26\n");
    EXPECT_FALSE(fs::exists(dir / "e.db"));
}

TEST(Merge, ImportsFromTwoMachinesBecomeOneDatabase) {
    TempDir dir;
    fs::copy_file(test_data("boards/kb_input.txt"), dir / "kb_input.txt");
    fs::copy_file(test_data("boards/yb_expert_0001.txt"), dir / "yb.txt");
    ASSERT_EQ(slidedb(dir, "import kb_input.txt yb.txt --db both.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "import kb_input.txt --db a.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "import yb.txt kb_input.txt --db b.db -q").status, 0);
    const Outcome m = slidedb(dir, "merge a.db b.db nothing.db --db all.db");
    EXPECT_EQ(m.status, 1);  // nothing.db does not exist: said, and the others still merged
    EXPECT_NE(m.err.find("nothing.db"), std::string::npos) << m.err;
    const std::string q = "SELECT p.key, s.moves, s.cluster_size, s.solution, s.hardest_moves, "
                          "(SELECT COUNT(*) FROM levels l WHERE l.puzzle_id = p.id), "
                          "(SELECT COUNT(*) FROM goal_levels l WHERE l.puzzle_id = p.id), "
                          "(SELECT group_concat(path, ',') FROM (SELECT DISTINCT path FROM sources so WHERE so.puzzle_id = p.id ORDER BY path)) "
                          "FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id ORDER BY p.key";
    EXPECT_EQ(dump(dir / "all.db", q), dump(dir / "both.db", q));
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM imports"), "2\n");
    ASSERT_EQ(slidedb(dir, "merge a.db b.db --db all.db").status, 0);
    EXPECT_EQ(dump(dir / "all.db", q), dump(dir / "both.db", q));
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM imports"), "2\n");
    // The target named among the inputs, under another path: said, and the
    // others merged; no failure (`merge *.db --db all.db` in a batch job).
    fs::create_directories(dir / "sub");
    // (A run of its own: runs are matched by start, command and jobs.)
    ASSERT_EQ(slidedb(dir, "import yb.txt --db sub/c.db -q").status, 0);
    const Outcome self = slidedb(dir, "merge ./all.db sub/../sub/c.db " + (dir / "all.db").string() + " --db all.db");
    EXPECT_EQ(self.status, 0);
    EXPECT_EQ(self.err, "./all.db: is the database merged into (--db); nothing to add\n" + (dir / "all.db").string() +
                            ": is the database merged into (--db); nothing to add\n");
    EXPECT_EQ(self.out, "sub/../sub/c.db: 1 run, 1 puzzle (0 new, 1 known), 0 other rows\n");
    EXPECT_EQ(dump(dir / "all.db", q), dump(dir / "both.db", q));
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM imports"), "3\n");
}

// Runs are told apart on merge by their start, command and jobs: the same
// command run twice in a row, within one second, is two runs, each started
// to the millisecond.
TEST(Merge, OneCommandRunTwiceWithinASecondIsTwoRuns) {
    TempDir dir;
    fs::copy_file(test_data("boards/yb_expert_0001.txt"), dir / "yb.txt");
    ASSERT_EQ(slidedb(dir, "import yb.txt --db one.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "import yb.txt --db two.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "merge one.db two.db --db all.db").status, 0);
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*), COUNT(DISTINCT command), COUNT(DISTINCT started_at) FROM imports"),
              "2|1|2\n");
    const std::string ms = "[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";  // minutes, seconds, milliseconds
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM imports WHERE started_at GLOB "
                                   "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:" + ms +
                                       " AND finished_at GLOB '*T[0-9][0-9]:" + ms),
              "2\n");
}

// A database from elsewhere holding a puzzle that is not what its board
// reads back to (a board no family reads, a key or a column unlike its
// board's, a family slidedb does not know) is refused whole, naming the file
// and the row; the inputs around it are merged, and every family's puzzles
// pass the same check.
TEST(Merge, APuzzleNotWhatItsBoardGivesRefusesItsFileAlone) {
    TempDir dir;
    fs::copy_file(test_data("boards/kb_input.txt"), dir / "kb_input.txt");
    fs::copy_file(test_data("boards/yb_expert_0001.txt"), dir / "yb.txt");
    fs::copy_file(test_data("blocks/klotski.txt"), dir / "klotski.txt");
    write_file(dir / "eight.txt", "1 2 3\n4 5 6\n0 7 8\n");
    ASSERT_EQ(slidedb(dir, "import kb_input.txt klotski.txt eight.txt --db a.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "import yb.txt --db b.db -q").status, 0);
    const std::vector<std::pair<std::string, std::string>> faults = {
        {"UPDATE puzzles SET board = 'garbage'", "board is 7x1; sizes from 4x4 to 8x8 are supported"},
        {"UPDATE puzzles SET key = key || 'x'",
         "its key is 'unblock 6x6 right B.CDDD/B.CE../BAAE.F/GGHH.F/IIJJ.F/......x', its board's "
         "'unblock 6x6 right B.CDDD/B.CE../BAAE.F/GGHH.F/IIJJ.F/......'"},
        {"UPDATE puzzles SET blocks = blocks + 1", "its blocks is 11, its board's 10"},
        {"UPDATE puzzles SET fixed = NULL", "its fixed is NULL, its board's 0"},
        {"UPDATE puzzles SET family = 'nope', key = 'nope 6x6'", "no family is called 'nope'"},
    };
    std::string inputs, said;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        const std::string name = "bad" + std::to_string(i) + ".db";
        fs::copy_file(dir / "b.db", dir / name);
        SQLite::Database(dir / name, SQLite::OPEN_READWRITE).exec(faults[i].first);
        inputs += " " + name;
        said += name + ": puzzle 1: " + faults[i].second + "; nothing of the file was added\n";
    }
    const Outcome m = slidedb(dir, "merge a.db" + inputs + " b.db --db all.db");
    EXPECT_EQ(m.status, 1);
    EXPECT_EQ(m.err, said);
    EXPECT_EQ(m.out, "a.db: 1 run, 3 puzzles (3 new, 0 known), 305 other rows\n"
                     "b.db: 1 run, 1 puzzle (1 new, 0 known), 84 other rows\n");
    const std::string q = "SELECT family, key FROM puzzles ORDER BY key";
    ASSERT_EQ(slidedb(dir, "import kb_input.txt klotski.txt eight.txt yb.txt --db both.db -q").status, 0);
    EXPECT_EQ(dump(dir / "all.db", q), dump(dir / "both.db", q));
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM imports"), "2\n");
    // `show` of such a row names the database and the puzzle.
    for (std::size_t i : {0, 4}) {
        const std::string name = "bad" + std::to_string(i) + ".db";
        const Outcome shown = slidedb(dir, "show 1 --db " + name);
        EXPECT_EQ(shown.status, 1);
        EXPECT_EQ(shown.err, "slidedb: " + name + ": puzzle 1: " + faults[i].second + "\n");
        EXPECT_EQ(shown.out, "");
    }
}

// A file given to merge is read as it is, and only its stored rows: an
// endless view, a value of a gigabyte computed as it is read or a virtual
// table in place of a table refuses the file at once; an older schema is
// named, and the file is left as it was.
TEST(Merge, AFileIsReadAsItIsAndOnlyItsStoredRows) {
    TempDir dir;
    fs::copy_file(test_data("boards/kb_input.txt"), dir / "kb_input.txt");
    ASSERT_EQ(slidedb(dir, "import kb_input.txt --db a.db -q").status, 0);
    const std::vector<std::pair<std::string, std::string>> hostile = {
        {"ALTER TABLE puzzles RENAME TO p_old; CREATE VIEW puzzles AS WITH RECURSIVE r(n) AS "
         "(SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT p.* FROM p_old p, r",
         "its 'puzzles' is a view, not a table of stored rows"},
        {"ALTER TABLE errors ADD COLUMN big TEXT AS (printf('%.*c', 900000000, 'x'))",
         "its column errors.big is computed as it is read, not stored"},
        {"DROP TABLE errors; CREATE VIRTUAL TABLE errors USING fts5(path)",
         "its 'errors' is a virtual table, not a table of stored rows"},
        {"PRAGMA user_version = 14",
         "of schema version 14, older than this slidedb's " + std::to_string(schema_files().size()) +
             "; merge reads a file as it is and never writes it: bring it up to date by opening it once where it "
             "may be written (slidedb report summary --db bad3.db)"},
    };
    std::string inputs, said;
    for (std::size_t i = 0; i < hostile.size(); ++i) {
        const std::string name = "bad" + std::to_string(i) + ".db";
        fs::copy_file(dir / "a.db", dir / name);
        SQLite::Database(dir / name, SQLite::OPEN_READWRITE).exec(hostile[i].first);
        inputs += " " + name;
        said += name + ": " + hostile[i].second + (i < 3 ? "; nothing of the file was added\n" : "\n");
    }
    const std::string before = content(dir / "bad3.db");
    const auto started = std::chrono::steady_clock::now();
    const Outcome m = slidedb(dir, "merge" + inputs + " a.db --db all.db");
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(60));  // not the endless view
    EXPECT_EQ(m.status, 1);
    EXPECT_EQ(m.err, said);
    EXPECT_EQ(m.out, "a.db: 1 run, 1 puzzle (1 new, 0 known), 18 other rows\n");
    EXPECT_EQ(content(dir / "bad3.db"), before);
}

// Ctrl-C during a merge of many files: the file under way is merged whole,
// the rest are left, and the same command goes on (adding nothing twice).
TEST(Merge, CtrlCStopsAfterTheFileUnderWayAndTheSameCommandGoesOn) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 5 --walls 0..1 --db e.db -q").status, 0);
    std::string inputs;
    for (int i = 0; i < 60; ++i) {
        fs::copy_file(dir / "e.db", dir / fmt::format("s{}.db", i));
        inputs += fmt::format(" s{}.db", i);
    }
    const pid_t pid = spawn_slidedb(dir, "merge" + inputs + " --db all.db");
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(wait_until([&] { return std::stoll(dump(dir / "all.db", "SELECT COUNT(*) FROM puzzles")) > 0; }));
    kill(pid, SIGINT);
    const int wstatus = wait_status(pid);
    ASSERT_TRUE(WIFEXITED(wstatus)) << "ended by signal " << WTERMSIG(wstatus);
    EXPECT_EQ(WEXITSTATUS(wstatus), 130);
    const std::string err = slurp(dir / "err.txt");
    EXPECT_NE(err.find("slidedb merge: stopped by Ctrl-C: "), std::string::npos) << err;
    EXPECT_NE(err.find(" of 60 files merged; the same command goes on from there"), std::string::npos) << err;
    EXPECT_EQ(dump(dir / "all.db", "PRAGMA integrity_check"), "ok\n");
    const Outcome rest = slidedb(dir, "merge" + inputs + " --db all.db");
    EXPECT_EQ(rest.status, 0) << rest.err;
    EXPECT_EQ(dump(dir / "all.db", "SELECT COUNT(*) FROM enumerated"),
              dump(dir / "e.db", "SELECT COUNT(*) FROM enumerated"));
}

// Runs are matched to the target's by their start, command and jobs, through
// an index: a file of 20,000 runs merges in a few seconds.
TEST(Merge, AFileOfManyRunsMergesInTimeLinearInThem) {
    TempDir dir;
    fs::copy_file(test_data("boards/kb_input.txt"), dir / "kb_input.txt");
    ASSERT_EQ(slidedb(dir, "import kb_input.txt --db a.db -q").status, 0);
    fs::copy_file(dir / "a.db", dir / "b.db");
    SQLite::Database(dir / "a.db", SQLite::OPEN_READWRITE)
        .exec("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20000) "
              "INSERT INTO imports (started_at, command, jobs) "
              "SELECT printf('2001-01-01T00:00:%08d', n), 'x', 1 FROM r");
    const Outcome m = slidedb(dir, "merge a.db --db b.db");
    EXPECT_EQ(m.status, 0) << m.err;
    EXPECT_EQ(m.out, "a.db: 20000 runs, 1 puzzle (0 new, 1 known), 0 other rows\n");
    EXPECT_EQ(dump(dir / "b.db", "SELECT COUNT(*) FROM imports"), "20001\n");
    // Merged again: every run is known.
    const Outcome again = slidedb(dir, "merge a.db --db b.db");
    EXPECT_EQ(again.out, "a.db: 0 runs, 1 puzzle (0 new, 1 known), 0 other rows\n");
}

}  // namespace
}  // namespace slidedb::e2e

namespace slidedb::e2e {
namespace {

TEST(Enumerate, AnImportedPuzzleIsLinkedToItsClusterAndRanked) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    // One move from the hardest 4x4 puzzle "BB.C/AA.C/DEEE/D.FF" (7 moves).
    write_file(dir / "near.txt", "BB.C\nAA.C\nDEEE\nDFF.\n");
    const Outcome imported = slidedb(dir, "import near.txt --db e.db -q");
    ASSERT_EQ(imported.status, 0) << imported.err;
    EXPECT_EQ(dump(dir / "e.db", "SELECT p.board, s.moves, q.board FROM enumeration_links l "
                                 "JOIN puzzles p ON p.id = l.puzzle_id JOIN solutions s ON s.puzzle_id = p.id "
                                 "JOIN puzzles q ON q.id = l.enumerated_id"),
              "BB.C\nAA.C\nDEEE\nDFF.|6|BB.C\nAA.C\nDEEE\nD.FF\n");
    const std::string id = dump(dir / "e.db", "SELECT puzzle_id FROM enumeration_links");
    const Outcome show = slidedb(dir, "show " + id.substr(0, id.size() - 1) + " --db e.db");
    ASSERT_EQ(show.status, 0) << show.err;
    // 23 of the 32 puzzles need fewer than 6 moves: 71.875%, rounded down.
    EXPECT_NE(show.out.find("Rank: 6 moves, harder than 71.8% of all 4x4 puzzles (32 enumerated, 0..2 walls)"),
              std::string::npos) << show.out;
    EXPECT_NE(show.out.find("(7 moves, 34 boards)"), std::string::npos) << show.out;
    const Outcome patterns = slidedb(dir, "report patterns --db e.db --format csv");
    ASSERT_EQ(patterns.status, 0) << patterns.err;
    EXPECT_NE(patterns.out.find("4x4 0..2,7,3,62,34"), std::string::npos) << patterns.out;
    // Figures rounded to 1/50 of a decade say so in their columns' names.
    EXPECT_NE(patterns.out.find("moves,examined_about,puzzles"), std::string::npos) << patterns.out;
    EXPECT_NE(patterns.out.find("moves,cluster_about,puzzles"), std::string::npos) << patterns.out;
    // The prisoner alone, one move from the exit: one move, not "1 moves".
    write_file(dir / "one.txt", "....\nAA..\n....\n....\n");
    ASSERT_EQ(slidedb(dir, "import one.txt --db e.db -q").status, 0);
    const std::string one = dump(dir / "e.db", "SELECT s.puzzle_id FROM solutions s WHERE s.moves = 1");
    const Outcome shown = slidedb(dir, "show " + one.substr(0, one.size() - 1) + " --db e.db");
    EXPECT_NE(shown.out.find("Rank: 1 move, harder than 0.0% of all 4x4 puzzles"), std::string::npos) << shown.out;
}

// A part of an enumeration is no measure of the whole: the rank says it is
// among the puzzles enumerated so far, and how many units that is.
TEST(Enumerate, ARankInAnEnumerationNotFinishedSaysSo) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --shard 1/4 --db e.db -q").status, 0);
    write_file(dir / "near.txt", "BB.C\nAA.C\nDEEE\nDFF.\n");
    ASSERT_EQ(slidedb(dir, "import near.txt --db e.db -q").status, 0);
    const std::string id = dump(dir / "e.db", "SELECT id FROM puzzles WHERE board = 'BB.C\nAA.C\nDEEE\nDFF.'");
    const std::string units = dump(dir / "e.db", "SELECT COUNT(*) || ' of ' || (SELECT units FROM enumerations) "
                                                 "FROM enumeration_units");
    const Outcome show = slidedb(dir, "show " + id.substr(0, id.size() - 1) + " --db e.db");
    ASSERT_EQ(show.status, 0) << show.err;
    EXPECT_NE(show.out.find("of the 4x4 puzzles enumerated so far ("), std::string::npos) << show.out;
    EXPECT_NE(show.out.find(", 0..2 walls, " + units.substr(0, units.size() - 1) + " units)"), std::string::npos)
        << show.out;
    EXPECT_EQ(show.out.find("of all 4x4 puzzles"), std::string::npos) << show.out;
}


TEST(Enumerate, ThePatternsReportRanksTheHardestEnumeratedWithTheirKeys) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    const Outcome top = slidedb(dir, "report patterns --top 3 --db e.db --format csv");
    ASSERT_EQ(top.status, 0) << top.err;
    const std::string ids = dump(dir / "e.db", "SELECT puzzle_id FROM enumerated WHERE moves = 7 ORDER BY cluster_size DESC");
    std::istringstream in(ids);
    std::string a, b, c;
    in >> a >> b >> c;
    EXPECT_NE(top.out.find("id,enumeration,moves,cluster,walls,blocks,key\r\n" +
                           a + ",4x4 0..2,7,34,0,6,BB.C/AA.C/DEEE/D.FF\r\n" +
                           b + ",4x4 0..2,7,20,0,6,BB.C/AA.C/DEEE/DFFF\r\n" +
                           c + ",4x4 0..2,7,8,0,6,BBBC/DAAC/D.EE/DFFF\r\n"),
              std::string::npos) << top.out;
    // Past the enumeration's 32 puzzles, all of them, the easiest last.
    const Outcome all = slidedb(dir, "report patterns --top 40 --db e.db --format csv");
    const std::size_t from = all.out.find("id,enumeration,moves,cluster,walls,blocks,key\r\n");
    ASSERT_NE(from, std::string::npos) << all.out;
    const std::string section = all.out.substr(from, all.out.find("\n\n", from) - from + 1);
    EXPECT_EQ(std::count(section.begin(), section.end(), '\n'), 1 + 32) << section;
    EXPECT_NE(section.find(",4x4 0..2,1,3,0,1,..../AA../..../....\r\n"), std::string::npos) << section;
}

TEST(Enumerate, EnumeratedPuzzlesAreSourcesAndCountedApartFromSearches) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    // The hardest enumerated puzzle, imported from a file as well: searched.
    write_file(dir / "hard.txt", "BB.C\nAA.C\nDEEE\nD.FF\n");
    ASSERT_EQ(slidedb(dir, "import hard.txt --db e.db -q").status, 0);
    // CSV rows end in CRLF (RFC 4180).
    const Outcome summary = slidedb(dir, "report summary --db e.db --format csv");
    ASSERT_EQ(summary.status, 0) << summary.err;
    EXPECT_NE(summary.out.find("puzzles,solved,unsolvable,sources,imports,errors,claims_disagreeing\r\n"
                               "32,1,0,33,2,0,0\r\n"),
              std::string::npos) << summary.out;
    // 31 only enumerated: 514 boards in all, 34 of them the searched one's.
    EXPECT_NE(summary.out.find("unblock,solved,1,7,7,7,34\r\nunblock,enumerated,31,1,7,4.3,480\r\n"), std::string::npos)
        << summary.out;
    EXPECT_NE(summary.out.find("board-file,grid,1,1,1\r\nenumeration,4x4 0..2 walls,32,32,1\r\n"), std::string::npos)
        << summary.out;
    const std::string id = dump(dir / "e.db", "SELECT p.id || ' ' || x.unit FROM puzzles p JOIN enumerated x "
                                              "ON x.puzzle_id = p.id WHERE p.board = 'BB.C\nAA.C\nDEEE\nD.FF'");
    const std::string puzzle = id.substr(0, id.find(' ')), unit = id.substr(id.find(' ') + 1, id.size() - id.find(' ') - 2);
    const Outcome show = slidedb(dir, "show " + puzzle + " --db e.db");
    ASSERT_EQ(show.status, 0) << show.err;
    EXPECT_NE(show.out.find("hard.txt"), std::string::npos) << show.out;
    EXPECT_NE(show.out.find("slidedb enumerate --size 4 --walls 0..2  " + std::string(4 - unit.size(), ' ') + unit +
                            "  enumeration  4x4 0..2 walls              7               34"),
              std::string::npos) << show.out;
    // A puzzle only enumerated says where its figures come from.
    const std::string other = dump(dir / "e.db", "SELECT MIN(puzzle_id) FROM enumerated WHERE moves = 1");
    const Outcome only = slidedb(dir, "show " + other.substr(0, other.size() - 1) + " --db e.db");
    EXPECT_NE(only.out.find("Not searched: its figures below are the enumeration's."), std::string::npos) << only.out;

    // The same tallies after a merge of the enumeration and the import.
    ASSERT_EQ(slidedb(dir, "merge e.db --db m.db").status, 0);
    const Outcome merged = slidedb(dir, "report summary --db m.db --format csv");
    EXPECT_NE(merged.out.find("unblock,solved,1,7,7,7,34\r\nunblock,enumerated,31,1,7,4.3,480\r\n"), std::string::npos)
        << merged.out;
    EXPECT_EQ(dump(dir / "m.db", "SELECT * FROM tally_enumerated ORDER BY moves"),
              dump(dir / "e.db", "SELECT * FROM tally_enumerated ORDER BY moves"));
    EXPECT_EQ(dump(dir / "m.db", "SELECT * FROM tally_sources ORDER BY kind, format"),
              dump(dir / "e.db", "SELECT * FROM tally_sources ORDER BY kind, format"));
}

// Ctrl-C, then a batch scheduler's SIGTERM (sent at a job's time limit):
// each run stores the units under way and ends with 128 + the signal, and
// the third run finishes the enumeration with the figures of one run.
TEST(Enumerate, CtrlCAndSigtermStoreTheUnitsUnderWayAndTheSameCommandGoesOn) {
    TempDir dir;
    const std::string args = "enumerate --size 5 --walls 0..1 --puzzle-clusters-only --db cut.db -j 1 -q";
    std::int64_t stored = 0;
    int run = 0;
    for (const int signal : {SIGINT, SIGTERM}) {
        ++run;
        const pid_t pid = spawn_slidedb(dir, args);
        ASSERT_GT(pid, 0);
        // The run is recorded once it catches the signals; a moment later it is well under way.
        wait_until([&] { return dump(dir / "cut.db", "SELECT COUNT(*) FROM imports") == std::to_string(run) + "\n"; });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        kill(pid, signal);
        const int wstatus = wait_status(pid);
        ASSERT_TRUE(WIFEXITED(wstatus)) << "ended by signal " << WTERMSIG(wstatus);
        EXPECT_EQ(WEXITSTATUS(wstatus), 128 + signal);
        const std::string err = slurp(dir / "err.txt");
        EXPECT_NE(err.find(signal == SIGINT ? "stopped by Ctrl-C: " : "stopped by SIGTERM: "), std::string::npos) << err;
        EXPECT_NE(err.find("the same command goes on from there"), std::string::npos) << err;
        EXPECT_NE(err.find("slidedb enumerate: stopping once the units under way are stored"), std::string::npos) << err;
        EXPECT_EQ(dump(dir / "cut.db", "PRAGMA integrity_check"), "ok\n");
        const std::int64_t now = std::stoll(dump(dir / "cut.db", "SELECT COUNT(*) FROM enumeration_units"));
        EXPECT_GE(now, stored);
        EXPECT_LT(now, 5430);
        stored = now;
    }
    const Outcome rest = slidedb(dir, args);
    ASSERT_EQ(rest.status, 0) << rest.err;
    EXPECT_EQ(rest.out.substr(0, rest.out.find("; this run")),
              "5x5 walls 0..1 (clusters that can give a puzzle): 5430/5430 units; clusters 353932, with a goal "
              "353932, puzzles 6041, most moves 21, boards in their clusters 992656");
    EXPECT_NE(rest.out.find("; this run " + std::to_string(5430 - stored) + " units"), std::string::npos) << rest.out;
    EXPECT_EQ(dump(dir / "cut.db", "SELECT COUNT(*), SUM(cluster_size) FROM enumerated"), "6041|992656\n");
    // The two stopped runs are recorded as cut short, as a stopped import is.
    EXPECT_EQ(dump(dir / "cut.db", "SELECT id, finished_at IS NULL FROM imports ORDER BY id"), "1|1\n2|1\n3|0\n");
}

TEST(Enumerate, TheFamilyOptionTakesOnlyAFamilyThatEnumerates) {
    TempDir dir;
    const Outcome tiles = slidedb(dir, "enumerate --family tiles --size 4 --db t.db");
    EXPECT_EQ(tiles.status, 2);
    EXPECT_NE(tiles.err.find("--family: family tiles cannot enumerate; families that can: unblock"), std::string::npos)
        << tiles.err;
    const Outcome unknown = slidedb(dir, "enumerate --family chess --size 4 --db t.db");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("no family is called 'chess'; families that can enumerate: unblock"), std::string::npos)
        << unknown.err;
    EXPECT_FALSE(fs::exists(dir / "t.db"));

    // Naming the default family changes nothing.
    const Outcome named = slidedb(dir, "enumerate --family unblock --size 4 --walls 0..0 --db named.db -q");
    const Outcome plain = slidedb(dir, "enumerate --size 4 --walls 0..0 --db plain.db -q");
    ASSERT_EQ(named.status, 0) << named.err;
    ASSERT_EQ(plain.status, 0) << plain.err;
    const std::string figures = "4x4 walls 0..0: 27/27 units; clusters 880, with a goal 493, puzzles 32, most moves 7, "
                                "boards in their clusters 514";
    EXPECT_EQ(named.out.substr(0, named.out.find("; this run")), figures);
    EXPECT_EQ(plain.out.substr(0, plain.out.find("; this run")), figures);
    EXPECT_EQ(enumeration_content(dir / "named.db"), enumeration_content(dir / "plain.db"));
    EXPECT_EQ(dump(dir / "named.db", "SELECT command FROM imports"), "slidedb enumerate --size 4 --walls 0..0 --shard 1/1\n");
    EXPECT_EQ(dump(dir / "plain.db", "SELECT command FROM imports"), "slidedb enumerate --size 4 --walls 0..0 --shard 1/1\n");
}

}  // namespace
}  // namespace slidedb::e2e
