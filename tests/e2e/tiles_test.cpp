// The family `tiles` through the binary: import, the database rows, solve
// and the HTML page. Only boards whose tables build in a blink (4x3) or need
// none (parity, short searches) are used: the 15-puzzle's tables stay out of
// the test suite.
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
                         "1 claim mismatch"),
              std::string::npos)
        << r.err;

    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT p.key, s.moves, s.search, s.cluster_by, s.cluster_size, s.hardest_moves, "
                       "s.solver_version FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id WHERE p.width = 3 "
                       "ORDER BY p.id"),
              "tiles 3x3 8 6 7 / 2 5 4 / 3 0 1|31|bfs|search|181440|31|slidedb-bfs 1\n"
              "tiles 3x3 6 4 7 / 8 5 0 / 3 2 1|31|bfs|search|181440|31|slidedb-bfs 1\n"
              "tiles 3x3 1 2 3 / 4 5 6 / 7 0 8|1|bfs|search|181440|31|slidedb-bfs 1\n");
    // Every distance to the goal, as published.
    EXPECT_EQ(dump(db, "SELECT group_concat(boards, ',') FROM (SELECT boards FROM goal_levels g JOIN puzzles p "
                       "ON p.id = g.puzzle_id WHERE p.key = 'tiles 3x3 1 2 3 / 4 5 6 / 7 0 8' ORDER BY distance)"),
              "1,2,4,8,16,20,39,62,116,152,286,396,748,1024,1893,2512,4485,5638,9529,10878,16993,17110,23952,"
              "20224,24047,15578,14560,6274,3910,760,221,2\n");
    EXPECT_EQ(dump(db, "SELECT s.status, s.search, s.reason, s.cluster_size, s.moves, s.solver_version FROM "
                       "solutions s JOIN puzzles p ON p.id = s.puzzle_id WHERE p.width = 4 AND p.height = 4"),
              "unsolvable|parity|the goal is out of reach: the arrangement and the goal have opposite parity, "
              "and moves keep it|10461394944000|NULL|slidedb-parity 1\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM levels l JOIN solutions s ON s.puzzle_id = l.puzzle_id "
                        "WHERE s.search = 'parity'"),
              0);  // nothing searched
    // The unsolvable report counts it as decided by parity, from the tallies.
    const Outcome unsolvable = slidedb(dir, "report unsolvable --family tiles --db t.db --format csv");
    ASSERT_EQ(unsolvable.status, 0) << unsolvable.err;
    EXPECT_EQ(unsolvable.out.substr(0, unsolvable.out.find("\r\n\n")),  // CSV rows end in CRLF
              "unsolvable,searched_whole,by_parity,with_blocked_cells,largest_cluster,listed\r\n"
              "1,0,1,0,10461394944000,1");
    // The 2x4 lines: the goal from the directive is part of the key; claim b disagrees (it needs 28).
    EXPECT_EQ(dump(db, "SELECT p.key, s.moves FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                       "WHERE p.height = 2 ORDER BY p.id"),
              "tiles 4x2 1 0 2 3 / 4 5 6 7 goal 0 1 2 3 / 4 5 6 7|1\n"
              "tiles 4x2 7 6 5 4 / 3 2 1 0 goal 0 1 2 3 / 4 5 6 7|28\n");
    EXPECT_EQ(dump(db, "SELECT line, claimed_moves, moves FROM claim_mismatches"), "4|9|28\n");
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors ORDER BY line"),
              "in/bad.txt|2|tile 3 appears twice and tile 6 is missing\n"
              "in/bad.txt|7|two blanks\n"
              "in/bad.txt|10|ragged rows: row 2 has 2 tiles, row 1 has 3\n"
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

// `show` and `report puzzle` say what `solve` said of a stored puzzle: how
// the family found it (parity, IDA*) and why it has no solution, never a
// depth of -1 for a cluster counted by formula or a table of no levels.
TEST(Tiles, ShowSaysHowThePuzzleWasDecided) {
    TempDir dir;
    write_file(dir / "in/fifteen.txt", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0\n");
    write_file(dir / "in/eight.txt", "8 6 7\n2 5 4\n3 0 1\n");
    const Outcome r = slidedb(dir, "import in --db t.db --max-states 100000 --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    SQLite::Database db((dir / "t.db").string());
    const std::string parity = std::to_string(count(db, "SELECT puzzle_id FROM solutions WHERE search = 'parity'"));
    const std::string ida = std::to_string(count(db, "SELECT puzzle_id FROM solutions WHERE search = 'ida'"));

    const Outcome shown = slidedb(dir, "show " + parity + " --db t.db");
    ASSERT_EQ(shown.status, 0) << shown.err;
    const std::string said = "Unsolvable: the goal is out of reach: the arrangement and the goal have opposite "
                             "parity, and moves keep it.\n\n"
                             "   1  2  3  4\n   5  6  7  8\n   9 10 11 12\n  13 15 14  .\n\n"
                             "Cluster: 10461394944000 boards (exact, by formula), 0 with every tile home\n"
                             "Search:  none: parity decides it\n";
    EXPECT_NE(shown.out.find(said), std::string::npos) << shown.out;
    EXPECT_EQ(shown.out.find("depth"), std::string::npos) << shown.out;
    const Outcome solved = slidedb(dir, "solve in/fifteen.txt");
    EXPECT_EQ(solved.out, said) << solved.out;  // no table of levels after it

    const Outcome report = slidedb(dir, "report puzzle " + parity + " --db t.db --format csv");
    ASSERT_EQ(report.status, 0) << report.err;
    const std::string rows = report.out.substr(0, report.out.find("\r\n\r\n"));
    EXPECT_NE(rows.find("\r\npieces,15\r\n"), std::string::npos) << rows;  // no "(0 fixed cells)"
    EXPECT_NE(rows.find("cluster,\"10461394944000 boards (exact, by formula), 0 at the goal\"\r\n"
                        "search,none: parity decides it\r\n"
                        "why,\"the goal is out of reach: the arrangement and the goal have opposite parity, and "
                        "moves keep it\"\r\n"),
              std::string::npos)
        << report.out;

    const Outcome searched = slidedb(dir, "show " + ida + " --db t.db");
    ASSERT_EQ(searched.status, 0) << searched.err;
    EXPECT_NE(searched.out.find("Cluster: 181440 boards (exact, by formula), 1 with every tile home\n"
                                "Search:  ida, "),
              std::string::npos)
        << searched.out;
    EXPECT_NE(searched.out.find("bound  expanded  generated  fresh  goals\n"), std::string::npos) << searched.out;
    const Outcome ida_report = slidedb(dir, "report puzzle " + ida + " --db t.db --format csv");
    EXPECT_NE(ida_report.out.find("search,\"IDA*, "), std::string::npos) << ida_report.out;
    EXPECT_EQ(ida_report.out.find("depth -1"), std::string::npos) << ida_report.out;
}

// The 24-puzzle's cluster, 25!/2 boards, passes 64 bits: stored as 0, it is
// said so, not "0 boards", by solve, show and the report.
TEST(Tiles, AClusterPast64BitsIsSaidSo) {
    TempDir dir;
    write_file(dir / "near.txt", "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24\n");
    write_file(dir / "odd.txt", "2 1 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 24 0\n");
    for (const char* file : {"near.txt", "odd.txt"}) {
        const Outcome solved = slidedb(dir, std::string("solve ") + file + " --no-levels");
        EXPECT_NE(solved.out.find("Cluster: more boards than 64 bits count (by formula), "), std::string::npos)
            << solved.out;
    }
    ASSERT_EQ(slidedb(dir, "import near.txt odd.txt --db t.db -q").status, 0);
    for (const char* id : {"1", "2"}) {
        const Outcome shown = slidedb(dir, std::string("show ") + id + " --db t.db");
        EXPECT_NE(shown.out.find("Cluster: more boards than 64 bits count (by formula), "), std::string::npos)
            << shown.out;
        const Outcome report = slidedb(dir, std::string("report puzzle ") + id + " --db t.db --format csv");
        EXPECT_NE(report.out.find("cluster,\"more boards than 64 bits count (by formula), "), std::string::npos)
            << report.out;
    }
}

// Under --max-states the 8-puzzle goes to IDA*, which Manhattan distance and
// linear conflicts answer with no table at all.
TEST(Tiles, ShortSearchesNeedNoTable) {
    TempDir dir;
    write_file(dir / "p.txt", "8 6 7\n2 5 4\n3 0 1\n");
    const Outcome r = slidedb(dir, "import p.txt --db t.db --max-states 100000 --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("pattern table"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "cache"));
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT moves, search, cluster_by, solver_version FROM solutions"),
              "31|ida|formula|slidedb-ida 1\n");  // as the BFS gives
    EXPECT_EQ(count(db, "SELECT SUM(examined) FROM levels"), count(db, "SELECT examined FROM solutions"));
}

// A 4x3 board past the table-free search's budget: its tables are built
// into the cache folder once (and said so); the search goes on from the
// bound the first search reached, its levels the iterations of both.
TEST(Tiles, IdaBuildsItsTablesOnceIntoTheCache) {
    TempDir dir;
    write_file(dir / "p.txt", "# size: 4x3\n0 3 2 1 8 7 6 5 11 10 4 9\n");
    const Outcome r = slidedb(dir, "import p.txt --db u.db --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("building the pattern table of 6 tiles on 4x3 (665280 entries), once, into cache/"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("built the pattern table of 6 tiles on 4x3 in "), std::string::npos) << r.err;
    const Outcome r2 = slidedb(dir, "import p.txt --db v.db --cache-dir cache");
    ASSERT_EQ(r2.status, 0) << r2.err;
    EXPECT_EQ(r2.err.find("pattern table"), std::string::npos) << r2.err;  // mapped from the cache
    EXPECT_TRUE(fs::exists(dir / "cache"));

    SQLite::Database db((dir / "v.db").string());
    EXPECT_EQ(dump(db, "SELECT moves, search, cluster_by, cluster_size, cluster_depth FROM solutions"),
              "49|ida|formula|239500800|-1\n");
    EXPECT_EQ(dump(db, "SELECT max(depth), sum(goals) FROM levels"), "49|1\n");
    EXPECT_EQ(count(db, "SELECT SUM(examined) FROM levels"), count(db, "SELECT examined FROM solutions"));
    EXPECT_GT(count(db, "SELECT examined FROM solutions"), 4000000);  // the budget, then the tables
    // A search stopped by --max-states says so in limit_reason, beside the reason in words.
    ASSERT_EQ(slidedb(dir, "import p.txt --db w.db --max-states 50 --cache-dir cache").status, 0);
    SQLite::Database cut((dir / "w.db").string());
    EXPECT_EQ(dump(cut, "SELECT status, limit_reason, search, reason FROM solutions"),
              "limit|states|ida|stopped after 50 boards (--max-states)\n");
}

// The 15-puzzle's tables need about 2 GB to build: under --max-memory 64M
// the puzzle that needs them is a `limit` row (memory), nothing is built,
// and the batch goes on.
TEST(Tiles, TablesOverTheMemoryBudgetMakeALimitRow) {
    TempDir dir;
    write_file(dir / "p.txt",
               "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15\n"
               "0 12 9 13 / 15 11 10 14 / 3 7 2 5 / 4 8 6 1\n"
               "1 2 3 4 / 5 6 7 8 / 9 10 0 12 / 13 14 11 15\n");
    const Outcome r = slidedb(dir, "import p.txt --db t.db --max-memory 64M --cache-dir cache");
    EXPECT_EQ(r.status, 1) << r.err;  // the limit is named as a failed input
    EXPECT_NE(r.err.find("3 puzzles (3 new, 0 known); new: 2 solved, 0 unsolvable, 1 limit"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir / "cache"));
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT so.line, s.status, s.moves, s.limit_reason FROM sources so JOIN solutions s "
                       "USING (puzzle_id) ORDER BY so.line"),
              "1|solved|1|NULL\n2|limit|NULL|memory\n3|solved|2|NULL\n");
    EXPECT_EQ(dump(db, "SELECT reason FROM solutions WHERE status = 'limit'"),
              "the pattern tables need 2035 MiB to build or load, over the memory limit of 64 MiB (--max-memory)\n");
}

// A tiles file is read as it streams: every line is stored, and a bad line
// in the middle is an error row with its line number.
TEST(Tiles, LargeFileStreamsWithEveryLineAndTheBadOne) {
    TempDir dir;
    std::string text;
    std::uint32_t seed = 1;
    for (int line = 1; line <= 20000; ++line) {
        if (line == 10000) {
            text += "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 15\n";
            continue;
        }
        // A short walk of the blank from the goal.
        int cells[16], blank = 15;
        for (int i = 0; i < 16; ++i) cells[i] = (i + 1) % 16;
        for (int step = 0; step < 1 + line % 9; ++step) {
            seed = seed * 1103515245u + 12345u;
            const int way = static_cast<int>((seed >> 16) % 4);
            const int to = way == 0 ? blank - 4 : way == 1 ? blank + 4 : way == 2 ? blank - 1 : blank + 1;
            if (to < 0 || to >= 16 || (way >= 2 && to / 4 != blank / 4)) continue;
            std::swap(cells[blank], cells[to]);
            blank = to;
        }
        for (int i = 0; i < 16; ++i) text += std::to_string(cells[i]) + (i == 15 ? "\n" : i % 4 == 3 ? " / " : " ");
    }
    write_file(dir / "in.txt", text);
    const Outcome r = slidedb(dir, "import in.txt --db t.db --cache-dir cache");
    EXPECT_EQ(r.status, 1) << r.err;
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT COUNT(*), MIN(line), MAX(line), SUM(line) FROM sources"),
              "19999|1|20000|200000000\n");  // 1 + ... + 20000 less 10000
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors"), "in.txt|10000|no blank: tile 15 appears twice\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE status <> 'solved'"), 0);
    EXPECT_FALSE(fs::exists(dir / "cache"));  // short walks: no table
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
