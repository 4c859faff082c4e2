#include <signal.h>

#include <chrono>
#include <set>
#include <thread>

#include "e2e.h"

namespace slidedb::e2e {
namespace {

// Imports `file` into t.db: every puzzle new and solved, every claim the solver's.
void expect_imports_cleanly(const TempDir& dir, const std::string& file, std::int64_t puzzles) {
    const Outcome in = slidedb(dir, "import " + file + " --db t.db");
    ASSERT_EQ(in.status, 0) << in.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE status = 'solved'"), puzzles);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources WHERE claimed_moves IS NOT NULL"), puzzles);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM claim_mismatches"), 0);
}

TEST(Generate, DrawsPuzzlesOfTheMovesFromTheEnumeration) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 5 --walls 0..0 --db e.db -q -j 2").status, 0);
    const Outcome r = slidedb(dir, "generate --moves 10..15 --count 5 --size 5x5 --db e.db --seed 3 -o g.txt");
    ASSERT_EQ(r.status, 0) << r.err;
    // 189 of the 1,730 enumerated 5x5 puzzles need 10 to 15 moves; five of them, drawn by seed 3.
    EXPECT_EQ(slurp(dir / "g.txt"),
              "# slidedb generate --moves 10..15 --count 5 --seed 3 --size 5x5 --walls 0..0: drawn from the "
              "enumeration of e.db of 189 puzzles\n"
              "10 oooooooBCCAABDoEFFDoEGGHH 70\n"
              "12 ooBooooBCCAADooEFDoGEFHHG 133\n"
              "10 oBCCDoBEFDAAEFoGoHHHGIIIo 246\n"
              "14 BooCCBDDoEAAFoEoGFoHoGIIH 578\n"
              "10 BCCDDBoEFGAAEFGoHHoIoJJoI 64\n");
    expect_imports_cleanly(dir, "g.txt", 5);

    const Outcome few = slidedb(dir, "generate --moves 19..20 --count 3 --size 5x5 --db e.db");
    EXPECT_NE(few.status, 0);
    EXPECT_NE(few.err.find("e.db: the enumeration of 5x5 (walls 0..0) holds 2 puzzles of 19..20 moves, fewer than "
                           "--count 3"),
              std::string::npos)
        << few.err;

    // A database named but holding no enumeration of those walls, or of that
    // size: said, and random clusters searched.
    const Outcome walls = slidedb(dir, "generate --moves 3..4 --count 1 --size 5x5 --walls 0..1 --db e.db");
    EXPECT_EQ(walls.status, 0) << walls.err;
    EXPECT_EQ(walls.err, "e.db: no enumeration of 5x5 with walls 0..1; searching random clusters instead\n");
    const Outcome size = slidedb(dir, "generate --moves 3..4 --count 1 --size 6x5 --db e.db");
    EXPECT_EQ(size.status, 0) << size.err;
    EXPECT_EQ(size.err, "e.db: enumerations are of square boards, not 6x5; searching random clusters instead\n");
}

TEST(Generate, SearchesPuzzlesOfTheMovesWithoutAnEnumeration) {
    TempDir dir;
    const Outcome r = slidedb(dir, "generate --moves 12..14 --count 4 --size 5x5 --seed 2 -j 2 -o g.txt");
    ASSERT_EQ(r.status, 0) << r.err;
    expect_imports_cleanly(dir, "g.txt", 4);
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE moves BETWEEN 12 AND 14"), 4);
}

TEST(Generate, HardestSearchRepeatsWhateverTheJobsAndImportsCleanly) {
    TempDir dir;
    const Outcome one = slidedb(dir, "generate --hardest --size 5x5 --rounds 2 --seed 4 --count 2 -j 1 -o one.txt");
    ASSERT_EQ(one.status, 0) << one.err;
    const Outcome two = slidedb(dir, "generate --hardest --size 5x5 --rounds 2 --seed 4 --count 2 -j 2 -o two.txt");
    ASSERT_EQ(two.status, 0) << two.err;
    EXPECT_EQ(slurp(dir / "one.txt"), slurp(dir / "two.txt"));
    EXPECT_NE(one.err.find("2 rounds, "), std::string::npos) << one.err;
    // The file's first line is a command that repeats the search exactly.
    const std::string text = slurp(dir / "one.txt");
    const std::string first = text.substr(0, text.find('\n'));
    ASSERT_EQ(first.rfind("# slidedb generate ", 0), 0u) << first;
    EXPECT_EQ(first.find("--blocks"), std::string::npos) << first;  // not given: the search's own limit
    const Outcome again = slidedb(dir, first.substr(std::string("# slidedb ").size()) + " -o three.txt");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(slurp(dir / "three.txt"), text);
    expect_imports_cleanly(dir, "one.txt", 2);

    // Blocks and walls given are named, as the search's walls (--walls).
    const Outcome walled =
        slidedb(dir, "generate --hardest --size 5x5 --blocks 4..7 --walls 0..1 --rounds 2 --seed 4 -j 1 -o w.txt");
    ASSERT_EQ(walled.status, 0) << walled.err;
    const std::string w = slurp(dir / "w.txt");
    EXPECT_EQ(w.substr(0, w.find('\n')), "# slidedb generate --hardest --count 1 --seed 4 --rounds 2 --patience 40 "
                                          "--size 5x5 --blocks 4..7 --walls 0..1 --exit right");
    EXPECT_EQ(first.find("--fixed"), std::string::npos) << first;
    const Outcome repeated = slidedb(dir, w.substr(std::string("# slidedb ").size(), w.find('\n') - 10) + " -o w2.txt");
    ASSERT_EQ(repeated.status, 0) << repeated.err;
    EXPECT_EQ(slurp(dir / "w2.txt"), w);
    const Outcome fixed = slidedb(dir, "generate --hardest --size 5x5 --fixed 2 --rounds 2");
    EXPECT_EQ(fixed.status, 2);
    EXPECT_EQ(fixed.err, "slidedb: --fixed: --hardest takes its walls as --walls MIN..MAX\n");
}

// Ctrl-C ends a long search after the round under way: the best found so
// far is written, and the rounds it names repeat the search exactly.
TEST(Generate, HardestSearchStoppedByCtrlCWritesTheBestSoFarAndItsRoundsRepeatIt) {
    TempDir dir;
    const pid_t pid = spawn_slidedb(dir, "generate --hardest --size 5x5 --time 600 --seed 6 -j 1 -o cut.txt");
    ASSERT_GT(pid, 0);
    // The first round's line is printed at once; a moment later more rounds are done.
    wait_until([&] { return slurp(dir / "err.txt").find("round 1 ") != std::string::npos; });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto sent = std::chrono::steady_clock::now();
    kill(pid, SIGINT);
    const int wstatus = wait_status(pid);
    // Long before the time limit: the search stopped.
    EXPECT_LT(std::chrono::steady_clock::now() - sent, std::chrono::seconds(60));
    ASSERT_TRUE(WIFEXITED(wstatus)) << "ended by signal " << WTERMSIG(wstatus);
    EXPECT_EQ(WEXITSTATUS(wstatus), 130);
    const std::string err = slurp(dir / "err.txt");
    const std::size_t at = err.find("slidedb generate: stopped by Ctrl-C after round ");
    ASSERT_NE(at, std::string::npos) << err;
    const std::string rounds = err.substr(at + 48, err.find(':', at + 48) - at - 48);
    EXPECT_NE(err.find("--rounds " + rounds + " repeats the search"), std::string::npos) << err;
    const std::string text = slurp(dir / "cut.txt");
    const std::string first = text.substr(0, text.find('\n'));
    EXPECT_NE(first.find(" --rounds " + rounds + " "), std::string::npos) << first;
    const Outcome again = slidedb(dir, first.substr(std::string("# slidedb ").size()) + " -j 1 -o again.txt");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(slurp(dir / "again.txt"), text);
    expect_imports_cleanly(dir, "cut.txt", 1);
}

TEST(Generate, TilesOfExactlyTheMovesAskedImportWithTheSolversMoves) {
    TempDir dir;
    const Outcome r = slidedb(dir, "generate --family tiles --size 3x3 --moves 20 --count 6 --seed 5 -j 2 -o t.txt");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(slidedb(dir, "generate --family tiles --size 3x3 --moves 20 --count 6 --seed 5 -j 1").out,
              slurp(dir / "t.txt"));
    expect_imports_cleanly(dir, "t.txt", 6);
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles WHERE family = 'tiles' AND width = 3 AND height = 3"), 6);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE moves = 20"), 6);
    EXPECT_EQ(slidedb(dir, "generate --family tiles --size 3x3 --walls 0..1 --count 1").status, 2);
    // --min-moves alone judges each board drawn, as --moves does (before: its
    // cluster's hardest start, one board for every draw, and no end).
    const Outcome min = slidedb(dir, "generate --family tiles --size 3x2 --count 2 --min-moves 1 --seed 3 -j 1");
    EXPECT_EQ(min.status, 0) << min.err;
    EXPECT_EQ(occurrences(min.out, "\n"), 3u) << min.out;
}

TEST(Generate, BlocksPuzzlesAFileEachImportWithTheMovesTheyName) {
    TempDir dir;
    const Outcome r = slidedb(dir, "generate --family blocks --size 4x4 --blocks 4..6 --min-moves 6 --count 3 "
                                   "--seed 2 -j 2 -o out");
    ASSERT_EQ(r.status, 0) << r.err;
    // Each file names its moves on its second line ("# N moves, a cluster of C boards").
    std::multiset<int> named;
    for (const char* name : {"out/0001.txt", "out/0002.txt", "out/0003.txt"}) {
        const std::string text = slurp(dir / name);
        const auto second = text.find('\n') + 1;
        ASSERT_EQ(text.substr(second, 2), "# ") << text;
        named.insert(std::stoi(text.substr(second + 2)));
    }
    const Outcome in = slidedb(dir, "import out --db t.db");
    ASSERT_EQ(in.status, 0) << in.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles WHERE family = 'blocks' AND width = 4 AND height = 4"), 3);
    SQLite::Statement moves(db, "SELECT moves FROM solutions WHERE status = 'solved'");
    std::multiset<int> solved;
    while (moves.executeStep()) solved.insert(moves.getColumn(0).getInt());
    EXPECT_EQ(solved, named);
    EXPECT_GE(*solved.begin(), 6);
    const Outcome folder = slidedb(dir, "generate --family blocks --count 2");  // two puzzles need a folder
    EXPECT_EQ(folder.status, 2);
    EXPECT_EQ(folder.err, "slidedb: --out: a file of the family 'blocks' holds one puzzle, so 2 puzzles go to a "
                          "folder, a file each: give it with --out DIR\n");
}

// A puzzle drawn on an outline names the outline in its first line, so
// that line run again makes the same puzzle; the outline's rows of wall
// stay, the last as the first.
TEST(Generate, AnOutlinesPuzzleNamesItsOutline) {
    TempDir dir;
    write_file(dir / "my outline.txt", "#####\n#...#\n#.#.#\n#...#\n#####\n\n");
    const Outcome r = slidedb(dir, "generate --family blocks --outline 'my outline.txt' --count 1 --seed 1");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "# slidedb generate --family blocks --count 1 --seed 1 --outline 'my outline.txt' --blocks 2..4");
    const std::size_t goal = r.out.find("goal\n");
    ASSERT_NE(goal, std::string::npos) << r.out;
    EXPECT_EQ(r.out.substr(r.out.find("start\n") + 6, 6), "#####\n") << r.out;
    EXPECT_EQ(r.out.substr(goal - 6, 6), "#####\n") << r.out;
    const std::string header = r.out.substr(0, r.out.find('\n'));
    const std::string command =
        std::string("'") + SLIDEDB_BINARY + "' " + header.substr(std::string("# slidedb ").size());
    const Outcome again = run_shell(dir, command);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(again.out, r.out);
}

}  // namespace
}  // namespace slidedb::e2e
