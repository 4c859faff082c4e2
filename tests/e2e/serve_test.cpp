// `slidedb serve`: the server started on a free port of 127.0.0.1 over a
// small imported database, its JSON API asked with exact figures, and every
// kind of bad request answered with a 4xx and a message while it goes on
// serving.
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include <httplib.h>

#include "e2e.h"
#include "image/encode.h"
#include "image/image.h"
#include "json_check.h"

namespace slidedb::e2e {
namespace {

const std::string kFg =
    "BBBCDE\n"
    "FGGCDE\n"
    "F.AADE\n"
    "HHI...\n"
    ".JI.KK\n"
    ".JLLMM\n";

// A file name that is also HTML: it must reach the pages as text.
const std::string kNastyName = "<img src=x onerror=alert(1)>&.txt";

// `slidedb serve` running in the background until destroyed.
class Serving {
public:
    Serving(const TempDir& dir, const std::string& args) {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            close(out[1]);
            if (chdir(dir.path().c_str()) != 0) _exit(127);
            const std::string cmd = std::string("exec '") + SLIDEDB_BINARY + "' serve --port 0 " + args +
                                    " 2>'" + (dir / ".serve-err").string() + "'";
            execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(out[1]);
        FILE* f = fdopen(out[0], "r");
        char line[512] = {};
        if (f && std::fgets(line, sizeof line, f)) first_line_ = line;
        if (f) std::fclose(f);
        std::smatch m;
        if (std::regex_search(first_line_, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)"))) port_ = std::stoi(m[1]);
    }
    ~Serving() {
        if (pid_ > 0 && status_ < 0) stop();
    }
    // SIGTERM, as a service manager stops it; the exit status.
    int stop() {
        kill(pid_, SIGTERM);
        int raw = 0;
        waitpid(pid_, &raw, 0);
        status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
        return status_;
    }
    int port() const { return port_; }
    const std::string& first_line() const { return first_line_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60);
        return c;
    }

private:
    pid_t pid_ = -1;
    int port_ = 0;
    int status_ = -1;
    std::string first_line_;
};

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
        server_ = new Serving(*dir_, "--db t.db --jobs 4 --sql-seconds 1");
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
    std::string start = "start\n", goal = "goal\n";
    for (int row = 0; row < 16; ++row) {
        std::string s = "........#.......", g = s;
        if (row == 0) s = "ABBC....#.FFGH..";
        if (row == 1) s = "DDEC....#.II....";
        if (row == 2) s = "DD......#.......";
        if (row == 15) g[15] = 'A';
        start += s + "\n";
        goal += g + "\n";
    }
    Serving timed(*dir_, "--db t.db --solve-seconds 0.2 --max-states 1000000000 --read-only");
    ASSERT_GT(timed.port(), 0);
    auto c = timed.client();
    const auto asked = std::chrono::steady_clock::now();
    auto r = c.Post("/api/solve", start + goal, "text/plain");
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503) << r->body;
    EXPECT_TRUE(std::regex_match(r->body, std::regex(R"(\{"error":"the search stopped at its time limit of 0\.2 s )"
                                                     R"(after [1-9][0-9]* boards without reaching the goal"\})")))
        << r->body;
    EXPECT_LT(took, 30.0);  // a bound against a search that never looks at the clock, not a timing
    r = c.Post("/api/hint", start + goal, "text/plain");
    EXPECT_EQ(r->status, 503) << r->body;
    r = c.Get("/api/puzzles?per_page=1");
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(timed.stop(), 0);
}

TEST_F(Serve, RunsOneReadOnlyStatement) {
    auto c = server_->client();
    auto r = c.Get("/api/query?sql=SELECT%20family%2C%20COUNT(*)%20AS%20n%20FROM%20puzzles%20GROUP%20BY%20family%20ORDER%20BY%20family");
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->body,
              "{\"page\":1,\"has_more\":false,\"table\":{\"columns\":[\"family\",\"n\"],\"rows\":[[\"blocks\",1],"
              "[\"tiles\",1],[\"unblock\",4]]}}");
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
    EXPECT_EQ(s.stop(), 0);
    SQLite::Database db((own / "s.db").string());
    EXPECT_EQ(dump(db, "SELECT s.kind, so.status, so.moves FROM sources s JOIN solutions so "
                       "ON so.puzzle_id = s.puzzle_id WHERE s.path LIKE 'editor/%'"),
              "editor|solved|1\n");
    const std::string path = db.execAndGet("SELECT path FROM sources WHERE path LIKE 'editor/%'").getString();
    EXPECT_TRUE(std::regex_match(path, std::regex(R"(editor/[0-9a-f]{12}\.txt)"))) << path;
}

}  // namespace
}  // namespace slidedb::e2e
