// The family `tiles` through the binary: import, the database rows, solve
// and the HTML page. Only boards whose tables build in a blink (3x3) or need
// none (parity) are used: the 15-puzzle's tables stay out of the test suite.
#include "e2e.h"

namespace slidedb::e2e {
namespace {

std::string with_cache(const std::string& args) {
    return std::string("SLIDEDB_CACHE=cache '") + SLIDEDB_BINARY + "' " + args;
}

void write_tiles(const TempDir& dir) {
    write_file(dir / "in/eight.txt",
               "# the two hardest 8-puzzles, and an easy one\n"
               "8 6 7\n2 5 4\n3 0 1\n\n"
               "6 4 7\n8 5 _\n3 2 1\n\n"
               "1 2 3\n4 5 6\n7 . 8\n");
    write_file(dir / "in/fifteen.txt",
               "# 14 and 15 swapped: out of reach\n"
               "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0\n");
    write_file(dir / "in/korf_like.txt",
               "# size: 4x2\n"
               "# goal: blank first\n"
               "a 1 1 0 2 3 4 5 6 7\n"
               "b 9 7 6 5 4 3 2 1 0\n");
    write_file(dir / "in/bad.txt",
               "1 2 3\n4 5 3\n7 8 0\n\n"
               "1 2 3\n4 0 6\n7 8 0\n\n"
               "1 2 3\n4 5\n7 8 0 6\n\n"
               "# goal: 1 2 / 3 0\n"
               "1 2 3 / 4 5 6 / 7 8 0\n");
}

TEST(Tiles, ImportStoresClustersParityAndErrors) {
    TempDir dir;
    write_tiles(dir);
    const Outcome r = run_shell(dir, with_cache("import in --db t.db"));
    EXPECT_EQ(r.status, 1) << r.err;  // bad input and a disagreeing claim: exit 1, the batch went on
    EXPECT_NE(r.err.find("4 files, 6 puzzles (6 new, 0 known); new: 5 solved, 1 unsolvable, 0 limit; 4 errors; "
                         "1 claim mismatches"),
              std::string::npos)
        << r.err;

    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT p.key, s.moves, s.search, s.cluster_by, s.cluster_size, s.hardest_moves "
                       "FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id WHERE p.width = 3 ORDER BY p.id"),
              "tiles 3x3 8 6 7 / 2 5 4 / 3 0 1|31|bfs|search|181440|31\n"
              "tiles 3x3 6 4 7 / 8 5 0 / 3 2 1|31|bfs|search|181440|31\n"
              "tiles 3x3 1 2 3 / 4 5 6 / 7 0 8|1|bfs|search|181440|31\n");
    // Every distance to the goal, as published.
    EXPECT_EQ(dump(db, "SELECT group_concat(boards, ',') FROM (SELECT boards FROM goal_levels g JOIN puzzles p "
                       "ON p.id = g.puzzle_id WHERE p.key = 'tiles 3x3 1 2 3 / 4 5 6 / 7 0 8' ORDER BY distance)"),
              "1,2,4,8,16,20,39,62,116,152,286,396,748,1024,1893,2512,4485,5638,9529,10878,16993,17110,23952,"
              "20224,24047,15578,14560,6274,3910,760,221,2\n");
    EXPECT_EQ(dump(db, "SELECT s.status, s.search, s.reason, s.cluster_size, s.moves FROM solutions s JOIN "
                       "puzzles p ON p.id = s.puzzle_id WHERE p.width = 4 AND p.height = 4"),
              "unsolvable|parity|the goal is out of reach: the arrangement and the goal have opposite parity, "
              "and moves keep it|10461394944000|NULL\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM levels l JOIN solutions s ON s.puzzle_id = l.puzzle_id "
                        "WHERE s.search = 'parity'"),
              0);  // nothing searched
    // The 2x4 lines: the goal from the directive is part of the key; claim b disagrees (it needs 28).
    EXPECT_EQ(dump(db, "SELECT p.key, s.moves FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                       "WHERE p.height = 2 ORDER BY p.id"),
              "tiles 4x2 1 0 2 3 / 4 5 6 7 goal 0 1 2 3 / 4 5 6 7|1\n"
              "tiles 4x2 7 6 5 4 / 3 2 1 0 goal 0 1 2 3 / 4 5 6 7|28\n");
    EXPECT_EQ(dump(db, "SELECT line, claimed_moves, moves FROM claim_mismatches"), "4|9|28\n");
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors ORDER BY line"),
              "in/bad.txt|1|tile 3 appears twice and tile 6 is missing\n"
              "in/bad.txt|5|two blanks\n"
              "in/bad.txt|9|ragged rows: row 2 (line 10) has 2 tiles, row 1 has 3\n"
              "in/bad.txt|14|the goal on line 13 is 2x2, this board is 3x3\n");
}

TEST(Tiles, SolvePrintsEachTileAndTheBlanksWay) {
    TempDir dir;
    write_file(dir / "p.txt", "1 2 3\n4 0 6\n7 5 8\n");
    const Outcome r = run_shell(dir, with_cache("solve p.txt"));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Solved in 2 moves (2 steps).\n\n"
                         "  0. start\n  1 2 3\n  4 . 6\n  7 5 8\n\n"
                         "  1. 5D\n  1 2 3\n  4 5 6\n  7 . 8\n\n"
                         "  2. 8R\n  1 2 3\n  4 5 6\n  7 8 .\n"),
              std::string::npos)
        << r.out;
    const Outcome p = run_shell(dir, with_cache("solve -"), "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0\n");
    EXPECT_NE(p.out.find("Unsolvable: the goal is out of reach: the arrangement and the goal have opposite "
                         "parity, and moves keep it."),
              std::string::npos)
        << p.out;
}

// Under --max-states the 8-puzzle goes to IDA*: its tables are built into
// the cache folder once (and said so), its levels are the iterations.
TEST(Tiles, IdaBuildsItsTablesOnceIntoTheCache) {
    TempDir dir;
    write_file(dir / "p.txt", "8 6 7\n2 5 4\n3 0 1\n");
    const Outcome r = run_shell(dir, with_cache("import p.txt --db t.db --max-states 1000000"));
    ASSERT_EQ(r.status, 0) << r.err;
    const Outcome r2 = run_shell(dir, with_cache("import p.txt --db u.db --max-states 100000"));
    ASSERT_EQ(r2.status, 0) << r2.err;
    EXPECT_NE(r2.err.find("building the pattern table of 4 tiles on 3x3"), std::string::npos) << r2.err;
    const Outcome r3 = run_shell(dir, with_cache("import p.txt --db v.db --max-states 100000"));
    EXPECT_EQ(r3.err.find("building the pattern table"), std::string::npos) << r3.err;  // mapped from the cache
    EXPECT_TRUE(fs::exists(dir / "cache"));

    SQLite::Database db((dir / "v.db").string());
    EXPECT_EQ(dump(db, "SELECT moves, search, cluster_by, cluster_size, cluster_depth FROM solutions"),
              "31|ida|formula|181440|-1\n");
    EXPECT_EQ(dump(db, "SELECT max(depth), sum(goals) FROM levels"), "31|1\n");
    EXPECT_EQ(count(db, "SELECT SUM(examined) FROM levels"), count(db, "SELECT examined FROM solutions"));
    // The same moves as the whole-cluster search gave.
    SQLite::Database full((dir / "t.db").string());
    EXPECT_EQ(dump(full, "SELECT moves, search FROM solutions"), "31|bfs\n");
}

TEST(Tiles, HtmlDrawsTilesAndPlaysTheSolution) {
    TempDir dir;
    write_file(dir / "p.txt", "1 2 3\n4 0 6\n7 5 8\n");
    ASSERT_EQ(run_shell(dir, with_cache("import p.txt --db t.db")).status, 0);
    const Outcome r = slidedb(dir, "report puzzle 1 --db t.db --format html");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("data-moves=\"5D 8R\""), std::string::npos);
    EXPECT_NE(r.out.find("<svg class=\"board tiles\""), std::string::npos);
    EXPECT_NE(r.out.find("data-label=\"5\" data-row=\"2\" data-col=\"1\""), std::string::npos);
}

}  // namespace
}  // namespace slidedb::e2e
