// The tallies of schemas 5 and 7 stay equal to what they summarise, through
// imports of every family, a re-solve and rows deleted by hand.
#include "e2e.h"

namespace slidedb::e2e {
namespace {

// Each tally beside the same figures computed from the rows themselves.
const std::pair<const char*, const char*> kTallies[] = {
    {"SELECT tbl, n FROM tally_rows ORDER BY tbl",
     "SELECT 'puzzles', COUNT(*) FROM puzzles UNION ALL SELECT 'sources', COUNT(*) FROM sources"},
    {"SELECT family, puzzles FROM tally_families ORDER BY family",
     "SELECT family, COUNT(*) FROM puzzles GROUP BY family ORDER BY family"},
    // The sum of cluster sizes is REAL (tiles clusters pass 2^63): compared to 13 digits.
    {"SELECT family, status, moves, puzzles, complete, blocked, printf('%.12e', cluster), examined, cluster2, "
     "examined2, cluster_examined FROM tally_moves ORDER BY family, status, moves",
     "SELECT p.family, status, COALESCE(moves, -1), COUNT(*), SUM(cluster_complete), "
     "SUM(COALESCE(blocked_cells, '') <> ''), printf('%.12e', SUM(1.0 * cluster_size)), SUM(examined), "
     "SUM(1.0 * cluster_size * cluster_size), SUM(1.0 * examined * examined), SUM(1.0 * cluster_size * examined) "
     "FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"},
    {"SELECT family, width, height, moves, puzzles FROM tally_size_moves ORDER BY 1, 2, 3, 4",
     "SELECT p.family, p.width, p.height, s.moves, COUNT(*) FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id "
     "WHERE s.status = 'solved' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"},
    {"SELECT family, status, search, puzzles, complete FROM tally_search ORDER BY 1, 2, 3",
     "SELECT p.family, status, COALESCE(search, ''), COUNT(*), SUM(cluster_complete) "
     "FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"},
    {"SELECT low, status, high, puzzles FROM tally_cluster_buckets ORDER BY low, status",
     "SELECT d * k, status, d * CASE k WHEN 1 THEN 2 WHEN 2 THEN 5 ELSE 10 END - 1, COUNT(*) FROM ("
     "SELECT status, d, CASE WHEN n >= 5 * d THEN 5 WHEN n >= 2 * d THEN 2 ELSE 1 END AS k FROM ("
     "SELECT status, cluster_size AS n, CAST(pow(10, floor(log10(cluster_size))) AS INTEGER) AS d "
     "FROM solutions WHERE cluster_size > 0)) GROUP BY 1, 2 ORDER BY 1, 2"},
    {"SELECT moves, examined, puzzles FROM tally_moves_examined ORDER BY 1, 2",
     "SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(examined, 1))) / 50)) AS INTEGER), COUNT(*) "
     "FROM solutions WHERE status = 'solved' GROUP BY 1, 2 ORDER BY 1, 2"},
    {"SELECT moves, cluster, puzzles FROM tally_moves_cluster ORDER BY 1, 2",
     "SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(cluster_size, 1))) / 50)) AS INTEGER), COUNT(*) "
     "FROM solutions WHERE status = 'solved' GROUP BY 1, 2 ORDER BY 1, 2"},
    {"SELECT depth, puzzles, frontier, ROUND(ln_frontier, 6), examined FROM tally_levels ORDER BY depth",
     "SELECT depth, COUNT(*), SUM(frontier), ROUND(SUM(ln(frontier)), 6), SUM(examined) FROM levels "
     "WHERE frontier > 0 GROUP BY depth ORDER BY depth"},
    {"SELECT depth, frontier, levels FROM tally_level_frontiers ORDER BY 1, 2",
     "SELECT depth, frontier, COUNT(*) FROM levels WHERE frontier > 0 GROUP BY 1, 2 ORDER BY 1, 2"},
    {"SELECT headroom, puzzles FROM tally_headroom ORDER BY 1",
     "SELECT hardest_moves - moves, COUNT(*) FROM solutions WHERE status = 'solved' AND hardest_moves > moves "
     "GROUP BY 1 ORDER BY 1"},
    {"SELECT kind, format, sources, puzzles, files FROM tally_sources ORDER BY 1, 2",
     "SELECT kind, format, COUNT(*), COUNT(DISTINCT puzzle_id), COUNT(DISTINCT path) FROM sources "
     "GROUP BY 1, 2 ORDER BY 1, 2"},
    {"SELECT puzzle_id, sources FROM tally_shared ORDER BY 1",
     "SELECT puzzle_id, COUNT(*) FROM sources GROUP BY 1 HAVING COUNT(*) > 1 ORDER BY 1"},
    // A search stopped at a limit checks no claim (schema 16).
    {"SELECT source_id FROM tally_claim_mismatches ORDER BY 1",
     "SELECT so.id FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id WHERE s.status <> 'limit' "
     "AND ((so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT s.moves) "
     "OR (so.claimed_cluster IS NOT NULL AND s.cluster_complete = 1 AND so.claimed_cluster <> s.cluster_size)) "
     "ORDER BY 1"},
};

void expect_tallies_hold(const fs::path& db_path, const std::string& when) {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    for (const auto& [tally, rows] : kTallies) {
        const std::string kept = dump(db, tally);
        EXPECT_EQ(kept, dump(db, rows)) << when << ": " << tally;
        EXPECT_FALSE(kept.empty()) << when << ": " << tally;
    }
}

TEST(Tallies, FollowImportsResolvesAndDeletions) {
    TempDir dir;
    fs::copy_file(test_data("boards/rush_sample.txt"), dir / "rush_sample.txt");
    fs::copy_file(test_data("boards/rush_sample.txt"), dir / "copy.txt");
    write_file(dir / "more.txt",
               "......\n......\nAA..x.\n......\n......\n......\n\n"  // unsolvable: a fixed cell in the way
               "03 ooCoooooCoooAACooooooooooooooooBBooo 61\n"          // a claim that disagrees
               "BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM\n"
               // random boards, most not the hardest start of their cluster
               "BBooCDooooCDAAoooDooooooooEEoooFFooo\n"
               "ooooooooBBBoCDoAAoCDoEoooooEoooooEoo\n"
               "oooBBooCoooooCAAooooooDooooEDooFFEoo\n"
               "oooBoCoooBoCooAADoooooDoooooDooooooo\n"
               "oooooooooooooooAAoooooBoCCDoBoooDEEo\n"
               "ooBBooooooooAAoooooooooooooCoooooCDD\n");
    // Tiles: a cluster searched whole, and a 15-puzzle out of reach by parity.
    write_file(dir / "tiles.txt", "1 2 3\n4 5 6\n7 . 8\n\n1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0\n");
    ASSERT_EQ(slidedb(dir, "import rush_sample.txt more.txt tiles.txt --db t.db").status, 1);
    expect_tallies_hold(dir / "t.db", "after the first import");
    ASSERT_EQ(slidedb(dir, "import copy.txt more.txt --db t.db --resolve --max-states 500").status, 1);
    expect_tallies_hold(dir / "t.db", "after a re-solve with a low limit");
    ASSERT_EQ(slidedb(dir, "import tiles.txt --db t.db --resolve").status, 0);
    expect_tallies_hold(dir / "t.db", "after the tiles solved again");
    {
        SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
        EXPECT_EQ(dump(db, "SELECT family, status, search, puzzles, complete FROM tally_search "
                           "WHERE family = 'tiles' ORDER BY status"),
                  "tiles|solved|bfs|1|1\ntiles|unsolvable|parity|1|1\n");
    }
    {
        SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM sources WHERE id IN (3, 400)");
        db.exec("DELETE FROM levels WHERE puzzle_id = 7");
        db.exec("DELETE FROM solutions WHERE puzzle_id IN (7, 8)");
        db.exec("UPDATE solutions SET moves = moves + 1, examined = examined * 3 WHERE puzzle_id = 9");
        // Eleven clusters the size of a 4x5 tiles puzzle's (20!/2): their sum passes 2^63.
        db.exec("UPDATE solutions SET cluster_size = 1216451004088320000 WHERE puzzle_id BETWEEN 10 AND 20");
    }
    expect_tallies_hold(dir / "t.db", "after rows deleted and changed by hand");
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT n FROM tally_rows WHERE tbl = 'sources'"), "613\n");
    EXPECT_EQ(dump(db, "SELECT SUM(puzzles) FROM tally_moves"), "310\n");
    // The reports sum those clusters without an integer overflow.
    for (const char* report : {"summary", "patterns", "unsolvable"}) {
        const Outcome r = slidedb(dir, std::string("report ") + report + " --db t.db --format csv");
        EXPECT_EQ(r.status, 0) << report << ": " << r.err;
    }
}

}  // namespace
}  // namespace slidedb::e2e
