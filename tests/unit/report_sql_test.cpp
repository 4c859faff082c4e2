// The built-in reports' figures, checked exactly on a small database written
// here row by row (figures invented, chosen so every answer can be worked out
// by hand).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "families/families.h"
#include "report/report_sections.h"
#include "store/database.h"
#include "store/embedded_sql.h"
#include "store/query.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;

// puzzle: id, moves, steps, cluster, examined; status from moves (0 = unsolvable)
struct Row {
    int id, moves, steps, cluster, examined;
};
constexpr Row kRows[] = {
    {1, 10, 14, 100, 1000}, {2, 20, 25, 200, 3000}, {3, 30, 33, 600, 2000},
    {4, 16, 40, 50, 9000},  {5, 0, 0, 12, 40},      {6, 0, 0, 7000, 60000},
};

class ReportSql : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        std::string tmpl = (fs::temp_directory_path() / "slidedb-report-XXXXXX").string();
        dir_ = new fs::path(mkdtemp(tmpl.data()));
        OpenOptions options;
        options.bands = difficulties();
        auto db = open_database((*dir_ / "r.db").string(), Access::ReadWrite, options);
        db->exec("INSERT INTO imports (id, started_at, finished_at, command, jobs, files) "
                 "VALUES (1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', 'slidedb import', 1, 3)");
        for (const Row& r : kRows) {
            // Distinct boards: the prisoner's row and a block column vary with the id.
            db->exec(fmt::format("INSERT INTO puzzles (id, key, family, width, height, exit_side, exit_row, board, "
                                 "blocks, fixed, import_id) VALUES ({0}, 'unblock k{0}', 'unblock', 6, 6, 'right', 2, "
                                 "'......\n......\nAA...B\n.....B\n......\n......', 2, 0, 1)",
                                 r.id));
            const bool solved = r.moves > 0;
            db->exec(fmt::format(
                "INSERT INTO solutions (puzzle_id, status, moves, steps, solution, cluster_size, cluster_goals, "
                "cluster_depth, cluster_complete, examined, max_states, seconds, peak_bytes, solver_version, "
                "import_id) VALUES ({0}, '{1}', {2}, {3}, {4}, {5}, 1, 5, 1, {6}, 1000000, 0.002, 4096, 't', 1)",
                r.id, solved ? "solved" : "unsolvable", solved ? std::to_string(r.moves) : "NULL",
                solved ? std::to_string(r.steps) : "NULL", solved ? "'BU2 AR4'" : "NULL", r.cluster, r.examined));
            db->exec(fmt::format("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id, "
                                 "claimed_moves) VALUES ({0}, 'a.txt', {0}, 'board-file', 'grid', 'h', 1, {1})",
                                 r.id, r.id == 2 ? "21" : "NULL"));
        }
        db->exec("INSERT INTO sources (puzzle_id, path, line, kind, format, file_hash, import_id) "
                 "VALUES (1, 'shots/b.png', 0, 'screenshot', 'png', 'h2', 1)");
        db->exec("UPDATE solutions SET hardest_moves = 34, hardest_board = 'x' WHERE puzzle_id = 3");
        db->exec("UPDATE solutions SET hardest_moves = 20, hardest_board = 'y' WHERE puzzle_id = 4");
        db->exec("UPDATE solutions SET hardest_moves = 10 WHERE puzzle_id = 1");
        db->exec("UPDATE solutions SET blocked_cells = 'r3c6', blockers = 'B' WHERE puzzle_id = 5");
        db->exec("INSERT INTO levels VALUES (1, 0, 1, 2, 4, 0), (1, 1, 4, 20, 9, 0), (1, 2, 9, 30, 0, 1), "
                 "(2, 0, 1, 3, 16, 0), (2, 1, 16, 50, 0, 1)");
        db->exec("INSERT INTO goal_levels VALUES (1, 0, 3), (1, 1, 7)");
        db->exec("INSERT INTO errors (path, line, message, import_id, last_import_id) "
                 "VALUES ('bad.txt', 3, 'two prisoners', 1, 1)");
    }
    static void TearDownTestSuite() {
        std::error_code ec;
        fs::remove_all(*dir_, ec);
        delete dir_;
    }

    // The report's sections, by title, each as "a|b|c" lines.
    static std::map<std::string, std::string> run(const std::string& name, Params params = {}) {
        auto db = open_database((*dir_ / "r.db").string(), Access::ReadOnly);
        std::string sql;
        for (const SqlFile& f : report_files())
            if (f.name == name) sql = f.text;
        EXPECT_FALSE(sql.empty()) << name;
        params.emplace("top", "20");
        std::map<std::string, std::string> out;
        for (Section& s : query_sections(*db, sql, params)) {
            const ReportSection r = make_section(s.title, std::move(s.table));
            std::string text;
            for (const auto& row : r.table.rows) {
                for (std::size_t c = 0; c < row.size(); ++c) text += (c ? "|" : "") + row[c];
                text += '\n';
            }
            out[r.title] = text;
        }
        return out;
    }
    static std::string column(const std::string& rows, std::size_t index) {
        std::string out;
        std::size_t start = 0;
        while (start < rows.size()) {
            const std::size_t nl = rows.find('\n', start);
            std::string line = rows.substr(start, nl - start);
            for (std::size_t i = 0; i < index; ++i) line.erase(0, line.find('|') + 1);
            out += line.substr(0, line.find('|')) + ' ';
            start = nl + 1;
        }
        return out;
    }

    static fs::path* dir_;
};
fs::path* ReportSql::dir_ = nullptr;

TEST_F(ReportSql, SummaryCountsEverything) {
    auto s = run("summary");
    EXPECT_EQ(s["In short"], "6|4|2|7|1|1|1\n");
    EXPECT_EQ(s["Families"], "unblock|6|4|2|0|30|7962\n");
    EXPECT_EQ(s["Puzzles"], "unblock|solved|4|10|30|19|950\nunblock|unsolvable|2||||7012\n");
    EXPECT_EQ(s["Sources"], "board-file|grid|6|6|1\nscreenshot|png|1|1|1\n");
    EXPECT_EQ(s["Errors"], "bad.txt|3|two prisoners|1|1\n");
    EXPECT_EQ(s["Claims that disagree"], "a.txt|2|2|21|20||200\n");
}

TEST_F(ReportSql, HardestRanksByEachMeasure) {
    EXPECT_EQ(column(run("hardest")["Hardest puzzles"], 0), "3 2 4 1 ");
    EXPECT_EQ(column(run("hardest", {{"by", "moves"}})["Hardest puzzles"], 0), "3 2 4 1 ");
    EXPECT_EQ(column(run("hardest", {{"by", "steps"}})["Hardest puzzles"], 0), "4 3 2 1 ");
    EXPECT_EQ(column(run("hardest", {{"by", "cluster"}})["Hardest puzzles"], 0), "3 2 1 4 ");
    EXPECT_EQ(column(run("hardest", {{"by", "effort"}})["Hardest puzzles"], 0), "4 2 3 1 ");
    EXPECT_EQ(run("hardest", {{"top", "1"}})["Hardest puzzles"], "3|unblock|6x6|30|33|600|2000|2|a.txt:3\n");
    // Two sources: the first one met names the puzzle.
    EXPECT_EQ(column(run("hardest", {{"by", "steps"}})["Hardest puzzles"], 8), "a.txt:4 a.txt:3 a.txt:2 a.txt:1 ");
}

TEST_F(ReportSql, ReportsKeepOneFamily) {
    EXPECT_EQ(column(run("hardest", {{"family", "unblock"}})["Hardest puzzles"], 0), "3 2 4 1 ");
    EXPECT_EQ(run("hardest", {{"family", "blocks"}})["Hardest puzzles"], "");
    EXPECT_EQ(run("unsolvable", {{"family", "unblock"}})["In short"], "2|2|0|1|7000|2\n");
    EXPECT_EQ(run("unsolvable", {{"family", "blocks"}})["In short"], "0|0|0|0|0|0\n");
    EXPECT_EQ(run("difficulty", {{"family", "unblock"}}), run("difficulty"));
    // No blocks puzzle is solved: no bands, no rule, no moves.
    EXPECT_EQ(run("difficulty", {{"family", "blocks"}})["Difficulty bands"], "");
    EXPECT_EQ(run("difficulty", {{"family", "blocks"}})["How each family grades"], "");
    EXPECT_EQ(run("difficulty", {{"family", "blocks"}})["Optimal moves"], "");
}

TEST_F(ReportSql, DifficultyHasEveryBandAndEveryMoveCount) {
    auto s = run("difficulty");
    EXPECT_EQ(s["Difficulty bands"],
              "unblock|any|under 15|0-14|1|25\nunblock|any|Beginner|15-20|2|50\nunblock|any|Intermediate|21-25|0|0\n"
              "unblock|any|Advanced|26-30|1|25\nunblock|any|Expert|31+|0|0\n");
    const std::string bar(50, '#');
    std::string want;
    for (int m = 10; m <= 30; ++m) {
        const bool some = m == 10 || m == 16 || m == 20 || m == 30;
        want += fmt::format("unblock|{}|{}|{}\n", m, some ? 1 : 0, some ? bar : "");
    }
    EXPECT_EQ(s["Optimal moves"], want);
}

TEST_F(ReportSql, UnsolvableNamesTheBlockers) {
    const std::string board = "......\n......\nAA...B\n.....B\n......\n......";
    // Columns: unsolvable, searched whole, decided by parity (tiles), ...
    EXPECT_EQ(run("unsolvable")["In short"], "2|2|0|1|7000|2\n");
    EXPECT_EQ(run("unsolvable", {{"top", "1"}})["In short"], "2|2|0|1|7000|1\n");
    // ... and a reason in words, empty for Unblock.
    EXPECT_EQ(run("unsolvable")["Unsolvable boards"],
              "6|6x6|7000|yes||||" + board + "|a.txt:6\n5|6x6|12|yes|r3c6|B||" + board + "|a.txt:5\n");
}

TEST_F(ReportSql, PatternsMeasureCorrelationByHand) {
    auto s = run("patterns");
    // moves 10 20 30 16, examined 1000 3000 2000 9000, cluster 100 200 600 50:
    // deviations from the means (19, 3750, 237.5) give r = -11000 / sqrt(212 * 38750000)
    // = -0.121, 5750 / sqrt(212 * 186875) = 0.914 and -0.451.
    EXPECT_EQ(s["Correlation, every family together"],
              "moves ~ boards examined|4|-0.121\nmoves ~ cluster size|4|0.914\n"
              "cluster size ~ boards examined|4|-0.451\n");
    EXPECT_EQ(s["Cluster sizes, every family together"],
              "10|19|1|0|1|16.7\n50|99|1|1|0|16.7\n100|199|1|1|0|16.7\n200|499|1|1|0|16.7\n"
              "500|999|1|1|0|16.7\n5000|9999|1|0|1|16.7\n");
    EXPECT_EQ(s["Effort by moves, every family together"], "10|1|1000|1000|1000|100\n16|1|9000|9000|9000|50\n20|1|3000|3000|3000|200\n"
                                    "30|1|2000|2000|2000|600\n");
    // Points snap to 1/50 of a decade: 9000 = 10^3.954 draws at 10^3.96 = 9120.
    EXPECT_EQ(s["Moves against boards examined, every family together"], "10|1000|1\n16|9120|1\n20|3020|1\n30|1995|1\n");
    // Depth 1: frontiers 4 and 16, mean 10, geometric mean 8.
    EXPECT_EQ(s["Typical level profile, every family together"], "0|2|1|1|1|2.5\n1|2|10|8|16|35\n2|1|9|9|9|30\n");
    EXPECT_EQ(s["Could be harder, every family together"], "4|2|3\n");
    EXPECT_EQ(s["Most room to be harder"], "3|30|34|4|a.txt:3\n4|16|20|4|a.txt:4\n");
    EXPECT_EQ(s["Boards met in several sources"], "1|2|2|2|10|a.txt:1\n");
}

TEST_F(ReportSql, PuzzleShowsOnePuzzleInFull) {
    auto s = run("puzzle", {{"id", "1"}});
    EXPECT_NE(s["Puzzle"].find("moves|10 (14 steps)\n"), std::string::npos) << s["Puzzle"];
    EXPECT_NE(s["Puzzle"].find("cluster|100 boards, 1 with the prisoner out, depth 5\n"), std::string::npos);
    EXPECT_NE(s["Puzzle"].find("board|......\n......\nAA...B"), std::string::npos);
    EXPECT_EQ(s["Solution"], "1|BU2\n2|AR4\n");
    EXPECT_EQ(s["Levels"], "0|1|2|4|0\n1|4|20|9|0\n2|9|30|0|1\n");
    EXPECT_EQ(s["Boards by distance to the goal"], "0|3\n1|7\n");
    EXPECT_EQ(s["Sources"], "a.txt|1|board-file|grid|||\nshots/b.png|0|screenshot|png|||\n");
    EXPECT_EQ(run("puzzle", {{"id", "3"}})["Hardest board of its cluster"], "34|4|x|right\n");
    EXPECT_EQ(run("puzzle", {{"id", "99"}})["Puzzle"], "");
}

TEST(ReportSections, ChartHintLeavesTheTitle) {
    const ReportSection s = make_section("Optimal moves | bars moves puzzles", {});
    EXPECT_EQ(s.title, "Optimal moves");
    EXPECT_EQ(s.chart.kind, Chart::Kind::Bars);
    EXPECT_EQ(s.chart.x, "moves");
    const ReportSection p = make_section(" Scatter | points moves examined puzzles logy ", {});
    EXPECT_EQ(p.title, "Scatter");
    EXPECT_EQ(p.chart.weight, "puzzles");
    EXPECT_TRUE(p.chart.log_y);
    EXPECT_EQ(make_section("A | B", {}).title, "A | B");  // not a hint: kept
}

TEST(ReportSections, PointsAreSummarizedInTablesButKeptInCsv) {
    Table t{{"x", "y"}, {{"1", "2"}, {"3", "4"}}, {true, true}};
    Report r{"r", {make_section("P | points x y", t)}};
    EXPECT_EQ(reports_text({r}, Format::Table), "P\n\n2 points (x, y): see --format csv, json or html\n");
    EXPECT_EQ(reports_text({r}, Format::Csv), "x,y\r\n1,2\r\n3,4\r\n");
    EXPECT_EQ(reports_text({r}, Format::Json), "{\n \"P\": [\n  {\"x\": 1, \"y\": 2},\n  {\"x\": 3, \"y\": 4}\n ]\n}\n");
    Report other{"s", {make_section("Q", Table{{"n"}, {}, {true}})}};
    EXPECT_EQ(reports_text({r, other}, Format::Json),
              "{\n \"r\": {\n  \"P\": [\n   {\"x\": 1, \"y\": 2},\n   {\"x\": 3, \"y\": 4}\n  ]\n },\n"
              " \"s\": {\n  \"Q\": []\n }\n}\n");
    EXPECT_EQ(reports_text({other}, Format::Table), "Q\n\nn\n-\n(none)\n");
}

}  // namespace
}  // namespace slidedb
