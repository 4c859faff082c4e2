// The `blocks` family through the binary: the two reference puzzles and an
// Unblock puzzle imported into one database, its rows, the reports, and
// solve/show printing the boards.
#include <regex>
#include <vector>

#include "e2e.h"

namespace slidedb::e2e {
namespace {

class Blocks : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(dir_ / "in");
        fs::copy_file(test_data("blocks/seed_wells.txt"), dir_ / "in/seed_wells.txt");
        fs::copy_file(test_data("blocks/klotski.txt"), dir_ / "in/klotski.txt");
        fs::copy_file(test_data("boards/kb_input.txt"), dir_ / "in/kb_input.txt");
        const Outcome r = slidedb(dir_, "import in --db t.db");
        ASSERT_EQ(r.status, 0) << r.err;
    }
    TempDir dir_;
};

TEST_F(Blocks, ImportBesideUnblockIntoOneDatabase) {
    SQLite::Database db((dir_ / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT family, COUNT(*) FROM puzzles GROUP BY family ORDER BY family"),
              "blocks|2\nunblock|1\n");
    EXPECT_EQ(dump(db, "SELECT p.width, p.height, p.exit_side, p.exit_row, p.blocks, so.path, so.line, so.format, "
                       "s.status, s.moves, s.steps, s.cluster_size, s.cluster_goals, s.cluster_depth, "
                       "s.hardest_moves FROM puzzles p JOIN sources so ON so.puzzle_id = p.id "
                       "JOIN solutions s ON s.puzzle_id = p.id ORDER BY p.family, s.moves"),
              "10|8|NULL|NULL|7|in/seed_wells.txt|5|start-goal|solved|31|78|163740|26741|69|42\n"
              "4|5|NULL|NULL|10|in/klotski.txt|3|start-goal|solved|81|116|25955|964|124|93\n"
              "6|6|right|2|7|in/kb_input.txt|1|blocks|solved|4|8|3102|1122|10|4\n");
    EXPECT_EQ(dump(db, "SELECT key FROM puzzles WHERE family = 'blocks' ORDER BY width"),
              "blocks 4x5 BAAC/BAAC/DEEF/DGHF/I..J|..../..../..../.AA./.AA.\n"
              "blocks 10x8  ########/ #BBCCDD#/ #BECCFD#/##EEGGFF##/#...GG...#/##AA##..##/ #AA##..#/ ########|"
              " ########/ #......#/ #......#/##......##/#........#/##..##AA##/ #..##AA#/ ########\n");
    // Levels and goal distances add up to each cluster.
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions s WHERE cluster_size <> "
                        "(SELECT SUM(frontier) FROM levels l WHERE l.puzzle_id = s.puzzle_id)"),
              0);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM solutions s WHERE cluster_size <> "
                        "(SELECT SUM(boards) FROM goal_levels g WHERE g.puzzle_id = s.puzzle_id)"),
              0);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 0);
}

TEST_F(Blocks, ReportsFilterByFamily) {
    const Outcome r = slidedb(dir_, "report hardest --family blocks --format csv --db t.db");
    ASSERT_EQ(r.status, 0) << r.err;
    // id, family, size, moves, steps, cluster, examined, then time and source.
    std::istringstream rows(r.out);
    std::vector<std::string> lines;
    for (std::string line; std::getline(rows, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    EXPECT_EQ(lines[0].rfind("id,family,size,moves,steps,cluster,examined,", 0), 0u) << r.out;
    EXPECT_EQ(lines[1].rfind("2,blocks,4x5,81,116,25955,94302,", 0), 0u) << r.out;
    EXPECT_EQ(lines[2].rfind("3,blocks,10x8,31,78,163740,873294,", 0), 0u) << r.out;
    const Outcome summary = slidedb(dir_, "report summary --format csv --db t.db");
    EXPECT_NE(summary.out.find("blocks,2,2,0,0,81,189695"), std::string::npos) << summary.out;
    EXPECT_NE(summary.out.find("unblock,1,1,0,0,4,3102"), std::string::npos) << summary.out;
    // One puzzle in full: no exit row, goal boards counted as such.
    const Outcome one = slidedb(dir_, "report puzzle 2 --format csv --db t.db");
    ASSERT_EQ(one.status, 0) << one.err;
    EXPECT_EQ(one.out.find("\nexit,"), std::string::npos) << one.out;
    EXPECT_NE(one.out.find("cluster,\"25955 boards, 964 at the goal, depth 124\""), std::string::npos) << one.out;
    // The page draws block boards and plays their solutions.
    const Outcome html = slidedb(dir_, "report all --db t.db --out r.html");
    ASSERT_EQ(html.status, 0) << html.err;
    const std::string page = slurp(dir_ / "r.html");
    EXPECT_NE(page.find("<svg class=\"board blocks\""), std::string::npos);
    EXPECT_NE(page.find("data-moves=\"JL1 GD1 FD1"), std::string::npos);
}

TEST_F(Blocks, SolvePrintsTheBoardsStepByStep) {
    const Outcome r = slidedb(dir_, "solve in/klotski.txt");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Solved in 81 moves (116 steps)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 81. "), std::string::npos) << r.out;
    // The start in the file's form (it reads back), each later board drawn
    // with the goal's free cells marked.
    EXPECT_NE(r.out.find("  0. start\n  start\n  BAAC\n  BAAC\n  DEEF\n  DGHF\n  I..J\n  goal\n  ....\n  ....\n"
                         "  ....\n  .AA.\n  .AA.\n\n  1. JL1\n  BAAC\n  BAAC\n  DEEF\n  DGHF\n  I+J.\n"),
              std::string::npos)
        << r.out;
    // show: the stored puzzle, its boards drawn as the file draws them.
    const Outcome show = slidedb(dir_, "show 3 --db t.db");
    ASSERT_EQ(show.status, 0) << show.err;
    EXPECT_NE(show.out.find("Puzzle 3: 10x8, 7 pieces of 5 shapes, 34 floor cells, goal: A"), std::string::npos)
        << show.out;
    EXPECT_NE(show.out.find("Solved in 31 moves (78 steps)."), std::string::npos) << show.out;
    EXPECT_NE(show.out.find("  0. start\n  start\n   ########\n   #BBCCDD#\n   #BECCFD#\n  ##EEGGFF##\n  #...GG...#\n"
                            "  ##AA##..##\n   #AA##..#\n   ########\n  goal\n   ########\n"),
              std::string::npos)
        << show.out;
    EXPECT_NE(show.out.find(" 31. "), std::string::npos) << show.out;
}

TEST_F(Blocks, BadInputIsAnErrorRowNamingTheLine) {
    write_file(dir_ / "bad/star.txt", "# a star\nstart\n#A.#\n#.*#\ngoal\n#..#\n#.A#\n");
    const Outcome r = slidedb(dir_, "import bad --db t.db");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("bad/star.txt:4: unknown character '*' at column 3"), std::string::npos) << r.err;
    SQLite::Database db((dir_ / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors"), "bad/star.txt|4|unknown character '*' at column 3\n");
}

// --max-memory bounds a blocks search as it does the others: six pieces on
// an empty 10x10 floor, to be carried to the far corner, stop at 1 MiB.
TEST_F(Blocks, MaxMemoryBoundsTheSearch) {
    std::string start = "start\nABCDEF....\n", goal = "goal\n";
    for (int row = 1; row < 10; ++row) start += "..........\n";
    for (int row = 0; row < 9; ++row) goal += "..........\n";
    goal += "....FEDCBA\n";
    write_file(dir_ / "wide.txt", start + goal);
    const Outcome r = slidedb(dir_, "solve wide.txt --max-memory 1M --no-levels");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("No solution within the memory limit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(incomplete: stopped at the memory limit)"), std::string::npos) << r.out;
    const std::size_t peak = r.out.find("peak ");
    ASSERT_NE(peak, std::string::npos) << r.out;
    EXPECT_LE(std::stod(r.out.substr(peak + 5)), 1024.0) << r.out;  // KiB, within the budget
}

// The page's player carries a piece round a corner in one move: A goes right,
// down and left again, and ends below where it started; back brings it home.
TEST(BlocksPlayer, CarriesAPieceRoundACornerInChromium) {
    std::string chromium;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"})
        if (std::system((std::string("command -v ") + name + " >/dev/null 2>&1").c_str()) == 0) {
            chromium = name;
            break;
        }
    if (chromium.empty()) GTEST_SKIP() << "chromium not found: scripts/setup.sh installs it";
    TempDir dir;
    write_file(dir / "in/corner.txt", "start\n#####\n#A..#\n###.#\n#...#\n##B##\n#####\ngoal\n#####\n#...#\n###.#\n#A..#\n##.##\n#####\n");
    ASSERT_EQ(slidedb(dir, "import in --db c.db").status, 0);
    ASSERT_EQ(slidedb(dir, "report hardest --db c.db --out c.html").status, 0);
    const std::string page = slurp(dir / "c.html");
    ASSERT_NE(page.find("data-moves=\"AR2D2L2\""), std::string::npos) << page;
    const auto drawn = [&](const std::string& steps) {
        const fs::path profile = dir / ("profile-" + steps);
        const Outcome r = run_shell(dir, "timeout 90 " + chromium +
                                             " --headless --no-sandbox --disable-gpu --no-first-run"
                                             " --disable-background-networking --disable-component-update --disable-sync"
                                             " --user-data-dir='" + profile.string() + "' --virtual-time-budget=3000"
                                             " --dump-dom 'file://" + (dir / "c.html").string() + "#steps=" + steps + "'");
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(r.out.find("data-errors"), std::string::npos);
        std::smatch m;
        static const std::regex a("data-label=\"A\" data-row=\"(\\d+)\" data-col=\"(\\d+)\"[^>]*transform: ?translate\\(([^)]*)\\)");
        return std::regex_search(r.out, m, a) ? m[1].str() + "," + m[2].str() + " " + m[3].str() : std::string("none");
    };
    // 20-unit cells inside a 10-unit frame; A starts at row 1, column 1.
    EXPECT_EQ(drawn(""), "1,1 30px,30px");  // as written: the player has not touched it
    EXPECT_EQ(drawn("f"), "3,1 30px, 70px");
    EXPECT_EQ(drawn("fb"), "1,1 30px, 30px");
}

}  // namespace
}  // namespace slidedb::e2e
