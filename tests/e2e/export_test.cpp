// `slidedb export`: stored puzzles of every family written back as board
// files that import reads to the same keys, with figures it checks again.
#include <fmt/format.h>

#include "e2e.h"

namespace slidedb::e2e {
namespace {

// Key, moves and cluster size of every puzzle, from its search or else its
// enumeration, and whether it is solvable.
const char* kFigures =
    "SELECT p.key, COALESCE(s.moves, e.moves), COALESCE(s.cluster_size, e.cluster_size), "
    "COALESCE(s.status, 'solved') FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id "
    "LEFT JOIN enumerated e ON e.puzzle_id = p.id ORDER BY p.key";

// Boards of every shape the Unblock lines need a directive for, tile
// puzzles under three goals, the examples' boards of every family (a left
// exit, fixed cells, an unsolvable one, Klotski), and a 4x4
// enumeration whose puzzles were never searched: imported once for the
// suite, into a.db of a folder its tests share (each writes names of its
// own there).
class Export : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        const TempDir& dir = *dir_;
        fs::create_directories(dir / "in");
        int n = 0;
        for (const char* shape : {"--size 6x8", "--size 8x6 --exit left", "--size 7x7", "--size 4x4 --exit left"})
            ASSERT_EQ(slidedb(dir, fmt::format("generate --count 3 --seed 7 {} -o in/shape-{}.txt", shape, ++n)).status,
                      0);
        write_file(dir / "in/tiles.txt",
                   "1 2 3 / 4 5 6 / 7 0 8\n"
                   "# goal: 1 2 3 / 8 0 4 / 7 6 5\n"
                   "2 8 3 / 1 6 4 / 7 0 5\n"
                   "1 3 2 / 8 0 4 / 7 6 5\n"
                   "# goal: blank first\n"
                   "1 0 2 / 3 4 5 / 6 7 8\n"
                   "2 1 / 0 3 / 4 5\n");
        std::string examples;
        for (const char* file : {"boards/fg_README_example.txt", "boards/kb_input.txt",
                                 "boards/left_exit_and_fixed.txt", "boards/no_solution.txt",
                                 "boards/yb_expert_0001.txt", "blocks", "tiles"})
            examples += " '" + test_data(std::string("examples/") + file) + "'";
        ASSERT_EQ(slidedb(dir, "import in" + examples + " --db a.db -q").status, 0);
        ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..1 --db a.db -q").status, 0);
    }
    static void TearDownTestSuite() {
        delete dir_;
        dir_ = nullptr;
    }
    static TempDir* dir_;
};
TempDir* Export::dir_ = nullptr;

TEST_F(Export, EveryFamilyReadsBackToTheSamePuzzlesWithTheirFiguresAsClaims) {
    const TempDir& dir = *dir_;
    const Outcome out = slidedb(dir, "export --db a.db -o back/");
    ASSERT_EQ(out.status, 0) << out.err;
    EXPECT_NE(out.err.find("2 blocks puzzles, 8 tiles puzzles, 50 unblock puzzles written to back/"),
              std::string::npos)
        << out.err;
    std::size_t files = 0, blocks = 0;
    for (const auto& entry : fs::directory_iterator(dir / "back")) {
        ++files;
        blocks += entry.path().filename().string().rfind("blocks-", 0) == 0;
    }
    EXPECT_EQ(files, 4u);
    EXPECT_EQ(blocks, 2u);
    const std::string unblock = slurp(dir / "back/unblock.txt");
    EXPECT_EQ(unblock.rfind("# slidedb export --db a.db\n", 0), 0u);
    EXPECT_EQ(occurrences(unblock, "# size: "), 8u);  // at each change of size, in id order
    EXPECT_EQ(occurrences(slurp(dir / "back/tiles.txt"), "# goal: "), 4u);

    const Outcome again = slidedb(dir, "import back --db b.db");
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.err.find("60 new"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("0 errors; 0 claim mismatches"), std::string::npos) << again.err;
    SQLite::Database a((dir / "a.db").string()), b((dir / "b.db").string());
    EXPECT_EQ(dump(a, kFigures), dump(b, kFigures));
    // Every solved Unblock puzzle and enumerated one claims its moves and
    // cluster; every solved tile puzzle its moves; the blocks' figures are
    // a comment, and unsolvable boards claim nothing.
    EXPECT_EQ(count(b, "SELECT COUNT(*) FROM sources WHERE claimed_moves IS NOT NULL"),
              count(a, "SELECT COUNT(*) FROM puzzles p WHERE family <> 'blocks' AND (EXISTS (SELECT 1 FROM solutions "
                       "s WHERE s.puzzle_id = p.id AND s.status = 'solved') OR NOT EXISTS (SELECT 1 FROM solutions s "
                       "WHERE s.puzzle_id = p.id))"));
    EXPECT_EQ(count(b, "SELECT COUNT(*) FROM sources WHERE claimed_cluster IS NOT NULL"),
              count(b, "SELECT COUNT(*) FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                       "WHERE family = 'unblock' AND status = 'solved'"));
}

TEST_F(Export, ChoosesAndOrdersAsTheListDoes) {
    const TempDir& dir = *dir_;
    Outcome out = slidedb(dir, "export --db a.db --family unblock --size 6x6 --sort moves --count 3");
    ASSERT_EQ(out.status, 0) << out.err;
    EXPECT_EQ(out.out,
              "# slidedb export --db a.db --family unblock --size 6x6 --sort moves --count 3\n"
              "49 BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM 24132\n"
              "32 BoCDDDBoCEooBAAEoFGGHHoFIIJJoFoooooo 774\n"
              "04 oooBoooooBCoDAABCoDEooooFEooooFoGGoo 3102\n");
    EXPECT_EQ(out.err, "slidedb export: 3 unblock puzzles written\n");

    out = slidedb(dir, "export --db a.db --family unblock --status unsolvable --order desc");
    ASSERT_EQ(out.status, 0) << out.err;
    EXPECT_EQ(out.out, "# slidedb export --db a.db --family unblock --status unsolvable --order desc\n"
                       "oooooBoooooBoooAABooooooCDEFGHCDEFGH\n");

    out = slidedb(dir, "export --db a.db --family tiles --moves 0..2 -o t.txt");
    ASSERT_EQ(out.status, 0) << out.err;
    // Each goal said where it changes, the usual one too.
    EXPECT_EQ(slurp(dir / "t.txt"),
              "# slidedb export --db a.db --family tiles --moves 0..2\n"
              "13 1 1 2 3 / 4 5 6 / 7 0 8\n"
              "# goal: 0 1 2 / 3 4 5 / 6 7 8\n"
              "16 1 1 0 2 / 3 4 5 / 6 7 8\n"
              "# goal: 0 1 / 2 3 / 4 5\n"
              "17 1 2 1 / 0 3 / 4 5\n"
              "# goal: blank last\n"
              "27 2 1 2 3 / 4 5 6 / 0 7 8\n");
}

TEST_F(Export, RefusesWhatWouldMixOrOverwrite) {
    const TempDir& dir = *dir_;
    Outcome out = slidedb(dir, "export --db a.db");
    EXPECT_EQ(out.status, 2);
    EXPECT_NE(out.err.find("the puzzles chosen are of the families unblock, blocks, tiles, whose files differ: give "
                           "--family, or a folder for a file of each (-o DIR/, existing or ending in /)"),
              std::string::npos)
        << out.err;
    EXPECT_EQ(out.out, "");
    out = slidedb(dir, "export --db a.db --family blocks -o k.txt");
    EXPECT_EQ(out.status, 2);
    EXPECT_NE(out.err.find("blocks puzzles are a file each: give a folder (-o k.txt/"), std::string::npos) << out.err;
    EXPECT_FALSE(fs::exists(dir / "k.txt"));
    write_file(dir / "full/old.txt", "x\n");
    out = slidedb(dir, "export --db a.db -o full");
    EXPECT_EQ(out.status, 2);
    EXPECT_NE(out.err.find("full: not empty"), std::string::npos) << out.err;
    out = slidedb(dir, "export --db a.db --family tiles -o a.db");
    EXPECT_EQ(out.status, 2);
    out = slidedb(dir, "export --db a.db --moves 900..999 --family tiles");
    EXPECT_EQ(out.status, 1);
    EXPECT_EQ(out.err, "slidedb export: no puzzle of a.db is chosen\n");
    out = slidedb(dir, "export --db a.db --moves 9..x");
    EXPECT_EQ(out.status, 2);
    EXPECT_NE(out.err.find("'9..x' is not of the form MIN..MAX"), std::string::npos) << out.err;
}

}  // namespace
}  // namespace slidedb::e2e
