#include "e2e.h"

namespace slidedb::e2e {
namespace {

TEST(ScreenshotImport, RealScreenshotsGiveTheReferenceFigures) {
    TempDir dir;
    fs::copy(test_data("screenshots"), dir / "shots");
    // The board of tt_IMG_0356.PNG as text: one puzzle, two sources.
    write_file(dir / "shots/tt_as_text.txt", ".BCCDD\n.B..E.\nAA..E.\nFFGGE.\n..HII.\nJJH...\n");
    // A picture is known by its content, not its name.
    fs::copy_file(dir / "shots/sy_sample.png", dir / "shots/renamed.dat");
    const std::string png = slurp(dir / "shots/nt_puzzle2.png");
    write_file(dir / "shots/truncated.png", png.substr(0, png.size() / 2));
    write_file(dir / "shots/zero.png", "");

    const Outcome r = slidedb(dir, "import shots --db t.db --jobs 2");
    EXPECT_EQ(r.status, 1) << r.err;  // the two broken pictures
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT so.path, so.kind, so.format, s.status, s.moves, s.cluster_size, so.exit_seen "
                       "FROM sources so JOIN solutions s USING (puzzle_id) ORDER BY so.path"),
              "shots/ms_tab2.jpeg|screenshot|jpeg|solved|36|5151|1\n"
              "shots/nt_puzzle2.png|screenshot|png|solved|37|6618|1\n"
              "shots/renamed.dat|screenshot|png|solved|3|1748|0\n"
              "shots/sy_sample.png|screenshot|png|solved|3|1748|0\n"
              "shots/tt_IMG_0356.PNG|screenshot|png|solved|21|573|1\n"
              "shots/tt_as_text.txt|board-file|grid|solved|21|573|NULL\n"
              "shots/ub_Puzzle-I-4.png|screenshot|png|solved|23|58419|1\n"
              "shots/ub_no-solution-2.jpg|screenshot|jpeg|unsolvable|NULL|13500|1\n"
              "shots/wy_Screenshot_20180726-203231.png|screenshot|png|solved|15|2847|1\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 7);
    EXPECT_EQ(dump(db, "SELECT path, line FROM errors ORDER BY path"), "shots/truncated.png|0\nshots/zero.png|0\n");
    // Every screenshot source keeps where the board was and how sure the scanner was.
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM sources WHERE kind = 'screenshot' AND image_width > 0 AND "
                        "box_w > 0 AND cell_px > 20 AND confidence > 0 AND confidence <= 1"),
              8);
    EXPECT_EQ(dump(db, "SELECT image_width, image_height FROM sources WHERE path LIKE '%wy_Screenshot%'"),
              "1080|1920\n");
    // The edited screenshot is unsolvable because of its right column.
    EXPECT_EQ(dump(db, "SELECT s.blocked_cells, s.blockers FROM solutions s JOIN sources so USING (puzzle_id) "
                       "WHERE so.path LIKE '%no-solution%'"),
              "r3c6|B\n");
}

// The game's current look (a tray under a header panel, arrow heads for the
// exit): both pictures give exactly their boards' figures.
TEST(ScreenshotImport, CurrentLookGivesTheReferenceFigures) {
    TempDir dir;
    fs::copy(test_data("screenshots-current"), dir / "shots");
    const Outcome r = slidedb(dir, "import shots --db t.db --jobs 2");
    EXPECT_EQ(r.status, 0) << r.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT so.path, so.kind, s.status, s.moves, s.cluster_size, so.exit_seen "
                       "FROM sources so JOIN solutions s USING (puzzle_id) ORDER BY so.path"),
              "shots/ms_tab5.jpeg|screenshot|solved|22|2700|1\n"
              "shots/ng_image_03.png|screenshot|solved|32|774|1\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM errors"), 0);
}

}  // namespace
}  // namespace slidedb::e2e
