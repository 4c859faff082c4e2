// One huge puzzle does not cost the batch: its search stops at the memory
// budget (or at the machine's limit) and the others are stored.
#include "e2e.h"

namespace slidedb::e2e {
namespace {

// A prisoner walled in by a fixed cell on an 8x8 board with room for every
// block: unsolvable, with a cluster of well over 30 million boards.
const char* kHuge =
    "B...KK..\n"
    "B..C..I.\n"
    "AA.C..Ix\n"
    "....DD..\n"
    ".E.....L\n"
    ".E...FFL\n"
    "GG..J.H.\n"
    "....J.H.\n";

// Five ordinary puzzles, then the huge one.
void write_six(const TempDir& dir) {
    std::string text;
    std::ifstream in(test_data("boards/rush_sample.txt"));
    std::string line;
    for (int i = 0; i < 5 && std::getline(in, line); ++i) text += line + "\n";
    write_file(dir / "six.txt", text + "\n" + kHuge);
}

void expect_five_stored_and_the_huge_one_limit(const fs::path& db_path) {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT so.line, s.status, s.moves, s.cluster_complete, s.limit_reason FROM sources so "
                       "JOIN solutions s USING (puzzle_id) ORDER BY so.line"),
              "1|solved|1|1|NULL\n2|solved|3|1|NULL\n3|solved|3|1|NULL\n4|solved|3|1|NULL\n"
              "5|solved|4|1|NULL\n7|limit|NULL|0|memory\n");
}

TEST(MemoryBudget, AHugeClusterStopsAtTheBudgetAndTheRestIsStored) {
    TempDir dir;
    write_six(dir);
    const Outcome r = slidedb(dir, "import six.txt --db t.db --jobs 2 --max-memory 8M");
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("six.txt:7: search stopped at the memory limit (8 MiB) after "), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("6 puzzles (6 new, 0 known); new: 5 solved, 0 unsolvable, 1 limit"), std::string::npos)
        << r.err;
    expect_five_stored_and_the_huge_one_limit(dir / "t.db");
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    // The budget counts what the set allocates, growth included: what it
    // held stays under it.
    EXPECT_LE(count(db, "SELECT peak_bytes FROM solutions WHERE status = 'limit'"), 8 << 20);
    EXPECT_GT(count(db, "SELECT cluster_size FROM solutions WHERE status = 'limit'"), 100000);
}

TEST(MemoryBudget, OutOfMemoryInOneSearchBecomesItsLimit) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#endif
    TempDir dir;
    write_six(dir);
    // A budget far above what the address space allows: the search meets
    // std::bad_alloc first.
    const Outcome r = run_shell(dir, std::string("ulimit -v 80000 && '") + SLIDEDB_BINARY +
                                         "' import six.txt --db t.db --jobs 1 --max-memory 4G");
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("six.txt:7: search stopped at the memory limit"), std::string::npos) << r.err;
    expect_five_stored_and_the_huge_one_limit(dir / "t.db");
}

TEST(MemoryBudget, DefaultComesFromTheMachineAndTheJobs) {
    TempDir dir;
    write_file(dir / "one.txt", "AA....\n");
    const Outcome help = slidedb(dir, "import --help");
    EXPECT_NE(help.out.find("--max-memory"), std::string::npos) << help.out;
    const Outcome bad = slidedb(dir, "import one.txt --max-memory lots");
    EXPECT_EQ(bad.status, 2) << bad.err;
}

}  // namespace
}  // namespace slidedb::e2e
