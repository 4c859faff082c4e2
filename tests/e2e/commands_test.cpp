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
    EXPECT_NE(r.out.find("Solved in 1 move (4 steps)."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  1. AR4\n   ......\n   ......\n   ....AA>\n"), std::string::npos) << r.out;
}

// A search stopped at its limit after the goal was reached, among boards not
// yet expanded: solved, and the goal among its figures (before: "0 with the
// prisoner out" beside "Solved in 2 moves").
TEST(Solve, AGoalReachedAsTheSearchStopsIsCounted) {
    TempDir dir;
    write_file(dir / "l.txt", "# exit: left\nx.B...\n..B.x.\n.CAA..\n.C..DD\nEE....\n....x.\n");
    const Outcome r = slidedb(dir, "solve l.txt --max-states 100 --no-levels");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Solved in 2 moves (4 steps)."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Cluster: 107 boards, 1 with the prisoner out, depth 2 (incomplete: stopped once it held "
                         "100 boards, --max-states)"),
              std::string::npos)
        << r.out;
}

// The figures a file claims are checked as import checks them, both of
// them, and make the exit status 1 (before, solve ignored claims).
TEST(Solve, ChecksWhatAFileClaims) {
    TempDir dir;
    write_file(dir / "claim.txt",
               "49 BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM 24132\n50 BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM 1\n");
    const Outcome r = slidedb(dir, "solve claim.txt --no-levels");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "claim.txt:2: claims 50 moves, the search found 49\n"
                     "claim.txt:2: claims a cluster of 1 boards, the search found 24132\n");
    const Outcome imported = slidedb(dir, "import claim.txt --db t.db");
    EXPECT_NE(imported.err.find("claim.txt:2: claims 50 moves, the search found 49\n"
                                "claim.txt:2: claims a cluster of 1 boards, the search found 24132\n"),
              std::string::npos)
        << imported.err;
    EXPECT_NE(imported.err.find("; 1 claim mismatch;"), std::string::npos) << imported.err;
}

// A file name with a terminal escape or a newline reaches the terminal as
// visible escapes on one line, from every command that names files.
TEST(Solve, FileNamesReachTheTerminalEscaped) {
    TempDir dir;
    const std::string name = "esc\x1b[31mred\nline.txt";
    write_file(dir / name, "xx\n");
    const std::string said = "esc\\x1b[31mred\\nline.txt";
    for (const std::string command : {"solve esc*", "graph esc*", "render esc* --png x.png"}) {
        const Outcome r = slidedb(dir, command);  // the shell's glob: the name whole
        EXPECT_EQ(r.status, 1) << command << r.err;
        EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << command << r.err;
        EXPECT_EQ(r.err.rfind(said + ":1: board is 2x1; sizes from 4x4 to 8x8 are supported\n", 0), 0u)
            << command << r.err;
    }
}

// A puzzle that is not solved prints its start as its family's file gives
// it, goal and exit included: it reads back as the same puzzle.
TEST(Solve, AnUnsolvedPuzzlePrintsAStartThatReadsBack) {
    TempDir dir;
    write_file(dir / "u.txt", "start\nAA#.\n##..\n....\ngoal\n..#.\n##..\n.AA.\n");
    const Outcome r = slidedb(dir, "solve u.txt --no-levels");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.rfind("Unsolvable: none of the 1 reachable boards has the goal's pieces home.\n\n"
                          "  start\n  AA#\n  ####\n  #..#\n  goal\n  ..#\n  ####\n  #AA#\n\n", 0),
              0u)
        << r.out;
    const std::size_t start = r.out.find("  start");
    const std::string printed = r.out.substr(start, r.out.find("\n\n", start) - start + 1);
    const Outcome again = slidedb(dir, "solve - --no-levels", printed);
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(again.out.rfind("Unsolvable: none of the 1 reachable boards", 0), 0u) << again.out;
    write_file(dir / "printed.txt", printed);
    ASSERT_EQ(slidedb(dir, "import u.txt printed.txt --db k.db -q").status, 0);
    SQLite::Database db((dir / "k.db").string());
    EXPECT_EQ(dump(db, "SELECT COUNT(*), COUNT(DISTINCT puzzle_id) FROM sources"), "2|1\n");
}

// An enumerated puzzle never searched shows its board all the same.
TEST(Show, AnEnumeratedPuzzleNotSearchedShowsItsBoard) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --db e.db -q --jobs 1").status, 0);  // one order of ids
    const Outcome r = slidedb(dir, "show 1 --db e.db");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("\n\n  ...B\n  AA.B\n  ..CC\n  .DDD\n\nNot searched: its figures below are the "
                         "enumeration's.\n"),
              std::string::npos)
        << r.out;
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

// Values that would read as no limit, or as something else than typed,
// are refused by name, in words.
TEST(Cli, NumbersAreReadStrictly) {
    TempDir dir;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"solve x.txt --time-limit -1", "--time-limit: '-1' is not a number of seconds from 0 to 31622400\n"},
        {"solve x.txt --time-limit nan", "--time-limit: 'nan' is not a number of seconds from 0 to 31622400\n"},
        {"import x.txt --time-limit inf", "--time-limit: 'inf' is not a number of seconds from 0 to 31622400\n"},
        {"solve x.txt --max-memory -1", "--max-memory: '-1' is not a size\n"},
        {"report hardest --top 0", "--top: Value 0 not in range 1 to 1000000\n"},
        {"serve --solve-seconds 0", "--solve-seconds: '0' is not a number of seconds above 0, up to 31622400\n"},
        {"generate --size 6x6x6", "slidedb: --size: '6x6x6' is not of the form WxH\n"},
        {"generate --moves 5..9x", "slidedb: --moves: '5..9x' is not of the form MIN..MAX\n"},
        // Read as unsigned, these would wrap silently.
        {"generate --count 1 --seed -1", "--seed: '-1' is not a whole number from 0\n"},
        {"generate --count 1 --seed 18446744073709551616",
         "--seed: '18446744073709551616' is past the largest, 18446744073709551615\n"},
        {"render 'AA....' --svg x.svg --seed 4294967296", "--seed: '4294967296' is past the largest, 4294967295\n"},
        {"generate --hardest --rounds 0", "--rounds: Value 0 not in range 1 to 18446744073709551615\n"},
        {"solve x.txt --max-memory 18446744073709551616",
         "--max-memory: '18446744073709551616' is more bytes than 64 bits count\n"},
    };
    for (const auto& [args, said] : cases) {
        const Outcome r = slidedb(dir, args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1), said) << args << r.err;
    }
}

// Output a full disk refuses fails the command (exit 1, said), on standard
// output as in a file: a script must not take a cut file for the whole.
TEST(Cli, OutputThatCannotBeWrittenFailsTheCommand) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --db e.db -q").status, 0);
    const std::string bin = std::string("'") + SLIDEDB_BINARY + "' ";
    for (const char* args : {"generate --count 500", "query 'SELECT * FROM puzzles' --db e.db",
                             "report summary --db e.db", "show 1 --db e.db"}) {
        const Outcome r = run_shell(dir, "{ " + bin + args + " > /dev/full; }");
        EXPECT_EQ(r.status, 1) << args;
        EXPECT_EQ(r.err, "slidedb: standard output: cannot write: No space left on device\n") << args;
    }
    const Outcome file = slidedb(dir, "generate --count 500 -o /dev/full");
    EXPECT_NE(file.status, 0);
    EXPECT_EQ(file.err, "slidedb: /dev/full: cannot write: No space left on device\n");
    const Outcome report = slidedb(dir, "report summary --db e.db --out /dev/full");
    EXPECT_EQ(report.status, 1);
    EXPECT_EQ(report.err, "slidedb: /dev/full: cannot write: No space left on device\n");
    // A file is written beside its place and renamed over it: nothing is left beside it.
    write_file(dir / "r.txt", "old\n");
    ASSERT_EQ(slidedb(dir, "report summary --db e.db --out r.txt").status, 0);
    EXPECT_NE(slurp(dir / "r.txt").find("puzzles"), std::string::npos);
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir.path())) files += e.path().filename().string().starts_with("r.txt");
    EXPECT_EQ(files, 1u);
}

// What a command is given is used or refused, never silently dropped.
TEST(Cli, NothingGivenIsLeftOutUnsaid) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --db e.db -q").status, 0);
    fs::create_directories(dir / "folder");
    write_file(dir / "file.txt", "x\n");
    write_file(dir / "mine.sql", "-- section: One\nSELECT 1;\n");
    write_file(dir / "-dash.txt", "x\n");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"report --sql folder --db e.db", "slidedb: folder: a folder, not a file\n"},
        {"report hardest 5 --db e.db", "slidedb: report hardest takes no puzzle id (report puzzle ID does)\n"},
        {"report summary --sql file.txt --db e.db",
         "slidedb: --sql runs its own file, not the report 'summary'; give one or the other\n"},
        {"graph 1 --db e.db --out g.gif",
         "slidedb: g.gif: its ending names no format this draws (.svg, .png, .dot); give --format\n"},
        {"generate --family blocks --count 2 -o file.txt",
         "slidedb: file.txt: a file, not a folder: 2 puzzles of the family 'blocks' go to a folder, a file each\n"},
        {"enumerate --size 4 --db '' -q", "slidedb: --db: an empty path; name the database file\n"},
        {"import -dash.txt --db e.db",
         "paths is required\nRun with --help for more information.\nslidedb: '-dash.txt' was read as an option; name "
         "the file ./-dash.txt, or give it last, after --\n"},
        {"import file.txt --db ''", "slidedb: --db: an empty path; name the database file\n"},
        {"report --sql /dev/zero --db e.db",
         "slidedb: /dev/zero: is a character device, not a regular file; not read\n"},
        {"generate --family blocks --outline /dev/zero",
         "slidedb: --outline: /dev/zero: is a character device, not a regular file; not read\n"},
        {"serve --sql /dev/zero --db e.db --port 0",
         "slidedb: /dev/zero: is a character device, not a regular file; not read\n"},
        {"generate --count 2 -o folder",
         "slidedb: folder: a folder, not a file: the family 'unblock' writes its puzzles to one file\n"},
        {"report summary --family tiles --db e.db",
         "slidedb: report summary reads no --family (difficulty, hardest and unsolvable do)\n"},
        {"report patterns --family tiles --db e.db",
         "slidedb: report patterns reads no --family (difficulty, hardest and unsolvable do)\n"},
        {"report all --family tiles --db e.db",
         "slidedb: report summary reads no --family (difficulty, hardest and unsolvable do)\n"},
        {"report difficulty --by steps --db e.db", "slidedb: report difficulty reads no --by (hardest does)\n"},
        {"report --sql mine.sql --family tiles --db e.db",
         "slidedb: mine.sql reads no --family (difficulty, hardest and unsolvable do)\n"},
        {"nosuch --db e.db",
         "slidedb: unknown command 'nosuch' (commands: import, solve, show, report, query, export, scan, render, "
         "generate, enumerate, merge, graph, serve)\n"},
        // A request with fewer distinct puzzles than asked ends, saying so.
        // The 2x2 cluster's 12 boards but the goal: a puzzle of no moves is none.
        {"generate --family tiles --size 2x2 --count 12",
         "slidedb: 11 of 12 puzzles found: the last 12212 that passed were all given already; ask for fewer, or fewer "
         "moves or a bigger board\n"},
        {"generate --family tiles --size 2x2 --count 3 --moves 6..12",
         "slidedb: 1 of 3 puzzles found: the last 10012 that passed were all given already; ask for fewer, or fewer "
         "moves or a bigger board\n"},
    };
    for (const auto& [args, said] : cases) {
        const Outcome r = slidedb(dir, args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(r.err, said) << args;
    }
    EXPECT_FALSE(fs::exists(dir / "g.gif"));
    EXPECT_EQ(slurp(dir / "file.txt"), "x\n");
    // A folder given for one puzzle a file takes it as 0001.txt.
    const Outcome one = slidedb(dir, "generate --family blocks --count 1 --seed 3 -o folder");
    EXPECT_EQ(one.status, 0) << one.err;
    // Puzzles of an earlier run there would read as one set with the new ones.
    const Outcome again = slidedb(dir, "generate --family blocks --count 1 --seed 4 -o folder");
    EXPECT_EQ(again.status, 2);
    EXPECT_EQ(again.err, "slidedb: folder: holds 0001.txt of an earlier run already; give a new or empty folder\n");
    EXPECT_EQ(one.out, "");
    EXPECT_EQ(slurp(dir / "folder/0001.txt").rfind("# slidedb generate --family blocks --count 1 --seed 3", 0), 0u);
}

// The database a command reads is never its output, and a folder that
// holds the database imports without reading it (before: `report --out
// t.db` replaced every puzzle with a report, and `import .` read t.db and
// its journal as three bad files, exit 1, on every run).
TEST(Cli, TheDatabaseIsNeverInputNorOutputByMistake) {
    TempDir dir;
    write_file(dir / "kb.txt", "...F..\n...FG.\nBAAFG.\nBD....\nCD....\nC.EE..\n");
    ASSERT_EQ(slidedb(dir, "import kb.txt --db t.db -q").status, 0);
    for (const std::string args : {"report summary --db t.db --out t.db", "report summary --db t.db --out ./t.db-wal",
                                   "graph 1 --db t.db --out t.db", "generate --count 1 --db t.db -o t.db"}) {
        const Outcome r = slidedb(dir, args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_NE(r.err.find("is the database read (t.db"), std::string::npos) << args << r.err;
    }
    const Outcome again = slidedb(dir, "import . --db t.db");
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.err.find("1 file, 1 puzzle (0 new, 1 known)"), std::string::npos) << again.err;
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 0);
    // Floats leave as the doubles they are, not six digits of them.
    const Outcome q = slidedb(dir, "query \"select 1234567.5 as a, 27787.4618763068 as b\" --format csv --db t.db");
    EXPECT_EQ(q.out, "a,b\r\n1234567.5,27787.4618763068\r\n");
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
