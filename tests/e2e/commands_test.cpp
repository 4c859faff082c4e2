#include "e2e.h"

namespace slidedb::e2e {
namespace {

// Imports the small reference files once for the tests below.
class Commands : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        fs::create_directories(*dir_ / "boards");
        for (const char* f : {"kb_input.txt", "fg_README_example.txt", "yb_expert_0001.txt", "rush_sample.txt"})
            fs::copy_file(test_data(std::string("boards/") + f), *dir_ / (std::string("boards/") + f).c_str());
        write_file(*dir_ / "boards/no_solution.txt", ".....B\n.....B\n...AAB\n......\nCDEFGH\nCDEFGH\n");
        import_ = new Outcome(slidedb(*dir_, "import boards --db t.db"));
    }
    static void TearDownTestSuite() {
        delete import_;
        delete dir_;
    }
    static TempDir* dir_;
    static Outcome* import_;
};
TempDir* Commands::dir_ = nullptr;
Outcome* Commands::import_ = nullptr;

TEST_F(Commands, ImportReproducesTheReferenceFigures) {
    ASSERT_EQ(import_->status, 0) << import_->err;
    SQLite::Database db((*dir_ / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT so.path, s.status, s.moves, s.cluster_size FROM sources so "
                       "JOIN solutions s ON s.puzzle_id = so.puzzle_id "
                       "WHERE so.path NOT LIKE '%rush_sample%' ORDER BY so.path"),
              "boards/fg_README_example.txt|solved|49|24132\n"
              "boards/kb_input.txt|solved|4|3102\n"
              "boards/no_solution.txt|unsolvable|NULL|13500\n"
              "boards/yb_expert_0001.txt|solved|32|774\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources WHERE path LIKE '%rush_sample%'"), 302);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
}

TEST_F(Commands, QueryPrintsRowsAsATable) {
    const Outcome r = slidedb(*dir_, "query \"SELECT moves, cluster_size FROM solutions WHERE moves = 49\" --db t.db");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "moves  cluster_size\n-----  ------------\n   49         24132\n");
}

TEST_F(Commands, QueryRefusesToWrite) {
    const Outcome r = slidedb(*dir_, "query \"DELETE FROM puzzles\" --db t.db");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("read-only"), std::string::npos) << r.err;
    SQLite::Database db((*dir_ / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 306);
}

TEST_F(Commands, QueryFormatsCsvAndJson) {
    const Outcome csv = slidedb(*dir_, "query \"SELECT status, COUNT(*) AS n FROM solutions GROUP BY 1 ORDER BY 1\" "
                                   "--db t.db --format csv");
    EXPECT_EQ(csv.out, "status,n\r\nsolved,305\r\nunsolvable,1\r\n");
    const Outcome json = slidedb(*dir_, "query \"SELECT status, COUNT(*) AS n FROM solutions GROUP BY 1 ORDER BY 1\" "
                                    "--db t.db --format json");
    EXPECT_EQ(json.out, "[\n {\"status\": \"solved\", \"n\": 305},\n {\"status\": \"unsolvable\", \"n\": 1}\n]\n");
}

TEST_F(Commands, ShowPrintsSolutionAndLevels) {
    SQLite::Database db((*dir_ / "t.db").string(), SQLite::OPEN_READONLY);
    const auto id = count(db, "SELECT puzzle_id FROM solutions WHERE moves = 4 AND cluster_size = 3102");
    const Outcome r = slidedb(*dir_, "show " + std::to_string(id) + " --db t.db");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Solved in 4 moves"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  4. AR"), std::string::npos) << r.out;  // the prisoner's last slide
    EXPECT_NE(r.out.find("Cluster: 3102 boards"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("boards/kb_input.txt"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("depth  frontier  examined  fresh  goals"), std::string::npos) << r.out;
    EXPECT_EQ(slidedb(*dir_, "show 999999 --db t.db").status, 1);
    // An id past 64 bits is refused as such, not looked up as the largest one.
    for (const std::string command : {"show 99999999999999999999", "report puzzle 99999999999999999999"}) {
        const Outcome past = slidedb(*dir_, command + " --db t.db");
        EXPECT_EQ(past.status, 2) << command;
        EXPECT_EQ(past.err, "id: no puzzle id is 99999999999999999999: ids run from 1 to 9223372036854775807\n"
                            "Run with --help for more information.\n") << command;
    }
    // Nor is anything but decimal digits read as an id ("0x10" would be 16).
    for (const std::string id : {"0x10", "1e3", "0", "-3", "7abc"}) {
        const Outcome bad = slidedb(*dir_, "show " + id + " --db t.db");
        EXPECT_EQ(bad.status, 2) << id;
        EXPECT_EQ(bad.err, "id: " + id + " is not a puzzle id: ids are whole numbers from 1 to 9223372036854775807\n"
                           "Run with --help for more information.\n") << id;
    }
}

TEST_F(Commands, ReportsHardestAndUnsolvable) {
    const Outcome hardest = slidedb(*dir_, "report hardest --top 1 --db t.db --format csv");
    ASSERT_EQ(hardest.status, 0) << hardest.err;
    // The 54-move line of rush_sample.txt, ahead of the 49-move example.
    EXPECT_EQ(hardest.out.substr(0, hardest.out.find("\r\n")), "id,family,size,moves,steps,cluster,examined,ms,source");
    EXPECT_NE(hardest.out.find(",unblock,6x6,54,"), std::string::npos) << hardest.out;
    EXPECT_NE(hardest.out.find("rush_sample.txt:"), std::string::npos) << hardest.out;

    const Outcome uns = slidedb(*dir_, "report unsolvable --db t.db");
    ASSERT_EQ(uns.status, 0) << uns.err;
    EXPECT_NE(uns.out.find("13500"), std::string::npos) << uns.out;
    EXPECT_NE(uns.out.find("...AAB"), std::string::npos) << uns.out;

    const Outcome summary = slidedb(*dir_, "report summary --db t.db");
    ASSERT_EQ(summary.status, 0) << summary.err;
    EXPECT_NE(summary.out.find("solved"), std::string::npos);
    EXPECT_EQ(slidedb(*dir_, "report nonsense --db t.db").status, 2);

    // --family keeps one family's puzzles, and names the families it knows.
    const Outcome unblock = slidedb(*dir_, "report hardest --top 1 --family unblock --db t.db --format csv");
    ASSERT_EQ(unblock.status, 0) << unblock.err;
    EXPECT_EQ(unblock.out, hardest.out);
    const Outcome unknown = slidedb(*dir_, "report hardest --family chess --db t.db");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("--family: chess not in {unblock,blocks,tiles}"), std::string::npos)
        << unknown.err;
}

TEST(Solve, PrintsNumberedBoardsFromStdin) {
    TempDir dir;
    const Outcome r = slidedb(dir, "solve - --no-levels", "......\n......\nAA....\n......\n......\n......\n");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Solved in 1 moves (4 steps)."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  1. AR4\n   ......\n   ......\n   ....AA>\n"), std::string::npos) << r.out;
}

// An endless stream on stdin is refused at the size a file may have
// (64 MiB), not read into memory until it ends.
TEST(Solve, RefusesAnEndlessStdinAtTheSizeOfAFile) {
    TempDir dir;
    const Outcome r =
        run_shell(dir, std::string("{ yes 'AA....' | timeout 120 '") + SLIDEDB_BINARY + "' solve - --no-levels; }");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "<stdin>: input is over 67108864 bytes; inputs over 67108864 bytes are not read\n");
}

TEST(Cli, UsageErrorsExitTwo) {
    TempDir dir;
    EXPECT_EQ(slidedb(dir, "").status, 2);
    EXPECT_EQ(slidedb(dir, "import").status, 2);
    EXPECT_EQ(slidedb(dir, "import x --jobs 0").status, 2);
    EXPECT_EQ(slidedb(dir, "--help").status, 0);
    EXPECT_EQ(slidedb(dir, "query \"SELECT 1\" --db missing.db").status, 2);
}

}  // namespace
}  // namespace slidedb::e2e

namespace slidedb::e2e {
namespace {

TEST(Generate, OutputImportsCleanly) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "generate --count 300 --seed 3 -o square.txt").status, 0);
    ASSERT_EQ(slidedb(dir, "generate --count 50 --seed 4 --size 7x5 --blocks 4..7 --fixed 2 --exit left "
                           "--min-moves 3 -o odd.txt")
                  .status,
              0);
    EXPECT_EQ(slidedb(dir, "generate --count 300 --seed 3").out, slurp(dir / "square.txt"));
    const Outcome r = slidedb(dir, "import square.txt odd.txt --db t.db --max-states 200000");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("350 puzzles (350 new, 0 known)"), std::string::npos) << r.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles WHERE width = 7 AND height = 5 AND exit_side = 'left' "
                        "AND fixed = 2"),
              50);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources WHERE claimed_moves IS NOT NULL"), 50);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
    EXPECT_EQ(slidedb(dir, "generate --count 5 --size 9x9").status, 2);
}

}  // namespace
}  // namespace slidedb::e2e
