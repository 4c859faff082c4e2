// `slidedb serve`: the server started on a free port of 127.0.0.1 over a
// small imported database, its JSON API asked with exact figures, and every
// kind of bad request answered with a 4xx and a message while it goes on
// serving.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "e2e.h"
#include "serving.h"
#include "image/encode.h"
#include "image/image.h"
#include "json_check.h"

namespace slidedb::e2e {
namespace {


// A file name that is also HTML: it must reach the pages as text.
const std::string kNastyName = "<img src=x onerror=alert(1)>&.txt";

class Serve : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        fs::create_directories(*dir_ / "boards");
        for (const char* f : {"fg_README_example.txt", "kb_input.txt", "yb_expert_0001.txt"})
            fs::copy_file(test_data(std::string("boards/") + f), *dir_ / (std::string("boards/") + f));
        fs::copy_file(test_data("blocks/klotski.txt"), *dir_ / "boards/klotski.txt");
        write_file(*dir_ / "boards/eight.txt", "1 2 3\n4 5 6\n0 7 8\n");
        write_file(*dir_ / ("boards/" + kNastyName), ".....B\n.....B\n...AAB\n......\nCDEFGH\nCDEFGH\n");
        const Outcome r = slidedb(*dir_, "import boards --db t.db");
        ASSERT_EQ(r.status, 0) << r.err;
        server_ = new Serving(*dir_, "--db t.db --jobs 4 --sql-seconds " + std::to_string(kSqlSeconds) +
                                         " --sql-count-seconds " + std::to_string(kSqlSeconds));
        ASSERT_GT(server_->port(), 0) << server_->first_line() << slurp(*dir_ / ".serve-err");
    }
    static void TearDownTestSuite() {
        delete server_;
        delete dir_;
    }
    // The server still answers a plain page after whatever came before.
    static void still_serving() {
        auto r = server_->client().Get("/api/puzzles?per_page=1");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 200);
    }
    static std::int64_t id_of(const std::string& file) {
        SQLite::Database db((*dir_ / "t.db").string());
        return db.execAndGet("SELECT puzzle_id FROM sources WHERE path = 'boards/" + file + "'").getInt64();
    }
    static TempDir* dir_;
    static Serving* server_;
    // Counting a page's 100,001 rows takes a fraction of a second, but over
    // 1 s under ASan, and over 2 s on a busy machine: a statement and the
    // count past its page get as long.
    static constexpr int kSqlSeconds = kSanitized ? 5 : 1;
};
TempDir* Serve::dir_ = nullptr;
Serving* Serve::server_ = nullptr;

TEST_F(Serve, PrintsItsLoopbackAddress) {
    EXPECT_EQ(server_->first_line(), "Serving t.db at http://127.0.0.1:" + std::to_string(server_->port()) +
                                         "/ (Ctrl-C stops)\n");
}

// SIGTERM as soon as the address is printed, before the server may have
// begun to accept: it still stops, every time.
TEST_F(Serve, StopsWhenTerminatedRightAfterItsAddress) {
    for (int round = 0; round < 10; ++round) {
        Serving s(*dir_, "--db t.db --read-only");
        ASSERT_GT(s.port(), 0);
        EXPECT_EQ(s.stop(), 0) << "round " << round;
    }
}

TEST_F(Serve, ListsPuzzlesFilteredAndSorted) {
    auto c = server_->client();
    auto r = c.Get("/api/puzzles?family=unblock&sort=moves");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(StrictJson::check(r->body), "");
    // fg 49 moves, yb 32, kb 4; the nasty-named one is unsolvable.
    const std::regex moves(R"re("moves":(\d+))re");
    std::string seen;
    for (std::sregex_iterator it(r->body.begin(), r->body.end(), moves), end; it != end; ++it)
        seen += (*it)[1].str() + " ";
    EXPECT_EQ(seen, "49 32 4 ");
    EXPECT_NE(r->body.find("\"status\":\"unsolvable\",\"moves\":null"), std::string::npos);
    EXPECT_NE(r->body.find("\"has_more\":false"), std::string::npos);

    r = c.Get("/api/puzzles?family=unblock&sort=moves&moves_min=5&moves_max=40");
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("\"moves\":32"), std::string::npos);
    EXPECT_EQ(r->body.find("\"moves\":49"), std::string::npos);
    EXPECT_EQ(r->body.find("\"moves\":4,"), std::string::npos);

    r = c.Get("/api/puzzles?source=klotski");
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("\"family\":\"blocks\""), std::string::npos);
    EXPECT_EQ(r->body.find("\"family\":\"unblock\""), std::string::npos);

    // A part of a source's path: found through schema 14's index of
    // trigrams from three characters on, by reading every distinct path
    // below; case-sensitive as instr() is; any character taken as itself.
    auto sources = [&](const std::string& query) {
        auto got = c.Get("/api/puzzles?" + query);
        EXPECT_EQ(got->status, 200) << query << got->body;
        const std::regex source(R"re("source":"([^"]*)")re");
        std::string out;
        for (std::sregex_iterator it(got->body.begin(), got->body.end(), source), end; it != end; ++it)
            out += (*it)[1].str() + " ";
        return out;
    };
    EXPECT_EQ(sources("source=kb"), "boards/kb_input.txt:1 ");
    EXPECT_EQ(sources("source=_input"), "boards/kb_input.txt:1 ");
    EXPECT_EQ(sources("source=KLOTSKI"), "");
    EXPECT_EQ(sources("source=%22%27%25*"), "");
    EXPECT_EQ(sources("source=no-such-file"), "");
    EXPECT_EQ(sources("source=boards/&sort=moves&family=unblock"),
              "boards/fg_README_example.txt:1 boards/yb_expert_0001.txt:1 boards/kb_input.txt:1 "
              "boards/<img src=x onerror=alert(1)>&.txt:1 ");
    EXPECT_EQ(sources("source=.txt&sort=id&order=desc&per_page=2&page=2"),
              "boards/kb_input.txt:1 boards/fg_README_example.txt:1 ");

    r = c.Get("/api/puzzles?per_page=2&page=1");
    EXPECT_NE(r->body.find("\"has_more\":true"), std::string::npos);
    r = c.Get("/api/puzzles?per_page=2&page=3");
    EXPECT_NE(r->body.find("\"has_more\":false"), std::string::npos);

    r = c.Get("/api/puzzles?cluster_min=24132&cluster_max=24132");
    EXPECT_NE(r->body.find("\"cluster_size\":24132"), std::string::npos);
    EXPECT_NE(r->body.find("fg_README_example.txt"), std::string::npos);
}

TEST_F(Serve, GivesAPuzzleWithEverythingShowPrints) {
    const std::int64_t id = id_of("fg_README_example.txt");
    auto r = server_->client().Get(("/api/puzzles/" + std::to_string(id)).c_str());
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const std::string& b = r->body;
    EXPECT_EQ(StrictJson::check(b), "");
    EXPECT_NE(b.find("\"moves\":49"), std::string::npos);
    EXPECT_NE(b.find("\"cluster_size\":24132"), std::string::npos);
    EXPECT_NE(b.find("\"status\":\"solved\""), std::string::npos);
    EXPECT_NE(b.find("\"board\":\"BBBCDE\\nFGGCDE\\nF.AADE\\nHHI...\\n.JI.KK\\n.JLLMM\""), std::string::npos);
    EXPECT_NE(b.find("\"sources\":{\"columns\":"), std::string::npos);
    EXPECT_NE(b.find("boards/fg_README_example.txt"), std::string::npos);
    EXPECT_NE(b.find("\"levels\":[{\"depth\":0,\"frontier\":1,"), std::string::npos);
    EXPECT_NE(b.find("\"goal_levels\":["), std::string::npos);
    EXPECT_NE(b.find("\"hardest_moves\":"), std::string::npos);
    EXPECT_NE(b.find("\"rank\":null"), std::string::npos);  // no enumeration in this database

    r = server_->client().Get("/api/puzzles/999999");
    EXPECT_EQ(r->status, 404);
    EXPECT_EQ(r->body, "{\"error\":\"no puzzle with id 999999\"}");
}

TEST_F(Serve, SolvesABoardSentAsText) {
    auto r = server_->client().Post("/api/solve", kFg, "text/plain");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(StrictJson::check(r->body), "");
    EXPECT_NE(r->body.find("\"moves\":49"), std::string::npos);
    EXPECT_NE(r->body.find("\"cluster_size\":24132"), std::string::npos);
    EXPECT_NE(r->body.find("class=\\\"player large\\\""), std::string::npos);
    EXPECT_NE(r->body.find("\"levels_svg\":\"<svg"), std::string::npos);
}

TEST_F(Serve, HintsTheNextBestMoveAndItsDistance) {
    auto c = server_->client();
    auto r = c.Post("/api/hint", kFg, "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":49"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"solved\":false"), std::string::npos);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r->body, m, std::regex(R"re("move":"([A-Z][LRUD]\d)")re"))) << r->body;
    const std::string first = m[1];
    r = c.Post(("/api/hint?moves=" + first).c_str(), kFg, "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":48"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"moves_played\":1"), std::string::npos);

    // The whole stored solution reaches the goal.
    SQLite::Database db((*dir_ / "t.db").string());
    const std::string solution = db.execAndGet("SELECT solution FROM solutions WHERE puzzle_id = " +
                                               std::to_string(id_of("fg_README_example.txt")))
                                     .getString();
    std::string query;
    for (char ch : solution) query += ch == ' ' ? std::string("%20") : std::string(1, ch);
    r = c.Post(("/api/hint?moves=" + query).c_str(), kFg, "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":0"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"solved\":true"), std::string::npos);

    // A move the board does not allow: refused, with the family's reason.
    r = c.Post("/api/hint?moves=AL1%20AR2", kFg, "text/plain");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"move AR2 is blocked at row 3 col 5\"}");
    // Nor is a move with anything after its distance read as the move before
    // it ("AL1,AR1" was played as AL1, the rest dropped).
    for (const char* moves : {"AL1,AR1", "AL1x", "AL-1", "AL"}) {
        r = c.Post((std::string("/api/hint?moves=") + moves).c_str(), kFg, "text/plain");
        EXPECT_EQ(r->status, 400) << moves;
        EXPECT_EQ(r->body, fmt::format("{{\"error\":\"move '{}' is not a block's letter, U, D, L or R, and a "
                                       "distance\"}}", moves)) << moves;
    }
    still_serving();
}

TEST_F(Serve, HintsInEveryFamily) {
    auto c = server_->client();
    auto r = c.Post("/api/hint", "1 2 3\n4 5 6\n0 7 8\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":2"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"move\":\"7R\""), std::string::npos) << r->body;
    r = c.Post("/api/hint?moves=7R%208R", "1 2 3\n4 5 6\n0 7 8\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"solved\":true"), std::string::npos) << r->body;
    r = c.Post("/api/hint", slurp(test_data("blocks/klotski.txt")), "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":81"), std::string::npos) << r->body;
}

// The player sends the board and its moves as a form in the body: a list
// of moves in the URL was cut by its 8 KiB limit (414 past about 1,300
// moves, after which every move was refused).
TEST_F(Serve, AHintTakesTheBoardAndMovesAsAForm) {
    auto c = server_->client();
    std::string moves;
    for (int i = 0; i < 1000; ++i) moves += "7R 7L ";
    moves += "7R";  // 2,001 moves: one move from the goal
    const std::string board = "1 2 3\n4 5 6\n0 7 8\n";
    auto r = c.Post("/api/hint?moves=" + url_encoded(moves), board, "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 414);
    const std::string form = "board=" + url_encoded(board) + "&moves=" + url_encoded(moves);
    r = c.Post("/api/hint", form, "application/x-www-form-urlencoded");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body, "{\"moves_played\":2001,\"solvable\":true,\"distance\":1,\"solved\":false,\"move\":\"8R\"}");
    r = c.Post("/api/hint", "board=" + url_encoded(board) + "&moves=7R+8R", "application/x-www-form-urlencoded");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"solved\":true"), std::string::npos) << r->body;
    r = c.Post("/api/hint", "board=" + url_encoded(board) + "&moves=7L", "application/x-www-form-urlencoded");
    EXPECT_EQ(r->status, 400) << r->body;
    // Board text sent with a form's type (curl's default) is board text;
    // the media type is read in any case; moves split by any blank count.
    r = c.Post("/api/hint?moves=7R", board, "application/x-www-form-urlencoded");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"moves_played\":1,"), std::string::npos) << r->body;
    r = c.Post("/api/hint", "board=" + url_encoded(board) + "&moves=7R%0D8R", "Application/X-WWW-Form-URLEncoded");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"moves_played\":2,"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"solved\":true"), std::string::npos) << r->body;
    r = c.Post("/api/hint", "board=" + url_encoded(board) + "&moves=7R%00", "application/x-www-form-urlencoded");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"the parameter 'moves' holds a NUL byte (%00)\"}");
    r = c.Post("/api/hint?moves=7R", "board=" + url_encoded(board) + "&moves=7R", "application/x-www-form-urlencoded");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"moves go in the form or the URL, not both\"}");
}

// The puzzle report of no puzzle is said, as the puzzle's page says it,
// not answered with empty sections; a NUL byte in a parameter is refused
// by name rather than cutting the message that quotes it.
TEST_F(Serve, AReportOfNoPuzzleAndANulByteAreRefused) {
    auto c = server_->client();
    auto r = c.Get("/api/reports/puzzle");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"the puzzle report needs id=ID\"}");
    r = c.Get("/api/reports/puzzle?id=99999");
    EXPECT_EQ(r->status, 404);
    EXPECT_EQ(r->body, "{\"error\":\"no puzzle with id 99999\"}");
    r = c.Get("/api/reports/puzzle?id=1");
    EXPECT_EQ(r->status, 200);
    r = c.Post("/api/hint?moves=GL1%00", kFg, "text/plain");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"the parameter 'moves' holds a NUL byte (%00)\"}");
    r = c.Get("/api/puzzles?after=%00");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"the parameter 'after' holds a NUL byte (%00)\"}");
}

TEST_F(Serve, ReadsAScreenshotAndRefusesATruncatedOne) {
    auto c = server_->client();
    const std::string png = slurp(test_data("screenshots/ub_Puzzle-I-4.png"));
    auto r = c.Post("/api/scan", png, "application/octet-stream");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"family\":\"unblock\""), std::string::npos);
    EXPECT_NE(r->body.find("\"confidence\":"), std::string::npos);
    // The board as the scanner reads it, and its debug picture: a PNG.
    EXPECT_NE(r->body.find("\"board\":\"..BCCC\\nD.BEFF\\nDAAEG.\\n.H..GI\\n.HJJGI\\n.KKLL.\""),
              std::string::npos)
        << r->body;
    EXPECT_NE(r->body.find("\"errors\":[],\"debug_png\":\"data:image/png;base64,iVBORw0KGgo"), std::string::npos)
        << r->body.substr(0, 2000);
    r = c.Post("/api/scan", png.substr(0, 2000), "application/octet-stream");
    EXPECT_EQ(r->status, 422);
    EXPECT_NE(r->body.find("\"errors\":[\""), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"debug_png\":null"), std::string::npos) << r->body;
    // A picture that cuts the board off: the reason, and the debug picture
    // of what was seen.
    auto full = std::get<Image>(decode_image(slurp(test_data("screenshots/wy_Screenshot_20180726-203231.png"))));
    Image top(full.width, 1150);
    std::copy(full.rgb.begin(), full.rgb.begin() + static_cast<long>(top.rgb.size()), top.rgb.begin());
    r = c.Post("/api/scan", encode_png(top), "application/octet-stream");
    EXPECT_EQ(r->status, 422);
    EXPECT_TRUE(std::regex_search(r->body, std::regex(R"(^\{"puzzles":\[\],"errors":\["[^"]*board[^"]*"\],)"
                                                      R"("debug_png":"data:image/png;base64,iVBORw0KGgo)")))
        << r->body.substr(0, 500);
    still_serving();
}

TEST_F(Serve, RefusesBadRequestsAndGoesOnServing) {
    auto c = server_->client();
    // A malformed board: the reader's message, with its line.
    auto r = c.Post("/api/solve", "AAB\nxyz!\n", "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("\"error\":\"line "), std::string::npos) << r->body;
    still_serving();
    // A body past every limit.
    r = c.Post("/api/solve", std::string(11u << 20, '.'), "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
    still_serving();
    // Text past the text limit (1 MiB), under the picture limit.
    r = c.Post("/api/solve", std::string(2u << 20, '.'), "text/plain");
    EXPECT_EQ(r->status, 413);
    EXPECT_NE(r->body.find("text is taken up to 1048576 bytes"), std::string::npos) << r->body;
    still_serving();
    // No file is ever named by a request.
    r = c.Get("/assets/../../etc/passwd");
    EXPECT_EQ(r->status, 404);
    EXPECT_EQ(r->body.find("root:"), std::string::npos);
    r = c.Get("/%2e%2e/%2e%2e/etc/passwd");
    EXPECT_EQ(r->status, 404);
    still_serving();
    r = c.Get("/no/such/page");
    EXPECT_EQ(r->status, 404);
    EXPECT_NE(r->body.find("nothing at /no/such/page"), std::string::npos);
    r = c.Get("/api/solve");
    EXPECT_EQ(r->status, 405);
    EXPECT_EQ(r->get_header_value("Allow"), "POST");
    r = c.Get("/api/puzzles?sort=colour");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"sort: 'colour' is not id, moves, steps, cluster or effort\"}");
    r = c.Post("/api/scan", "not a picture", "application/octet-stream");
    EXPECT_EQ(r->status, 415);
    r = c.Post("/api/scan", std::string("RIFF\x20\0\0\0WEBPVP8 \0\0\0\0", 20), "application/octet-stream");
    EXPECT_EQ(r->status, 415);
    EXPECT_EQ(r->body, "{\"error\":\"a WebP picture; screenshots are read as PNG or JPEG only\"}");
    still_serving();
}

TEST_F(Serve, ASolvePastItsLimitIsRefusedWith503) {
    Serving tight(*dir_, "--db t.db --max-states 100 --read-only");
    ASSERT_GT(tight.port(), 0);
    auto c = tight.client();
    auto r = c.Post("/api/solve", kFg, "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    EXPECT_NE(r->body.find("the search stopped at its limit of 100 boards"), std::string::npos) << r->body;
    r = c.Post("/api/save", kFg, "text/plain");
    EXPECT_EQ(r->status, 403);
    r = c.Get("/api/puzzles?per_page=1");
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(tight.stop(), 0);
}

// A block puzzle on a 16x16 floor split by a wall: A's goal lies beyond
// it, and the pieces on both sides make a cluster of billions of boards. The
// breadth-first search stops at the clock (--solve-seconds) long before the
// states limit, the request is refused with 503 saying so, and the server
// goes on answering. A hint's search stops the same way.
TEST_F(Serve, ASolvePastItsTimeIsRefusedWith503) {
    Serving timed(*dir_, "--db t.db --solve-seconds 0.2 --max-states 1000000000 --read-only");
    ASSERT_GT(timed.port(), 0);
    auto c = timed.client();
    const auto asked = std::chrono::steady_clock::now();
    auto r = c.Post("/api/solve", wide_blocks(), "text/plain");
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503) << r->body;
    EXPECT_TRUE(std::regex_match(r->body, std::regex(R"(\{"error":"the search stopped at its time limit of 0\.2 s )"
                                                     R"(after [1-9][0-9]* boards without reaching the goal"\})")))
        << r->body;
    EXPECT_LT(took, 30.0);  // a bound against a search that never looks at the clock, not a timing
    r = c.Post("/api/hint", wide_blocks(), "text/plain");
    EXPECT_EQ(r->status, 503) << r->body;
    r = c.Get("/api/puzzles?per_page=1");
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(timed.stop(), 0);
}

// A hint's search ends at the goal: one move away on a floor of billions
// of boards, it is found at once. Before, the hint searched the whole
// cluster, then again by steps, each until the clock stopped it (2 x 30 s
// here), and gave the same move.
TEST_F(Serve, AHintsSearchEndsAtTheGoal) {
    Serving slow(*dir_, "--db t.db --solve-seconds 30 --max-states 1000000000 --read-only");
    ASSERT_GT(slow.port(), 0);
    auto c = slow.client();
    std::string near = wide_blocks();
    near.replace(near.find("ABBC"), 4, ".BBC");
    near.replace(near.find("start\n") + 6 + 15 * 17, 16, "........#.....A.");
    const auto asked = std::chrono::steady_clock::now();
    auto r = c.Post("/api/hint", near, "text/plain");
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body, "{\"moves_played\":0,\"solvable\":true,\"distance\":1,\"solved\":false,\"move\":\"AR1\"}");
    EXPECT_LT(took, 20.0);  // a bound against a search that goes on past the goal, not a timing
    r = c.Post("/api/hint?moves=AR1", near, "text/plain");
    EXPECT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body, "{\"moves_played\":1,\"solvable\":true,\"distance\":0,\"solved\":true,\"move\":\"\"}");
    EXPECT_EQ(slow.stop(), 0);
}

TEST_F(Serve, RunsOneReadOnlyStatement) {
    auto c = server_->client();
    auto r = c.Get("/api/query?sql=SELECT%20family%2C%20COUNT(*)%20AS%20n%20FROM%20puzzles%20GROUP%20BY%20family%20ORDER%20BY%20family");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body,
              "{\"page\":1,\"has_more\":false,\"table\":{\"columns\":[\"family\",\"n\"],\"rows\":[[\"blocks\",1],"
              "[\"tiles\",1],[\"unblock\",4]]}}");
    // NULL is null, empty text "", on a page and in a download.
    r = c.Get("/api/query?sql=SELECT%20NULL%20AS%20n%2C%20''%20AS%20e");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"rows\":[[null,\"\"]]"), std::string::npos) << r->body;
    r = c.Get("/api/query?sql=SELECT%20NULL%20AS%20n%2C%20''%20AS%20e&format=json");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body, "[\n {\"n\": null, \"e\": \"\"}\n]\n");
    r = c.Get("/api/query?sql=SELECT%20id%20FROM%20puzzles%20ORDER%20BY%20id&format=csv");
    ASSERT_EQ(r->status, 200);
    EXPECT_EQ(r->body, "id\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n");
    r = c.Get("/api/query?sql=DELETE%20FROM%20puzzles");
    EXPECT_EQ(r->status, 400);
    r = c.Get("/api/query?sql=SELECT%201%3B%20SELECT%202");
    EXPECT_EQ(r->status, 400);
    r = c.Get("/api/query?sql=WITH%20RECURSIVE%20c(x)%20AS%20(SELECT%201%20UNION%20ALL%20SELECT%20x%2B1%20FROM%20c)%20SELECT%20MAX(x)%20FROM%20c");
    EXPECT_EQ(r->status, 503) << r->body;
    still_serving();
}

TEST_F(Serve, PagesEscapeWhatTheDatabaseHolds) {
    auto c = server_->client();
    auto r = c.Get("/puzzles?source=onerror");
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("&lt;img src=x onerror=alert(1)&gt;&amp;.txt"), std::string::npos);
    EXPECT_EQ(r->body.find("<img"), std::string::npos);
    r = c.Get("/query?sql=SELECT%20'%3Cscript%3E'");
    EXPECT_EQ(r->body.find("<script>'"), std::string::npos);
    EXPECT_NE(r->body.find("&lt;script&gt;"), std::string::npos);
    for (const char* page : {"/", "/puzzles", "/puzzles/1", "/editor", "/upload", "/query", "/reports",
                             "/reports/hardest", "/assets/app.js", "/assets/app.css", "/assets/player.js"}) {
        r = c.Get(page);
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 200) << page;
        EXPECT_EQ(r->body.find("https://"), std::string::npos) << page;
    }
}

// Every answer carries the headers of a careful local app: pages, the API,
// assets, and the refusals the server or httplib writes (404, 405, 400, 413).
TEST_F(Serve, EveryAnswerCarriesTheSecurityHeaders) {
    auto c = server_->client();
    const std::string csp =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    auto headers_of = [&](const httplib::Result& r, const std::string& what) {
        ASSERT_TRUE(r) << what;
        EXPECT_EQ(r->get_header_value("Content-Security-Policy"), csp) << what;
        EXPECT_EQ(r->get_header_value_count("Content-Security-Policy"), 1u) << what;
        EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff") << what;
        EXPECT_EQ(r->get_header_value("Referrer-Policy"), "same-origin") << what;
        EXPECT_EQ(r->get_header_value("X-Frame-Options"), "DENY") << what;
    };
    for (const char* path : {"/", "/puzzles", "/puzzles/1", "/editor", "/upload", "/query", "/reports",
                             "/reports/hardest", "/assets/app.js", "/assets/app.css", "/favicon.ico", "/api/puzzles",
                             "/api/puzzles/1", "/api/puzzles/1/file", "/no/such/page", "/api/nothing",
                             "/api/puzzles?sort=colour", "/reports/hardest?top=abc", "/api/solve"})
        headers_of(c.Get(path), path);
    auto r = c.Post("/api/solve", "AAB\nxyz!\n", "text/plain");
    EXPECT_EQ(r->status, 400);
    headers_of(r, "a bad board");
    r = c.Post("/api/solve", std::string(11u << 20, '.'), "text/plain");
    EXPECT_EQ(r->status, 413);
    headers_of(r, "a body past the limit");
    r = c.Post("/api/hint", kFg, "text/plain");
    EXPECT_EQ(r->status, 200);
    headers_of(r, "a hint");
}

TEST_F(Serve, ServesItsIcon) {
    auto c = server_->client();
    auto r = c.Get("/favicon.ico");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Type"), "image/svg+xml");
    EXPECT_EQ(r->body.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\">", 0), 0u) << r->body;
    auto a = c.Get("/assets/favicon.svg");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->status, 200);
    EXPECT_EQ(a->body, r->body);
    r = c.Get("/");
    EXPECT_NE(r->body.find("<link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\">"),
              std::string::npos);
    // Only the assets' own names: no other file, no other kind.
    EXPECT_EQ(c.Get("/assets/nothing.svg")->status, 404);
    EXPECT_EQ(c.Get("/assets/favicon.png")->status, 404);
}

// No page holds script the policy refuses: no inline <script>, no on...=
// attribute, no javascript: link.
TEST_F(Serve, PagesHoldNoInlineScript) {
    auto c = server_->client();
    // Each tag of a page (std::regex recurses too deep on pages this long).
    auto tags = [](const std::string& page) {
        std::vector<std::string> out;
        for (std::size_t at = page.find('<'); at != std::string::npos; at = page.find('<', at + 1))
            out.push_back(page.substr(at, page.find('>', at) - at));
        return out;
    };
    const std::regex handler(R"(\son[a-z]+\s*=)", std::regex::icase);
    for (const std::string page : {"/", "/puzzles", "/puzzles/1", "/puzzles/2", "/puzzles/3", "/puzzles/4",
                                   "/puzzles/5", "/puzzles/6", "/editor", "/upload", "/query?sql=SELECT%201",
                                   "/reports", "/reports/hardest", "/reports/patterns", "/reports/difficulty",
                                   "/reports/unsolvable", "/no/such/page"}) {
        auto r = c.Get(page.c_str());
        ASSERT_TRUE(r) << page;
        // The hostile file name is shown escaped (&lt;img ... onerror=), never as a tag.
        for (const std::string& tag : tags(r->body)) {
            if (tag.starts_with("<script")) {
                EXPECT_NE(tag.find(" src=\"/assets/"), std::string::npos) << page << tag;
            }
            EXPECT_FALSE(std::regex_search(tag, handler)) << page << tag;
        }
        EXPECT_EQ(r->body.find("javascript:"), std::string::npos) << page;
    }
}

// Every parameter of a report is checked: a number out of its range, a word
// not among those taken, a name no report takes, each 400 naming what is
// taken, as a page or as JSON.
TEST_F(Serve, ReportParametersAreChecked) {
    auto c = server_->client();
    auto error_of = [&](const std::string& path) {
        auto r = c.Get(path.c_str());
        EXPECT_EQ(r->status, 400) << path << r->body;
        return r->body;
    };
    EXPECT_EQ(error_of("/api/reports/hardest?top=-1"), "{\"error\":\"top: '-1' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?top=100000000"),
              "{\"error\":\"top: '100000000' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?top=abc"), "{\"error\":\"top: 'abc' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?top=0"), "{\"error\":\"top: '0' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?top=5x"), "{\"error\":\"top: '5x' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?by=evil"), "{\"error\":\"by: 'evil' is not moves, steps, cluster or effort\"}");
    EXPECT_EQ(error_of("/api/reports/summary?family=chess"),
              "{\"error\":\"family: 'chess' is not one of unblock, blocks, tiles\"}");
    EXPECT_EQ(error_of("/api/reports/puzzle?id=1%20OR%201"),
              "{\"error\":\"id: '1 OR 1' is not a puzzle id (a whole number from 1)\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?limit=5"),
              "{\"error\":\"'limit' is not a parameter of the reports: they take top, by, family and id\"}");
    // A good value to a report that does not read it.
    EXPECT_EQ(error_of("/api/reports/summary?family=tiles"), "{\"error\":\"report summary reads no family\"}");
    EXPECT_EQ(error_of("/api/reports/patterns?family=unblock"), "{\"error\":\"report patterns reads no family\"}");
    EXPECT_EQ(error_of("/api/reports/difficulty?by=steps"), "{\"error\":\"report difficulty reads no by\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?id=1"), "{\"error\":\"report hardest reads no id\"}");
    const std::string page = error_of("/reports/hardest?top=-1");
    EXPECT_NE(page.find("<p class=\"error\">top: &#39;-1&#39; is not a whole number from 1 to 1000</p>"),
              std::string::npos)
        << page;
    EXPECT_NE(error_of("/reports/hardest?by=evil").find("by: &#39;evil&#39; is not moves, steps, cluster or effort"),
              std::string::npos);

    // Hostile values come back as text, and no longer than 40 bytes.
    const std::string script = error_of("/reports/hardest?by=%3Cscript%3Ealert(1)%3C/script%3E");
    EXPECT_NE(script.find("by: &#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39; is not"), std::string::npos) << script;
    EXPECT_EQ(script.find("<script>alert"), std::string::npos);
    EXPECT_EQ(error_of("/api/reports/hardest?top=" + std::string(5000, '9')),
              "{\"error\":\"top: '" + std::string(40, '9') + "...' is not a whole number from 1 to 1000\"}");
    EXPECT_EQ(error_of("/api/reports/hardest?%22%3E=1"),
              "{\"error\":\"'\\\">' is not a parameter of the reports: they take top, by, family and id\"}");

    // In range: exactly that many rows, in the order asked.
    auto r = c.Get("/api/reports/hardest?top=2&by=moves&family=unblock");
    ASSERT_EQ(r->status, 200) << r->body;
    const std::regex moves(R"re("moves": (\d+))re");
    std::string seen;
    for (std::sregex_iterator it(r->body.begin(), r->body.end(), moves), end; it != end; ++it)
        seen += (*it)[1].str() + " ";
    EXPECT_EQ(seen, "49 32 ") << r->body;
    r = c.Get("/api/reports/hardest?top=1000&family=");
    EXPECT_EQ(r->status, 200) << r->body;
    r = c.Get("/reports/hardest?top=1");
    EXPECT_EQ(r->status, 200);
}

// The SQL box names the server's option for its time limit.
TEST_F(Serve, TheSqlTimeLimitNamesTheServersOption) {
    auto c = server_->client();
    const std::string forever =
        "WITH%20RECURSIVE%20c(x)%20AS%20(SELECT%201%20UNION%20ALL%20SELECT%20x%2B1%20FROM%20c)%20SELECT%20MAX(x)%20FROM%20c";
    const std::string stopped =
        "stopped after " + std::to_string(kSqlSeconds) + " s (--sql-seconds); the database was not changed";
    auto r = c.Get(("/api/query?sql=" + forever).c_str());
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(r->body, "{\"error\":\"" + stopped + "\"}");
    r = c.Get(("/query?sql=" + forever).c_str());
    EXPECT_EQ(r->status, 503);
    EXPECT_NE(r->body.find("<p class=\"error\" id=\"sqlerror\">" + stopped + "</p>"),
              std::string::npos)
        << r->body;
    r = c.Get(("/api/query?sql=" + forever + "&format=csv").c_str());
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(r->body, stopped + "\n");
}

// A result past the download's rows: no link offered on the page, and the
// CSV asked for anyway is refused as text, not JSON.
TEST_F(Serve, DownloadsPastTheirRowsAreNotOffered) {
    auto c = server_->client();
    auto rows = [](int n) {
        return "WITH%20RECURSIVE%20c(x)%20AS%20(SELECT%201%20UNION%20ALL%20SELECT%20x%2B1%20FROM%20c%20LIMIT%20" +
               std::to_string(n) + ")%20SELECT%20x%20FROM%20c";
    };
    auto r = c.Get(("/query?sql=" + rows(100001)).c_str());
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("<span id=\"nodownload\">over 100000 rows: too many to download; narrow the statement "
                           "(LIMIT)</span>"),
              std::string::npos);
    EXPECT_EQ(r->body.find("format=csv"), std::string::npos);
    EXPECT_NE(r->body.find("next &rarr;"), std::string::npos);
    // Past the last page that a download would hold, the page is still read.
    r = c.Get(("/query?sql=" + rows(100001) + "&page=1001").c_str());
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("<td class=\"num\">100001</td>"), std::string::npos);
    EXPECT_NE(r->body.find("id=\"nodownload\""), std::string::npos);
    r = c.Get(("/api/query?sql=" + rows(100001) + "&format=csv").c_str());
    EXPECT_EQ(r->status, 413);
    EXPECT_EQ(r->get_header_value("Content-Type"), "text/plain; charset=utf-8");
    EXPECT_EQ(r->body, "the result has over 100000 rows; narrow the statement (LIMIT)\n");
    r = c.Get(("/api/query?sql=" + rows(100001) + "&format=json").c_str());
    EXPECT_EQ(r->status, 413);
    EXPECT_EQ(r->body, "{\"error\":\"the result has over 100000 rows; narrow the statement (LIMIT)\"}");
    // At the limit: offered, and it works.
    r = c.Get(("/query?sql=" + rows(100000)).c_str());
    EXPECT_NE(r->body.find("<a id=\"csv\" href=\"/api/query?sql="), std::string::npos);
    EXPECT_EQ(r->body.find("nodownload"), std::string::npos);
    r = c.Get(("/api/query?sql=" + rows(100000) + "&format=csv").c_str());
    ASSERT_EQ(r->status, 200);
    EXPECT_EQ(std::count(r->body.begin(), r->body.end(), '\n'), 100001);
    EXPECT_EQ(r->body.substr(r->body.size() - 8), "100000\r\n");
    // A bad statement asked as CSV: text too.
    r = c.Get("/api/query?sql=SELEC&format=csv");
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->get_header_value("Content-Type"), "text/plain; charset=utf-8");
    // No time to count past the page: the download is offered (and refused
    // when asked for, as above).
    Serving hasty(*dir_, "--db t.db --read-only --sql-count-seconds 0");
    ASSERT_GT(hasty.port(), 0);
    r = hasty.client().Get(("/query?sql=" + rows(100001)).c_str());
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("<a id=\"csv\" href=\"/api/query?sql="), std::string::npos);
    EXPECT_EQ(r->body.find("nodownload"), std::string::npos);
    EXPECT_EQ(hasty.stop(), 0);
}

// The order menu shows the order the URL asked for, and the pager keeps it.
TEST_F(Serve, TheOrderMenuShowsWhatWasAsked) {
    auto c = server_->client();
    auto chosen = [&](const std::string& query) {
        auto r = c.Get(("/puzzles?" + query).c_str());
        EXPECT_EQ(r->status, 200) << query;
        std::smatch m;
        const std::string& b = r->body;
        const auto at = b.find("<select name=\"order\">");
        if (at == std::string::npos) return std::string("no menu");
        const std::string menu = b.substr(at, b.find("</select>", at) - at);
        return std::regex_search(menu, m, std::regex(R"re(<option value="([a-z]*)" selected>)re")) ? m[1].str()
                                                                                                    : std::string("none");
    };
    EXPECT_EQ(chosen("sort=moves&order=desc"), "desc");
    EXPECT_EQ(chosen("sort=moves&order=asc"), "asc");
    EXPECT_EQ(chosen("sort=moves"), "");
    EXPECT_EQ(chosen("order=desc"), "desc");
    EXPECT_EQ(chosen("order=asc"), "asc");
    EXPECT_EQ(chosen(""), "");
    // The pager's links start from the page's last row (next) and first
    // row (previous), KEY.ID, and keep the filter; page 1 needs no cursor.
    auto r = c.Get("/puzzles?sort=moves&order=desc&per_page=2");
    EXPECT_NE(r->body.find("href=\"/puzzles?sort=moves&amp;order=desc&amp;per_page=2&amp;page=2&amp;after=49.3\""),
              std::string::npos)
        << r->body;
    EXPECT_EQ(r->body.find("rel=\"prev\""), std::string::npos);
    auto link = [](const std::string& body, const char* rel) {
        std::smatch m;
        if (!std::regex_search(body, m, std::regex(fmt::format("rel=\"{}\" href=\"([^\"]*)\"", rel))))
            return std::string();
        return std::regex_replace(m[1].str(), std::regex("&amp;"), "&");
    };
    auto ids = [](const std::string& body) {
        std::string out;
        const std::regex row(R"re(<tr data-id="(\d+)">)re");
        for (std::sregex_iterator it(body.begin(), body.end(), row), end; it != end; ++it) out += (*it)[1].str() + " ";
        return out;
    };
    // Every page by number, then by the pager's links forwards and back.
    std::string by_number;
    for (int page = 1; page <= 4; ++page)
        by_number += ids(c.Get(fmt::format("/puzzles?sort=moves&order=desc&per_page=2&page={}", page))->body);
    std::vector<std::string> forwards{ids(r->body)};
    std::string at = "/puzzles?sort=moves&order=desc&per_page=2";
    for (std::string next = link(r->body, "next"); !next.empty();) {
        r = c.Get(next.c_str());
        ASSERT_EQ(r->status, 200) << next;
        forwards.push_back(ids(r->body));
        at = next;
        next = link(r->body, "next");
    }
    std::string joined;
    for (const std::string& p : forwards) joined += p;
    EXPECT_EQ(joined, by_number);
    EXPECT_GE(forwards.size(), 3u);
    std::vector<std::string> back{forwards.back()};
    for (std::string prev = link(r->body, "prev"); !prev.empty();) {
        r = c.Get(prev.c_str());
        ASSERT_EQ(r->status, 200) << prev;
        back.insert(back.begin(), ids(r->body));
        prev = link(r->body, "prev");
        if (prev.find("before=") == std::string::npos && !prev.empty()) {
            EXPECT_EQ(prev, "/puzzles?sort=moves&order=desc&per_page=2");
        }
    }
    EXPECT_EQ(back, forwards);
    // The last page from the first, read from the end of the list, then
    // back by the pager's links: the same rows; its next link is the last
    // page again, without a cursor, and every page links to the first.
    r = c.Get("/puzzles?sort=moves&order=desc&per_page=2");
    const std::string last = link(r->body, "last");
    EXPECT_EQ(last, "/puzzles?sort=moves&order=desc&per_page=2&page=-1");
    r = c.Get(last.c_str());
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("</a> last page</p>"), std::string::npos) << r->body;
    EXPECT_EQ(link(r->body, "next"), "");
    std::string from_end = ids(r->body);
    int pages = 1;
    for (std::string prev = link(r->body, "prev"); !prev.empty(); ++pages) {
        EXPECT_EQ(link(r->body, "first"), "/puzzles?sort=moves&order=desc&per_page=2");
        r = c.Get(prev.c_str());
        ASSERT_EQ(r->status, 200) << prev;
        from_end = ids(r->body) + from_end;
        prev = link(r->body, "prev");
        if (pages == 1) {
            EXPECT_NE(r->body.find("page 2 from the end <a rel=\"next\""), std::string::npos) << r->body;
            EXPECT_EQ(link(r->body, "next"), last);
        }
    }
    EXPECT_EQ(from_end, joined);
    EXPECT_EQ(pages, static_cast<int>(forwards.size()));
    r = c.Get("/api/puzzles?page=0");
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("page: '0' is neither a page from 1 to 1000000 nor one from the end, -1 to -1000000"),
              std::string::npos)
        << r->body;
    // A cursor that does not fit the sort is refused, naming itself.
    r = c.Get("/api/puzzles?sort=moves&after=12");
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("after: '12' is not KEY.ID, the row's moves and id"), std::string::npos) << r->body;
    r = c.Get("/api/puzzles?after=1.2");
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("after: '1.2' is not a puzzle's id"), std::string::npos) << r->body;
    r = c.Get("/api/puzzles?sort=moves&after=1.2&before=3.4");
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("a page starts after a row or before one, not both"), std::string::npos) << r->body;
    r = c.Get("/api/puzzles?sort=moves&after=x.2");
    EXPECT_EQ(r->status, 400);
}

// Hints from a start no move sequence solves say it is unsolvable, in every
// family: every move can be taken back, so no board ever "leaves" a
// solvable part.
TEST_F(Serve, AHintOnAnUnsolvableStartSaysSo) {
    auto c = server_->client();
    const std::string said =
        "\"message\":\"this puzzle is unsolvable: no sequence of moves leads from its start to the goal\"";
    auto r = c.Post("/api/hint", ".....B\n.....B\n...AAB\n......\nCDEFGH\nCDEFGH\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"solvable\":false,\"distance\":null,\"solved\":false,\"move\":\"\""), std::string::npos)
        << r->body;
    EXPECT_NE(r->body.find(said), std::string::npos) << r->body;
    r = c.Post("/api/hint?moves=AL1", ".....B\n.....B\n...AAB\n......\nCDEFGH\nCDEFGH\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find(said), std::string::npos) << r->body;
    r = c.Post("/api/hint", "2 1 3\n4 5 6\n7 8 0\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find(said), std::string::npos) << r->body;
    EXPECT_EQ(r->body.find("left the solvable part"), std::string::npos);
    // The tiles' start is unsolvable by parity: its cluster holds no goal board.
    r = c.Post("/api/solve", "2 1 3\n4 5 6\n7 8 0\n", "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"status\":\"unsolvable\""), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"cluster_size\":181440,\"cluster_goals\":0,"), std::string::npos) << r->body;
}

// An informed search (tiles, IDA*) stopped at its limit counts the boards it
// examined; it never says "after 0 boards".
TEST_F(Serve, ALimitMessageGivesATrueFigure) {
    Serving tight(*dir_, "--db t.db --max-states 100 --read-only");
    ASSERT_GT(tight.port(), 0);
    auto c = tight.client();
    auto r = c.Post("/api/solve", "8 6 7\n2 5 4\n3 0 1\n", "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    std::smatch m;
    ASSERT_TRUE(std::regex_match(r->body, m,
                                 std::regex(R"(\{"error":"the search stopped at its limit of 100 boards after )"
                                            R"(examining ([1-9][0-9]*) boards without reaching the goal"\})")))
        << r->body;
    EXPECT_GE(std::stoll(m[1]), 100);
    // A hint's search counts nothing it could tell: no figure at all.
    r = c.Post("/api/hint", "8 6 7\n2 5 4\n3 0 1\n", "text/plain");
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(r->body, "{\"error\":\"the search stopped at its limit of 100 boards without reaching the goal\","
                       "\"moves_played\":0}");
    EXPECT_EQ(tight.stop(), 0);
}

// A puzzle stored with status limit: its reason as stored. A hint on it is
// answered at once from the row when the row went as far as the server's
// own search may (--max-states here as at the import), and its moves are
// still judged: a legal one is counted, an illegal one refused. A row that
// stopped sooner leaves the server's search to give the hint.
TEST_F(Serve, AStoredLimitIsGivenAndAnswersHintsAtOnce) {
    TempDir own;
    write_file(own / "fg.txt", kFg);
    const Outcome imported = slidedb(own, "import fg.txt --db l.db --max-states 100");
    ASSERT_EQ(imported.status, 0) << imported.err;
    {
        SQLite::Database db((own / "l.db").string());
        ASSERT_EQ(dump(db, "SELECT puzzle_id, status, limit_reason, cluster_size FROM solutions"), "1|limit|states|101\n");
    }
    Serving s(own, "--db l.db --read-only --max-states 100");
    ASSERT_GT(s.port(), 0);
    auto c = s.client();
    auto r = c.Get("/api/puzzles/1");
    ASSERT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("\"status\":\"limit\""), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("\"limit_reason\":\"states\""), std::string::npos) << r->body;
    const std::string said =
        "no hint: the stored search of puzzle 1 stopped at its states limit after 101 boards without "
        "reaching the goal, and a hint needs a search that reaches it";
    r = c.Post("/api/hint", kFg, "text/plain");
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(r->body, "{\"error\":\"" + said + "\",\"moves_played\":0}");
    r = c.Post("/api/hint?moves=AL1", kFg, "text/plain");
    EXPECT_EQ(r->status, 503);
    EXPECT_EQ(r->body, "{\"error\":\"" + said + "\",\"moves_played\":1}");
    r = c.Post("/api/hint?moves=AR1", kFg, "text/plain");  // before, 503: the move was never looked at
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"move AR1 is blocked at row 3 col 5\"}");
    // The same board under the server's own limits, as an import stopped sooner: 49 moves.
    Serving wide(own, "--db l.db --read-only");
    ASSERT_GT(wide.port(), 0);
    r = wide.client().Post("/api/hint", kFg, "text/plain");
    EXPECT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"distance\":49"), std::string::npos) << r->body;
    r = wide.client().Post("/api/solve", kFg, "text/plain");
    EXPECT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("\"moves\":49"), std::string::npos);
    EXPECT_EQ(wide.stop(), 0);
    EXPECT_EQ(s.stop(), 0);
    {
        SQLite::Database db((own / "l.db").string(), SQLite::OPEN_READWRITE);
        db.exec("UPDATE solutions SET limit_reason = 'time' WHERE puzzle_id = 1");
    }
    // `show` names the limit the row names.
    const Outcome shown = slidedb(own, "show 1 --db l.db");
    EXPECT_NE(shown.out.find("No solution within the time limit ("), std::string::npos) << shown.out;
    Serving again(own, "--db l.db --read-only --max-states 100");
    ASSERT_GT(again.port(), 0);
    r = again.client().Get("/api/puzzles/1");
    EXPECT_NE(r->body.find("\"limit_reason\":\"time\""), std::string::npos) << r->body;
    r = again.client().Post("/api/hint", kFg, "text/plain");
    EXPECT_EQ(r->status, 503);
    EXPECT_NE(r->body.find("stopped at its time limit after 101 boards"), std::string::npos) << r->body;
    EXPECT_EQ(again.stop(), 0);
}

// A read-only server's pages say why Save is off, on the section the
// scripts read.
TEST_F(Serve, AReadOnlyServerSaysWhySaveIsOff) {
    Serving ro(*dir_, "--db t.db --read-only");
    ASSERT_GT(ro.port(), 0);
    auto c = ro.client();
    auto r = c.Get("/upload");
    EXPECT_NE(r->body.find("<section class=\"upload\" data-read-only=\"1\">"), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("<button type=\"button\" id=\"save\" disabled title=\"the server is read-only\">Save</button>"),
              std::string::npos);
    EXPECT_NE(r->body.find("<p id=\"saved\" class=\"message\">Save is off: the server runs with --read-only, so it "
                           "stores nothing.</p>"),
              std::string::npos);
    r = c.Get("/editor");
    EXPECT_NE(r->body.find("Save is off: the server runs with --read-only"), std::string::npos);
    r = server_->client().Get("/upload");
    EXPECT_NE(r->body.find("<section class=\"upload\">"), std::string::npos);
    EXPECT_EQ(r->body.find("Save is off"), std::string::npos);
    EXPECT_EQ(ro.stop(), 0);
}

TEST_F(Serve, SavesABoardAsAnImportAndStopsCleanly) {
    TempDir own;
    fs::copy_file(*dir_ / "t.db", own / "s.db");
    Serving s(own, "--db s.db");
    ASSERT_GT(s.port(), 0);
    auto c = s.client();
    const std::string board = "..BBCC\n......\nAA....\n......\n......\n......\n";
    auto r = c.Post("/api/save", board, "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(r->body.find("\"new\":true"), std::string::npos) << r->body;
    r = c.Post("/api/save", board, "text/plain");
    EXPECT_NE(r->body.find("\"new\":false"), std::string::npos) << r->body;
    // A board given twice in one Save is new once.
    const std::string other = "..BBCC\n......\nAA...D\n.....D\n......\n......\n";
    r = c.Post("/api/save", other + "\n" + other, "text/plain");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(occurrences(r->body, "\"new\":true"), 1u) << r->body;
    EXPECT_EQ(occurrences(r->body, "\"new\":false"), 1u) << r->body;
    // A text with a bad board among good ones is refused whole, as the
    // editor's checker refuses it: nothing of it is stored.
    r = c.Post("/api/save", "# tiles\n4 1 3/2 5 6/7 8 0\n\n1 2 3/4 5 6/7 9 0\n", "text/plain");
    EXPECT_EQ(r->status, 400) << r->body;
    EXPECT_NE(r->body.find("nothing was saved: line 4: tile 9 does not fit a 3x3 board"), std::string::npos)
        << r->body;
    EXPECT_EQ(s.stop(), 0);
    SQLite::Database db((own / "s.db").string());
    EXPECT_EQ(dump(db, "SELECT s.kind, so.status, so.moves FROM sources s JOIN solutions so "
                       "ON so.puzzle_id = s.puzzle_id WHERE s.path LIKE 'editor/%' ORDER BY s.id"),
              "editor|solved|1\neditor|solved|2\neditor|solved|2\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles WHERE family = 'tiles' AND key LIKE '%4 1 3%'"), 0);
    const std::string path =
        db.execAndGet("SELECT path FROM sources WHERE path LIKE 'editor/%' ORDER BY id LIMIT 1").getString();
    EXPECT_TRUE(std::regex_match(path, std::regex(R"(editor/[0-9a-f]{12}\.txt)"))) << path;
}

}  // namespace
}  // namespace slidedb::e2e

namespace slidedb::e2e {
namespace {

// An enumerated puzzle has no search of its own stored: its player is told
// the optimum the enumeration found (its cluster's greatest distance to the
// goal), as a searched puzzle's is told its search's.
TEST(ServeEnumerated, AnEnumeratedPuzzleIsPlayedAgainstItsOptimum) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    std::int64_t id = 0;
    {
        SQLite::Database db((dir / "e.db").string(), SQLite::OPEN_READONLY);
        SQLite::Statement st(db, "SELECT puzzle_id, moves FROM enumerated ORDER BY moves DESC, puzzle_id LIMIT 1");
        ASSERT_TRUE(st.executeStep());
        id = st.getColumn(0).getInt64();
        EXPECT_EQ(st.getColumn(1).getInt(), 7);
        EXPECT_EQ(db.execAndGet("SELECT COUNT(*) FROM solutions").getInt(), 0);
    }
    Serving server(dir, "--db e.db --read-only");
    ASSERT_GT(server.port(), 0);
    const auto r = server.client().Get(("/puzzles/" + std::to_string(id)).c_str());
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("data-optimum=\"7\""), std::string::npos) << r->body;
    EXPECT_NE(r->body.find("Rank: 7 moves, harder than"), std::string::npos);
    EXPECT_EQ(server.stop(), 0);
}


// The list shows an enumerated puzzle with its enumeration's figures and
// sorts and filters it on them among the searched ones. Two enumerations
// of 4x4 keep the same 32 puzzles, each listed once; the 7-move puzzle of
// the 34-board cluster has a search stopped at its limit (listed with the
// enumeration's figures, status limit), and a 6-move one of 28 boards a
// solved search. Every list, read page by page, is the order an
// independent query gives over all the puzzles.
TEST(ServeEnumerated, TheListSortsEnumeratedPuzzlesByTheirFigures) {
    TempDir dir;
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..2 --db e.db -q").status, 0);
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..0 --db e.db -q").status, 0);
    {
        SQLite::Database db((dir / "e.db").string(), SQLite::OPEN_READONLY);
        auto board = [&](int moves, int cluster) {
            return db
                .execAndGet(fmt::format("SELECT p.board FROM puzzles p JOIN enumerated e ON e.puzzle_id = p.id "
                                        "WHERE e.moves = {} AND e.cluster_size = {} LIMIT 1",
                                        moves, cluster))
                .getString();
        };
        write_file(dir / "hard.txt", board(7, 34) + "\n");
        write_file(dir / "six.txt", board(6, 28) + "\n");
    }
    ASSERT_EQ(slidedb(dir, "import hard.txt --db e.db --max-states 10 -q").status, 0);
    ASSERT_EQ(slidedb(dir, "import six.txt --db e.db -q").status, 0);
    // A board of no enumeration (its cluster's puzzle starts one cell to the
    // left), its search taken away: neither searched nor enumerated.
    write_file(dir / "loose.txt", "....\n.AA.\n....\n....\n");
    ASSERT_EQ(slidedb(dir, "import loose.txt --db e.db -q").status, 0);
    SQLite::Database(dir / "e.db", SQLite::OPEN_READWRITE)
        .exec("DELETE FROM solutions WHERE puzzle_id = (SELECT puzzle_id FROM sources WHERE path = 'loose.txt')");

    Serving server(dir, "--db e.db --read-only");
    ASSERT_GT(server.port(), 0);
    auto c = server.client();
    // Every row of a list, five to a page: "id status moves cluster; ...".
    // Read five ways, which must agree: by page number; from each page's
    // next cursor (after=); from the last page back, by each page's
    // previous cursor (before=); from the end (page=-1) back by cursors;
    // and by page numbers counted from the end (-1, -2, ...).
    auto listed = [&](const std::string& query, int per_page = 5) {
        const std::regex row(
            R"re(\{"id":(\d+),[^{}]*"status":"([a-z]*)","moves":(\w+),"steps":\w+,"cluster_size":(\w+))re");
        const std::regex cursors(R"re("next":(null|"([^"]*)"),"previous":(null|"([^"]*)"))re");
        struct Page {
            std::string rows, next, previous;
            bool more = false;
        };
        auto read = [&](const std::string& url) {
            Page p;
            auto r = c.Get(url);
            EXPECT_EQ(r->status, 200) << url << r->body;
            if (r->status != 200) return p;
            for (std::sregex_iterator it(r->body.begin(), r->body.end(), row), end; it != end; ++it)
                p.rows += fmt::format("{} {} {} {}; ", (*it)[1].str(), (*it)[2].str(), (*it)[3].str(), (*it)[4].str());
            std::smatch m;
            EXPECT_TRUE(std::regex_search(r->body, m, cursors)) << url << r->body;
            p.next = m[2].str();
            p.previous = m[4].str();
            p.more = r->body.find("\"has_more\":true") != std::string::npos;
            return p;
        };
        std::string out, by_cursor, backwards;
        std::string last, last_rows;  // the last page's previous cursor and rows
        for (int page = 1;; ++page) {
            const Page p = read(fmt::format("/api/puzzles?{}&per_page={}&page={}", query, per_page, page));
            out += p.rows;
            EXPECT_EQ(p.next.empty(), !p.more) << query << " page " << page;
            EXPECT_EQ(p.previous.empty(), page == 1 || p.rows.empty()) << query << " page " << page;
            if (!p.more) {
                last = p.previous;
                last_rows = p.rows;
                break;
            }
        }
        for (std::string after;;) {
            const Page p = read(fmt::format("/api/puzzles?{}&per_page={}{}", query, per_page,
                                            after.empty() ? "" : "&after=" + after));
            by_cursor += p.rows;
            if (p.next.empty()) break;
            after = p.next;
        }
        // Back from the last page: the pages before it, then itself.
        for (std::string before = last; !before.empty();) {
            const Page p = read(fmt::format("/api/puzzles?{}&per_page={}&before={}", query, per_page, before));
            backwards = p.rows + backwards;
            EXPECT_FALSE(p.next.empty()) << query;
            EXPECT_EQ(p.previous.empty(), !p.more) << query;
            before = p.previous;
        }
        backwards += last_rows;
        // From the end (page -1, the last page), back by each page's
        // previous cursor, and by numbers counted from the end.
        std::string from_end, from_end_by_number;
        for (std::string before;;) {
            const Page p = read(fmt::format("/api/puzzles?{}&per_page={}&{}", query, per_page,
                                            before.empty() ? "page=-1" : "before=" + before));
            from_end = p.rows + from_end;
            EXPECT_EQ(p.next.empty(), before.empty()) << query;
            EXPECT_EQ(p.previous.empty(), !p.more) << query;
            if (p.previous.empty()) break;
            before = p.previous;
        }
        for (int page = 1;; ++page) {
            const Page p = read(fmt::format("/api/puzzles?{}&per_page={}&page=-{}", query, per_page, page));
            if (p.rows.empty()) break;
            from_end_by_number = p.rows + from_end_by_number;
            EXPECT_EQ(p.next.empty(), page == 1) << query << " page -" << page;
            EXPECT_EQ(p.previous.empty(), !p.more) << query << " page -" << page;
        }
        EXPECT_EQ(by_cursor, out) << query;
        EXPECT_EQ(backwards, out) << query;
        EXPECT_EQ(from_end, out) << query;
        EXPECT_EQ(from_end_by_number, out) << query;
        return out;
    };
    // The same rows from every puzzle at once: the solved search's figures,
    // else the first enumeration's, else the search's (status '' and no
    // figures: neither searched nor enumerated).
    SQLite::Database db((dir / "e.db").string(), SQLite::OPEN_READONLY);
    auto expected = [&](const std::string& where, const std::string& order) {
        std::string rows = dump(db, fmt::format(
                            "WITH f AS (SELECT p.id, CASE WHEN s.status = 'solved' OR e.moves IS NULL THEN COALESCE(s.status, '') "
                            "WHEN s.status IS NULL THEN 'enumerated' ELSE s.status END AS status, "
                            "CASE WHEN s.status = 'solved' THEN s.moves ELSE COALESCE(e.moves, s.moves) END AS moves, "
                            "CASE WHEN s.status = 'solved' THEN s.cluster_size "
                            "ELSE COALESCE(e.cluster_size, s.cluster_size) END AS cluster "
                            "FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id "
                            "LEFT JOIN enumerated e ON e.puzzle_id = p.id AND e.enumeration_id = 1) "
                            "SELECT id || ' ' || status || ' ' || COALESCE(moves, 'null') || ' ' || COALESCE(cluster, 'null') || '; ' "
                            "FROM f WHERE {} ORDER BY {}",
                            where, order));
        rows.erase(std::remove(rows.begin(), rows.end(), '\n'), rows.end());
        return rows;
    };
    EXPECT_EQ(db.execAndGet("SELECT COUNT(*) FROM enumerated").getInt(), 64);
    const std::string by_moves = listed("sort=moves");
    EXPECT_EQ(by_moves, expected("status <> ''", "moves DESC, id DESC"));
    EXPECT_EQ(std::count(by_moves.begin(), by_moves.end(), ';'), 32);
    EXPECT_TRUE(std::regex_search(by_moves, std::regex(R"(^\d+ \w+ 7 )"))) << by_moves;
    EXPECT_EQ(listed("sort=cluster&order=asc"), expected("status <> ''", "cluster ASC, id ASC"));
    EXPECT_EQ(listed("sort=cluster&moves_min=6&moves_max=6"), expected("moves = 6", "cluster DESC, id DESC"));
    EXPECT_EQ(listed("moves_min=7"), expected("moves >= 7", "id ASC"));
    EXPECT_EQ(listed("size=4x4&family=unblock&sort=moves&order=asc&cluster_max=9"),
              expected("cluster <= 9", "moves ASC, id ASC"));
    const std::string enumerated = listed("status=enumerated&sort=moves");
    EXPECT_EQ(enumerated, expected("status = 'enumerated'", "moves DESC, id DESC"));
    EXPECT_EQ(std::count(enumerated.begin(), enumerated.end(), ';'), 30);
    EXPECT_EQ(listed("status=enumerated&family=unblock&size=4x4"), expected("status = 'enumerated'", "id"));
    EXPECT_EQ(listed("status=enumerated&source=hard"), "");
    const std::string limit = listed("status=limit&sort=moves");
    EXPECT_TRUE(std::regex_match(limit, std::regex(R"(\d+ limit 7 34; )"))) << limit;
    const std::string solved = listed("status=solved&sort=moves");
    EXPECT_TRUE(std::regex_match(solved, std::regex(R"(\d+ solved 6 28; )"))) << solved;
    // Neither searched nor enumerated: the loose board alone; steps are a
    // search's alone.
    const std::string loose = listed("status=unsolved");
    EXPECT_EQ(loose, expected("status = ''", "id"));
    EXPECT_TRUE(std::regex_match(loose, std::regex(R"(\d+  null null; )"))) << loose;
    // Sorted by a figure none of them has, they come by id, that way.
    EXPECT_EQ(listed("status=unsolved&sort=moves"), loose);
    EXPECT_EQ(listed("status=unsolved&sort=cluster&order=asc"), loose);
    EXPECT_EQ(listed("status=enumerated&sort=steps"), expected("status = 'enumerated'", "id DESC"));
    EXPECT_EQ(listed("status=enumerated&sort=effort&order=asc", 7), expected("status = 'enumerated'", "id"));
    EXPECT_EQ(std::count(by_moves.begin(), by_moves.end(), ';'), 32);
    EXPECT_EQ(listed("sort=steps"), expected("status IN ('solved', 'limit')", "status = 'limit', id"));
    // Rows without the figure (a stopped search's steps) come first going up.
    EXPECT_EQ(listed("sort=steps&order=asc"), expected("status IN ('solved', 'limit')", "status <> 'limit', id"));
    // A page at a time, the cursor crosses from rows with steps to the row
    // without, and back.
    EXPECT_EQ(listed("sort=steps", 1), expected("status IN ('solved', 'limit')", "status = 'limit', id"));
    EXPECT_EQ(listed("sort=steps&order=asc", 1), expected("status IN ('solved', 'limit')", "status <> 'limit', id"));
    EXPECT_EQ(listed("sort=moves&order=asc", 3), expected("status <> ''", "moves ASC, id ASC"));
    EXPECT_EQ(listed("family=blocks&sort=moves"), "");
    // The last page holds the 33rd puzzle; past it, nothing (known from the
    // count of puzzles, whatever the filter).
    EXPECT_TRUE(std::regex_search(c.Get("/api/puzzles?per_page=4&page=9")->body, std::regex(R"("puzzles":\[\{"id")")));
    EXPECT_EQ(c.Get("/api/puzzles?per_page=4&page=10&sort=moves&moves_max=3")->body,
              R"({"page":10,"per_page":4,"has_more":false,"next":null,"previous":null,"puzzles":[]})");
    EXPECT_EQ(listed("size=5x5&status=enumerated"), "");
    // Every combination of a status, a source, a range of each figure and a
    // sort, either way, against the same query.
    const std::vector<std::pair<std::string, std::string>> statuses = {
        {"", "status <> ''"}, {"status=enumerated&", "status = 'enumerated'"}, {"status=limit&", "status = 'limit'"}};
    const std::vector<std::pair<std::string, std::string>> from = {
        {"", "1"}, {"source=hard&", "EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = f.id AND so.path = 'hard.txt')"}};
    const std::vector<std::pair<std::string, std::string>> ranges = {
        {"", "1"}, {"moves_min=3&moves_max=6&", "moves BETWEEN 3 AND 6"}, {"cluster_min=10&", "cluster >= 10"}};
    const std::vector<std::pair<std::string, std::string>> sorts = {
        {"sort=id", "id"}, {"sort=moves", "moves DESC, id DESC"}, {"sort=cluster&order=asc", "cluster, id"}};
    for (const auto& [sq, sw] : statuses)
        for (const auto& [oq, ow] : from)
            for (const auto& [rq, rw] : ranges)
                for (const auto& [q, order] : sorts) {
                    // Unfiltered by id, the list holds every puzzle, figures or none.
                    if (sq.empty() && oq.empty() && rq.empty() && q == "sort=id") continue;
                    EXPECT_EQ(listed(sq + oq + rq + q), expected(sw + " AND " + ow + " AND " + rw, order))
                        << sq + oq + rq + q;
                }

    // An enumerated puzzle's source is the first enumeration that kept it;
    // an imported one's, its file.
    const auto sources = c.Get("/api/puzzles?sort=cluster&per_page=200");
    const std::regex source(R"re("cluster_size":(\d+),"examined":\w+,"source":"([^"]*)")re");
    std::vector<std::string> seen;  // in id order within a cluster size, which follows the units'
    for (std::sregex_iterator it(sources->body.begin(), sources->body.end(), source), end; it != end; ++it)
        if ((*it)[1].str() == "34" || (*it)[1].str() == "28") seen.push_back((*it)[1].str() + " " + (*it)[2].str());
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(seen, (std::vector<std::string>{"28 six.txt:1", "34 hard.txt:1",
                                              "34 slidedb enumerate --size 4 --walls 0..2"}))
        << sources->body;

    const auto page = c.Get("/puzzles?status=enumerated&sort=moves&per_page=1");
    ASSERT_EQ(page->status, 200);
    EXPECT_NE(page->body.find("<option value=\"enumerated\" selected>"), std::string::npos);
    EXPECT_NE(page->body.find("<td>enumerated</td><td class=\"num\">7</td>"), std::string::npos) << page->body;
    EXPECT_EQ(server.stop(), 0);
}
}  // namespace
}  // namespace slidedb::e2e
