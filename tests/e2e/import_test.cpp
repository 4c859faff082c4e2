#include <signal.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "e2e.h"
#include "store/embedded_sql.h"

namespace slidedb::e2e {
namespace {

const char* kFogleman = "BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n";

// A few boards in three formats, one of them twice.
void write_small_corpus(const TempDir& dir) {
    write_file(dir / "in/a_grid.txt", kFogleman);
    write_file(dir / "in/b_lines.txt",
               "# from the public database\n"
               "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n"
               "BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM\n");  // the same board as a_grid.txt
    fs::copy_file(test_data("boards/kb_input.txt"), dir / "in/sub/kb_input.txt",
                  fs::copy_options::overwrite_existing);
    write_file(dir / "in/.hidden/ignored.txt", kFogleman);
}

// Every third line of the public file of 18,068 puzzles (6,023 of them,
// of every move count from 1 to 51), written to `to`: an import long enough
// to be stopped, held to the file's own cluster sizes (their sum returned).
// The kill -9 test imports the whole file, every line's moves held to it.
std::int64_t write_every_third_line(const fs::path& to) {
    std::ifstream all(test_data("boards/rush_18k.txt"));
    std::ofstream third(to);
    std::int64_t lines = 0, clusters = 0;
    for (std::string line; std::getline(all, line);)
        if (lines++ % 3 == 0) {
            third << line << '\n';
            clusters += std::stoll(line.substr(line.rfind(' ') + 1));
        }
    return clusters;
}
constexpr std::int64_t kThird = 6023;

TEST(Import, StoresEveryPuzzleWithSolutionLevelsAndSources) {
    TempDir dir;
    fs::create_directories(dir / "in/sub");
    write_small_corpus(dir);
    const Outcome r = slidedb(dir, "import in --db t.db --jobs 2");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("3 files, 4 puzzles (3 new, 1 known)"), std::string::npos) << r.err;

    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 3);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources"), 4);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 0);
    // The same board from two formats is one puzzle with two sources.
    EXPECT_EQ(dump(db, "SELECT so.path, so.line, so.format FROM sources so JOIN solutions s "
                       "ON s.puzzle_id = so.puzzle_id WHERE s.moves = 49 ORDER BY so.id"),
              "in/a_grid.txt|1|grid\nin/b_lines.txt|3|lines\n");
    EXPECT_EQ(dump(db, "SELECT moves, cluster_size, status FROM solutions ORDER BY moves"),
              "3|60|solved\n4|3102|solved\n49|24132|solved\n");
    // Levels add up to each cluster.
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions s WHERE cluster_size <> "
                        "(SELECT SUM(frontier) FROM levels l WHERE l.puzzle_id = s.puzzle_id)"),
              0);
    EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
    EXPECT_EQ(count(db, "PRAGMA user_version"), static_cast<std::int64_t>(schema_files().size()));
}

TEST(Import, SecondImportAddsNothingAndSolvesNothing) {
    TempDir dir;
    fs::create_directories(dir / "in/sub");
    write_small_corpus(dir);
    ASSERT_EQ(slidedb(dir, "import in --db t.db").status, 0);
    const std::string before = content(dir / "t.db");
    const Outcome again = slidedb(dir, "import in --db t.db");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.err.find("(0 new, 4 known)"), std::string::npos) << again.err;
    EXPECT_EQ(content(dir / "t.db"), before);
    SQLite::Database db((dir / "t.db").string());
    // Solutions keep the run that computed them: nothing was solved again.
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE import_id <> 1"), 0);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM imports WHERE finished_at IS NOT NULL"), 2);
}

TEST(Import, DatabaseIsTheSameWithOneOrTwoJobs) {
    TempDir dir;
    fs::copy_file(test_data("boards/rush_sample.txt"), dir / "rush_sample.txt");
    write_file(dir / "bad.txt", "AA..\n");
    write_file(dir / "grid.txt", kFogleman);
    ASSERT_EQ(slidedb(dir, "import rush_sample.txt bad.txt grid.txt --db one.db --jobs 1").status, 1);
    ASSERT_EQ(slidedb(dir, "import rush_sample.txt bad.txt grid.txt --db two.db --jobs 2").status, 1);
    const std::string one = content(dir / "one.db");
    EXPECT_EQ(one, content(dir / "two.db"));
    EXPECT_GT(one.size(), 10000u);
}

TEST(Import, BadInputBecomesErrorRowsAndTheBatchGoesOn) {
    TempDir dir;
    write_file(dir / "in/1_good.txt", kFogleman);
    write_file(dir / "in/2_two_prisoners.txt", "AA....\n......\nAA....\n......\n......\n......\n");
    write_file(dir / "in/3_binary.dat", std::string("\x89\x00\x01\x02garbage\x00\xff", 13));
    write_file(dir / "in/4_mixed.txt",
               "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n"
               "03 ooCoooooCoooAACoooooooooooooooo?Booo 60\n");
    write_file(dir / "in/5_empty.txt", "");
    write_file(dir / "in/6_huge.txt", "");
    fs::resize_file(dir / "in/6_huge.txt", 65u << 20);  // sparse: costs no disk
    const Outcome r = slidedb(dir, "import in missing_folder --db t.db");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("in/2_two_prisoners.txt:3: two prisoners"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("in/4_mixed.txt:2: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("missing_folder: no such file or folder"), std::string::npos) << r.err;

    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 2);
    EXPECT_EQ(dump(db, "SELECT path, line FROM errors ORDER BY path, line"),
              "in/2_two_prisoners.txt|3\nin/3_binary.dat|0\nin/4_mixed.txt|2\nin/5_empty.txt|0\n"
              "in/6_huge.txt|0\nmissing_folder|0\n");
    EXPECT_NE(r.err.find("in/6_huge.txt: file is 68157440 bytes; inputs over 67108864 bytes are not read"),
              std::string::npos)
        << r.err;

    // Importing again keeps one row per failure, and what was stored stays.
    EXPECT_EQ(slidedb(dir, "import in missing_folder --db t.db").status, 1);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 6);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors WHERE last_import_id = 2"), 6);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 2);
}

TEST(Import, ClaimsThatDisagreeAreReported) {
    TempDir dir;
    write_file(dir / "claims.txt",
               "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n"
               "05 ooCoooooCoooAACooooooooooooooooBBooo 61\n");
    const Outcome r = slidedb(dir, "import claims.txt --db t.db");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("claims.txt:2: claims 5 moves, the search found 3"), std::string::npos) << r.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT line, claimed_moves, moves FROM claim_mismatches"), "2|5|3\n");
}

// A search stopped at a limit found no answer to hold a claim to: the claim
// is said to be unchecked, never a mismatch; searched again to an answer,
// it is checked.
TEST(Import, AClaimASearchStoppedAtALimitCannotCheckIsNoMismatch) {
    TempDir dir;
    write_file(dir / "claims.txt", "05 ooCoooooCoooAACooooooooooooooooBBooo 61\n");
    const Outcome cut = slidedb(dir, "import claims.txt --db t.db --max-states 10");
    EXPECT_EQ(cut.status, 0) << cut.err;
    EXPECT_NE(cut.err.find("claims.txt:1: its claim is not checked: the search stopped at a limit"),
              std::string::npos)
        << cut.err;
    EXPECT_NE(cut.err.find("1 limit; 0 errors; 0 claim mismatches"), std::string::npos) << cut.err;
    {
        SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM tally_claim_mismatches"), 0);
    }
    const Outcome solve = slidedb(dir, "solve claims.txt --max-states 10");
    EXPECT_EQ(solve.status, 0) << solve.err;
    EXPECT_EQ(solve.err, "claims.txt:1: its claim is not checked: the search stopped at a limit\n");

    const Outcome whole = slidedb(dir, "import claims.txt --db t.db --resolve");
    EXPECT_EQ(whole.status, 1) << whole.err;
    EXPECT_NE(whole.err.find("claims.txt:1: claims 5 moves, the search found 3"), std::string::npos) << whole.err;
    EXPECT_NE(whole.err.find("1 puzzle (0 new, 1 known); new: 0 solved, 0 unsolvable, 0 limit; known, searched "
                             "again: 1 solved, 0 unsolvable, 0 limit; 0 errors; 1 claim mismatch"),
              std::string::npos)
        << whole.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT line, claimed_moves, moves, claimed_cluster, cluster_size FROM claim_mismatches"),
              "1|5|3|61|60\n");
}

TEST(Import, KillNineThenResumeEqualsAnUninterruptedRun) {
    TempDir dir;
    fs::copy_file(test_data("boards/rush_18k.txt"), dir / "rush_18k.txt");
    write_file(dir / "z_bad.txt", "AA\n");

    // Kill the first run as soon as it has committed something.
    const pid_t pid = spawn_slidedb(dir, "import rush_18k.txt z_bad.txt --db cut.db --jobs 2 -q", "kill.err");
    ASSERT_GT(pid, 0);
    wait_until([&] {
        SQLite::Database peek((dir / "cut.db").string(), SQLite::OPEN_READONLY);
        return count(peek, "SELECT COUNT(*) FROM solutions") > 0;
    });
    kill(pid, SIGKILL);
    const int wstatus = wait_status(pid);
    ASSERT_TRUE(WIFSIGNALED(wstatus)) << "the import finished before it could be killed";
    {
        SQLite::Database db((dir / "cut.db").string());
        EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
        const std::int64_t kept = count(db, "SELECT COUNT(*) FROM puzzles");
        EXPECT_GT(kept, 0);
        EXPECT_LT(kept, 18068);
        EXPECT_EQ(count(db, "SELECT COUNT(*) FROM imports WHERE finished_at IS NULL"), 1);
    }
    const Outcome resume = slidedb(dir, "import rush_18k.txt z_bad.txt --db cut.db --jobs 2");
    EXPECT_EQ(resume.status, 1) << resume.err;  // z_bad.txt
    const Outcome whole = slidedb(dir, "import rush_18k.txt z_bad.txt --db whole.db --jobs 2");
    EXPECT_EQ(whole.status, 1) << whole.err;
    EXPECT_NE(whole.err.find("18068 puzzles (18068 new, 0 known)"), std::string::npos) << whole.err;
    EXPECT_NE(whole.err.find("0 claim mismatches"), std::string::npos) << whole.err;
    EXPECT_EQ(content(dir / "cut.db"), content(dir / "whole.db"));
    SQLite::Database db((dir / "cut.db").string());
    EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
    EXPECT_EQ(count(db, "SELECT SUM(cluster_size) FROM solutions"), 84748070);
    // The public database lists the hardest start of each cluster: the
    // backwards search must find every puzzle's own start the hardest.
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE hardest_moves <> moves"), 0);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE hardest_moves IS NULL"), 0);
}

// Ctrl-C, then a batch scheduler's SIGTERM: each run stores the parts under
// way, keeps its record open (cut short) and ends with 128 + the signal; the
// third run completes the import with every figure of an uninterrupted one.
TEST(Import, CtrlCAndSigtermStoreThePartsUnderWayAndTheSameCommandGoesOn) {
    TempDir dir;
    const std::int64_t clusters = write_every_third_line(dir / "rush_third.txt"), puzzles = kThird;
    const std::string args = "import rush_third.txt --db cut.db --jobs 2 -q";
    auto peek = [&](const std::string& sql) {
        SQLite::Database db((dir / "cut.db").string(), SQLite::OPEN_READONLY);
        return dump(db, sql);
    };
    std::int64_t stored = 0;
    int run = 0;
    // The run is recorded once it catches the signals; a moment later it is well under way.
    auto start = [&](int run) {
        const pid_t pid = spawn_slidedb(dir, args);
        wait_until([&] { return peek("SELECT COUNT(*) FROM imports") == std::to_string(run) + "\n"; });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        return pid;
    };
    for (const int signal : {SIGINT, SIGTERM}) {
        const pid_t pid = start(++run);
        ASSERT_GT(pid, 0);
        kill(pid, signal);
        const int wstatus = wait_status(pid);
        ASSERT_TRUE(WIFEXITED(wstatus)) << "ended by signal " << WTERMSIG(wstatus);
        EXPECT_EQ(WEXITSTATUS(wstatus), 128 + signal);
        const std::string err = slurp(dir / "err.txt");
        EXPECT_NE(err.find(signal == SIGINT ? "slidedb import: stopped by Ctrl-C: " : "slidedb import: stopped by SIGTERM: "),
                  std::string::npos)
            << err;
        EXPECT_NE(err.find("the same command goes on from there"), std::string::npos) << err;
        // Said as the signal came: what the wait is for.
        EXPECT_NE(err.find("slidedb import: stopping once the puzzles solved so far are stored"), std::string::npos) << err;
        EXPECT_EQ(peek("PRAGMA integrity_check"), "ok\n");
        const std::int64_t now = std::stoll(peek("SELECT COUNT(*) FROM puzzles"));
        EXPECT_GE(now, stored);
        EXPECT_LT(now, puzzles);
        // The run's record: cut short, with what it stored.
        EXPECT_EQ(peek("SELECT finished_at IS NULL, puzzles_new FROM imports WHERE id = " +
                                           std::to_string(run)),
                  "1|" + std::to_string(now - stored) + "\n");
        EXPECT_NE(err.find("puzzles (" + std::to_string(now - stored) + " new) stored this run"), std::string::npos) << err;
        // Every puzzle stored has its solution.
        EXPECT_EQ(peek("SELECT COUNT(*) FROM solutions"), std::to_string(now) + "\n");
        stored = now;
    }
    {
        // A second signal, of the other kind, ends it at once: whole batches only.
        const pid_t pid = start(++run);
        ASSERT_GT(pid, 0);
        // Both arrive together, whatever the load: sent while it is stopped,
        // they are delivered as it goes on, maybe to two threads at once.
        // Whichever is handled second ends it.
        kill(pid, SIGSTOP);
        kill(pid, SIGINT);
        kill(pid, SIGTERM);
        kill(pid, SIGCONT);
        const int wstatus = wait_status(pid);
        ASSERT_TRUE(WIFSIGNALED(wstatus)) << "exited with " << WEXITSTATUS(wstatus);
        EXPECT_TRUE(WTERMSIG(wstatus) == SIGTERM || WTERMSIG(wstatus) == SIGINT) << WTERMSIG(wstatus);
        EXPECT_EQ(peek("PRAGMA integrity_check"), "ok\n");
        const std::int64_t now = std::stoll(peek("SELECT COUNT(*) FROM puzzles"));
        EXPECT_GE(now, stored);
        EXPECT_LT(now, puzzles);
        stored = now;
    }
    const Outcome rest = slidedb(dir, args);
    ASSERT_EQ(rest.status, 0) << rest.err;
    SQLite::Database db((dir / "cut.db").string());
    EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), puzzles);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources"), puzzles);
    EXPECT_EQ(count(db, "SELECT puzzles_new FROM imports WHERE id = 4"), puzzles - stored);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM imports WHERE finished_at IS NOT NULL"), 1);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
    EXPECT_EQ(count(db, "SELECT SUM(cluster_size) FROM solutions"), clusters);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE hardest_moves <> moves"), 0);
}

// Ctrl-C during a search of minutes (a 15-puzzle whose pattern tables must
// be built first): the search ends at once and nothing of it is kept; the
// puzzle solved before it is stored, and its file alone counts as read.
TEST(Import, CtrlCEndsALongSearchAtOnceAndKeepsNothingOfIt) {
    TempDir dir;
    write_file(dir / "in/a_grid.txt", kFogleman);
    write_file(dir / "in/b_korf.txt", "# goal: blank first\n1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
    const pid_t pid = spawn_slidedb(dir, "import in --db cut.db --jobs 1 -q --cache-dir tables");
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(wait_until(
        [&] { return slurp(dir / "err.txt").find("slidedb: building the pattern table") != std::string::npos; }))
        << slurp(dir / "err.txt");
    const auto asked = std::chrono::steady_clock::now();
    kill(pid, SIGINT);
    const int wstatus = wait_status(pid);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    ASSERT_TRUE(WIFEXITED(wstatus)) << "ended by signal " << WTERMSIG(wstatus);
    EXPECT_EQ(WEXITSTATUS(wstatus), 130);
    EXPECT_LT(seconds, 10.0);  // against a search that ignores the stop (a minute's build), not a timing
    const std::string err = slurp(dir / "err.txt");
    EXPECT_NE(err.find("slidedb import: stopped by Ctrl-C: 1 puzzle (1 new) stored this run, 1 file read to the end"),
              std::string::npos)
        << err;
    SQLite::Database db((dir / "cut.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "PRAGMA integrity_check"), "ok\n");
    EXPECT_EQ(dump(db, "SELECT p.family, s.status, s.moves FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id"),
              "unblock|solved|49\n");
    EXPECT_EQ(dump(db, "SELECT finished_at IS NULL, puzzles_new FROM imports"), "1|1\n");
    // No table was finished, so none is on disk.
    std::size_t files = 0;
    if (fs::exists(dir / "tables"))
        for (const auto& e : fs::recursive_directory_iterator(dir / "tables")) files += e.is_regular_file();
    EXPECT_EQ(files, 0u);
}

}  // namespace
TEST(Import, FourSpellingsOfOneFileAreOneSetOfSources) {
    TempDir dir;
    write_file(dir / "rs.txt", "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n" + std::string(kFogleman));
    const std::string absolute = (dir / "rs.txt").string();
    // In one run: the file is read once.
    const Outcome r = slidedb(dir, "import rs.txt ./rs.txt .//rs.txt '" + absolute + "' --db one.db");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("1 file, 2 puzzles (2 new, 0 known)"), std::string::npos) << r.err;
    // In four runs: one set of sources, under the spelling first met.
    for (const std::string& spelling : std::vector<std::string>{"rs.txt", "./rs.txt", ".//rs.txt", "'" + absolute + "'"})
        ASSERT_EQ(slidedb(dir, "import " + spelling + " --db four.db").status, 0);
    SQLite::Database one((dir / "one.db").string()), four((dir / "four.db").string());
    const std::string sources = "SELECT puzzle_id, path, line, file FROM sources ORDER BY id";
    const std::string canonical = fs::canonical(dir / "rs.txt").string();
    EXPECT_EQ(dump(one, sources), "1|rs.txt|1|" + canonical + "\n2|rs.txt|2|" + canonical + "\n");
    EXPECT_EQ(dump(four, sources), dump(one, sources));
}

TEST(Import, EachBoardIsSearchedOncePerRun) {
    TempDir dir;
    // The same board in the first part and the second of a file (parts are
    // 64 puzzles), so both copies can be in flight at once, and again later.
    const std::string board = "BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM\n";
    std::string text = board;
    for (int i = 0; i < 63; ++i) text += "ooooooooooooAAoooooooooooooooooooooo\n";
    text += board;
    write_file(dir / "twice.txt", text);
    write_file(dir / "again.txt", board);
    const Outcome r = slidedb(dir, "import twice.txt again.txt --db t.db --jobs 2");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("2 files, 66 puzzles (2 new, 64 known)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; 2 searches;"), std::string::npos) << r.err;
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT p.id, s.moves, COUNT(*) FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                       "JOIN sources so ON so.puzzle_id = p.id GROUP BY p.id ORDER BY p.id"),
              "1|49|3\n2|1|63\n");
    // Nothing new the second time: no search at all.
    const Outcome again = slidedb(dir, "import twice.txt again.txt --db t.db --jobs 2");
    EXPECT_NE(again.err.find("; 0 searches;"), std::string::npos) << again.err;
}

}  // namespace slidedb::e2e
