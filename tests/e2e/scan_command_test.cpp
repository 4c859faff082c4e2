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
    EXPECT_NE(r.out.find("board.png: 7x7, exit left of row 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("..B.CDD\nx.B.C..\n..AAE..\nFFGxE.H\nx.G.xxH\nII.JJ..\nKK..LL.\n"), std::string::npos)
        << r.out;
    // The debug picture is a PNG a person can look at.
    EXPECT_EQ(slurp(dir / "seen/board.scan.png").substr(0, 8), "\x89PNG\r\n\x1a\n");
}

TEST(ScanCommand, NamesEachPictureItCannotRead) {
    TempDir dir;
    write_file(dir / "notes.txt", "not a picture\n");
    const Outcome r = slidedb(dir, "scan notes.txt missing.png");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("notes.txt: not a PNG or JPEG image"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("missing.png: "), std::string::npos) << r.err;
    const Outcome bad = slidedb(dir, "render '....' --png x.png");  // one row is no board
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("sizes from 4x4 to 8x8"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir / "x.png"));
}

}  // namespace
}  // namespace slidedb::e2e
