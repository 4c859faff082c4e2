// `slidedb graph`: a stored puzzle's cluster or a file's first puzzle drawn
// as SVG, DOT or PNG, checked against the figures the import stored.
#include <regex>

#include "e2e.h"

namespace slidedb::e2e {

namespace {

struct DotCounts {
    std::size_t nodes = 0, edges = 0, solution = 0, ranks = 0;
};

DotCounts count_dot(const std::string& dot) {
    DotCounts c;
    std::istringstream in(dot);
    const std::regex node("  n[0-9]+ \\[tooltip=.*"), edge("  n[0-9]+ -- n[0-9]+.*");
    for (std::string line; std::getline(in, line);) {
        c.nodes += std::regex_match(line, node);
        c.edges += std::regex_match(line, edge);
        c.solution += line.find("penwidth=3") != std::string::npos;
        c.ranks += line.rfind("  { rank=same;", 0) == 0;
    }
    return c;
}

}  // namespace

TEST(GraphCommandE2E, AStoredPuzzleAsDotHasItsClusterAndMoves) {
    TempDir dir;
    write_file(dir / "in/expert.txt", slurp(test_data("boards/yb_expert_0001.txt")));
    ASSERT_EQ(slidedb(dir, "import in --db t.db -q").status, 0);
    const Outcome r = slidedb(dir, "graph 1 --db t.db --format dot");
    ASSERT_EQ(r.status, 0) << r.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    const DotCounts c = count_dot(r.out);
    EXPECT_EQ(c.nodes, 774u);
    EXPECT_EQ(static_cast<std::int64_t>(c.nodes), count(db, "SELECT cluster_size FROM solutions WHERE puzzle_id = 1"));
    EXPECT_EQ(static_cast<std::int64_t>(2 * c.edges), count(db, "SELECT examined FROM solutions WHERE puzzle_id = 1"));
    EXPECT_EQ(static_cast<std::int64_t>(c.ranks), count(db, "SELECT hardest_moves + 1 FROM solutions WHERE puzzle_id = 1"));
    EXPECT_EQ(static_cast<std::int64_t>(c.solution), count(db, "SELECT moves FROM solutions WHERE puzzle_id = 1"));
    EXPECT_EQ(c.solution, 32u);
    EXPECT_NE(r.err.find("puzzle 1: 774 boards, "), std::string::npos) << r.err;
}

TEST(GraphCommandE2E, AStoredClusterOverTheLimitIsRefusedWithItsSize) {
    TempDir dir;
    write_file(dir / "in/kb.txt", slurp(test_data("boards/kb_input.txt")));
    ASSERT_EQ(slidedb(dir, "import in --db t.db -q").status, 0);
    const Outcome r = slidedb(dir, "graph 1 --db t.db --out kb.svg");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "slidedb: puzzle 1: its cluster has 3102 boards, over --max-boards 3000 for svg "
                     "(raise it, or draw --format dot)\n");
    EXPECT_FALSE(fs::exists(dir / "kb.svg"));
    const Outcome more = slidedb(dir, "graph 1 --db t.db --out kb.svg --max-boards 3102");
    ASSERT_EQ(more.status, 0) << more.err;
    EXPECT_EQ(occurrences(slurp(dir / "kb.svg"), "<circle"), 3102u);
    EXPECT_EQ(slidedb(dir, "graph 7 --db t.db").err, "slidedb: t.db: no puzzle with id 7\n");
}

TEST(GraphCommandE2E, KlotskiAsDotAndAsSvgWhenAllowed) {
    TempDir dir;
    write_file(dir / "klotski.txt", slurp(test_data("blocks/klotski.txt")));
    const Outcome refused = slidedb(dir, "graph klotski.txt");
    EXPECT_EQ(refused.status, 1);
    EXPECT_EQ(refused.err, "slidedb: klotski.txt:3: its cluster has more than 3000 boards, over --max-boards 3000 "
                           "for svg (raise it, or draw --format dot)\n");
    const Outcome dot = slidedb(dir, "graph klotski.txt --out k.dot");
    ASSERT_EQ(dot.status, 0) << dot.err;
    const DotCounts c = count_dot(slurp(dir / "k.dot"));
    EXPECT_EQ(c.nodes, 25'955u);
    EXPECT_EQ(c.solution, 81u);
    const Outcome svg = slidedb(dir, "graph klotski.txt --max-boards 30000 --format svg --out k.svg");
    ASSERT_EQ(svg.status, 0) << svg.err;
    EXPECT_EQ(occurrences(slurp(dir / "k.svg"), "<circle"), 25'955u);
}

TEST(GraphCommandE2E, TilesAsPngAndUsageErrors) {
    TempDir dir;
    write_file(dir / "t.txt", "4 1 2\n5 0 3\n");
    const Outcome r = slidedb(dir, "graph t.txt --out t.png");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(slurp(dir / "t.png").substr(1, 3), "PNG");
    EXPECT_NE(r.err.find("360 boards, 420 moves; rows by distance to the goal, 0 (1 goal board) to 21"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(slidedb(dir, "graph t.txt --format png").status, 2);
    EXPECT_EQ(slidedb(dir, "graph t.txt --format bmp").status, 2);
    EXPECT_EQ(slidedb(dir, "graph t.txt --max-boards 0").status, 2);
    const Outcome missing = slidedb(dir, "graph nothing.txt");
    EXPECT_EQ(missing.status, 1);
}

TEST(GraphCommandE2E, ThePuzzleReportDrawsASmallCluster) {
    TempDir dir;
    write_file(dir / "in/expert.txt", slurp(test_data("boards/yb_expert_0001.txt")));
    write_file(dir / "in/kb.txt", slurp(test_data("boards/kb_input.txt")));
    ASSERT_EQ(slidedb(dir, "import in --db t.db -q").status, 0);
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    const std::int64_t expert = count(db, "SELECT puzzle_id FROM solutions WHERE cluster_size = 774");
    const std::int64_t kb = count(db, "SELECT puzzle_id FROM solutions WHERE cluster_size = 3102");
    ASSERT_EQ(slidedb(dir, "report puzzle " + std::to_string(expert) + " --db t.db --out e.html").status, 0);
    const std::string page = slurp(dir / "e.html");
    const auto at = page.find("<section class=\"state-space\"><h3>State space</h3>");
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(occurrences(page.substr(at), "<circle"), 774u);
    ASSERT_EQ(slidedb(dir, "report puzzle " + std::to_string(kb) + " --db t.db --out k.html").status, 0);
    EXPECT_EQ(slurp(dir / "k.html").find("State space"), std::string::npos);
}

}  // namespace slidedb::e2e
