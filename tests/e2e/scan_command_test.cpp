#include "e2e.h"

namespace slidedb::e2e {
namespace {

TEST(ScanCommand, ReadsBackWhatRenderDrew) {
    TempDir dir;
    const Outcome drawn =
        slidedb(dir, "render '..B.CDD/x.B.C../..AAE../FFGxE.H/x.G.xxH/II.JJ../KK..LL.' --exit left "
                     "--theme pale --width 480 --height 720 --png board.png");
    ASSERT_EQ(drawn.status, 0) << drawn.err;
    const Outcome r = slidedb(dir, "scan board.png --debug seen");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.rfind("# board.png: 7x7, exit left of row 3", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("\n# exit: left\n..B.CDD\nx.B.C..\n..AAE..\nFFGxE.H\nx.G.xxH\nII.JJ..\nKK..LL.\n"),
              std::string::npos)
        << r.out;
    // The debug picture is a PNG a person can look at.
    EXPECT_EQ(slurp(dir / "seen/board.scan.png").substr(0, 8), "\x89PNG\r\n\x1a\n");
    // What scan prints is a board file: it reads back as the board drawn,
    // left exit and all, after a right-exit board scanned before it. Two
    // pictures of one name each keep their own debug picture.
    fs::create_directories(dir / "sub");
    const Outcome right = slidedb(dir, "render '....../....../.AA.../....../....../......' --png sub/board.png");
    ASSERT_EQ(right.status, 0) << right.err;
    const Outcome both = slidedb(dir, "scan sub/board.png board.png --debug seen2");
    ASSERT_EQ(both.status, 0) << both.err;
    write_file(dir / "scanned.txt", both.out);
    const Outcome read = slidedb(dir, "import scanned.txt board.png --db back.db");
    ASSERT_EQ(read.status, 0) << read.err;
    SQLite::Database db((dir / "back.db").string());
    EXPECT_EQ(dump(db, "SELECT COUNT(DISTINCT puzzle_id), COUNT(*) FROM sources"), "2|3\n");
    EXPECT_EQ(dump(db, "SELECT exit_side, COUNT(*) FROM sources JOIN puzzles p ON p.id = puzzle_id GROUP BY 1"),
              "left|2\nright|1\n");
    EXPECT_EQ(slurp(dir / "seen2/board.scan.png").substr(0, 4), "\x89PNG");
    EXPECT_EQ(slurp(dir / "seen2/board-2.scan.png").substr(0, 4), "\x89PNG");
}

TEST(ScanCommand, NamesEachPictureItCannotRead) {
    TempDir dir;
    write_file(dir / "notes.txt", "not a picture\n");
    const Outcome r = slidedb(dir, "scan notes.txt missing.png");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("notes.txt: not a PNG or JPEG image"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("missing.png: "), std::string::npos) << r.err;
    // A picture of another kind is named, scanned and imported alike, whatever its file is called.
    write_file(dir / "shots/phone.png", std::string("GIF89a\x01\x00\x01\x00\x00\x00\x00;", 13));
    write_file(dir / "shots/camera.heic", std::string("\0\0\0\x18" "ftypheic\0\0\0\0mif1heic", 24));
    const Outcome other = slidedb(dir, "scan shots/phone.png shots/camera.heic");
    EXPECT_EQ(other.status, 1);
    EXPECT_EQ(other.err, "shots/phone.png: a GIF picture; screenshots are read as PNG or JPEG only\n"
                         "shots/camera.heic: a HEIC picture; screenshots are read as PNG or JPEG only\n");
    const Outcome imported = slidedb(dir, "import shots --db t.db -q");
    EXPECT_EQ(imported.status, 1);
    SQLite::Database db((dir / "t.db").string());
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors ORDER BY path"),
              "shots/camera.heic|0|a HEIC picture, not a board file; screenshots are read as PNG or JPEG only\n"
              "shots/phone.png|0|a GIF picture, not a board file; screenshots are read as PNG or JPEG only\n");
    const Outcome bad = slidedb(dir, "render '....' --png x.png");  // one row is no board
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("sizes from 4x4 to 8x8"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir / "x.png"));
}

}  // namespace
}  // namespace slidedb::e2e
