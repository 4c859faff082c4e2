// `slidedb report`: every report in every format on a small imported
// database, and the HTML page's solution player driven in headless Chromium.
#include <map>
#include <regex>

#include "e2e.h"
#include "json_check.h"

#include "families/unblock/board.h"
#include "families/unblock/move.h"

namespace slidedb::e2e {
namespace {

// A file name that is also HTML: it must reach the page as text.
const std::string kNastyName = "<img src=x onerror=alert(1)> & \"q\".txt";

class Reports : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        fs::create_directories(*dir_ / "boards");
        for (const char* f : {"kb_input.txt", "fg_README_example.txt", "yb_expert_0001.txt", "rush_sample.txt"})
            fs::copy_file(test_data(std::string("boards/") + f), *dir_ / (std::string("boards/") + f));
        write_file(*dir_ / ("boards/" + kNastyName), ".....B\n.....B\n...AAB\n......\nCDEFGH\nCDEFGH\n");
        import_ = new Outcome(slidedb(*dir_, "import boards --db t.db"));
    }
    static void TearDownTestSuite() {
        delete import_;
        delete dir_;
    }
    static Outcome report(const std::string& args) { return slidedb(*dir_, "report " + args + " --db t.db"); }
    static TempDir* dir_;
    static Outcome* import_;
};
TempDir* Reports::dir_ = nullptr;
Outcome* Reports::import_ = nullptr;

TEST_F(Reports, EveryReportRunsInEveryFormat) {
    ASSERT_EQ(import_->status, 0) << import_->err;
    for (const char* name : {"summary", "hardest", "difficulty", "unsolvable", "patterns", "puzzle 1", "all"}) {
        for (const char* format : {"table", "md", "csv", "json", "html"}) {
            const Outcome r = report(std::string(name) + " --format " + format);
            EXPECT_EQ(r.status, 0) << name << ' ' << format << ": " << r.err;
            EXPECT_FALSE(r.out.empty()) << name << ' ' << format;
            if (std::string(format) == "json") {
                EXPECT_EQ(r.out.front(), '{') << name;
                EXPECT_EQ(r.out.substr(r.out.size() - 2), "}\n") << name;
            }
            if (std::string(format) == "html") {
                EXPECT_EQ(r.out.rfind("<!DOCTYPE html>", 0), 0u) << name;
                // Self-contained: nothing fetched from anywhere.
                EXPECT_EQ(r.out.find("http://"), std::string::npos) << name;
                EXPECT_EQ(r.out.find("https://"), std::string::npos) << name;
                EXPECT_EQ(r.out.find("<img"), std::string::npos) << name;
                EXPECT_EQ(r.out.find("<link"), std::string::npos) << name;
                EXPECT_EQ(r.out.find("<script src"), std::string::npos) << name;
            }
        }
    }
}

TEST_F(Reports, FiguresMatchTheDatabase) {
    SQLite::Database db((*dir_ / "t.db").string(), SQLite::OPEN_READONLY);
    const Outcome by_effort = report("hardest --by effort --top 3 --format csv");
    ASSERT_EQ(by_effort.status, 0) << by_effort.err;
    std::string ids;
    for (std::size_t at = by_effort.out.find("\r\n"); at + 2 < by_effort.out.size(); at = by_effort.out.find("\r\n", at + 2))
        ids += by_effort.out.substr(at + 2, by_effort.out.find(',', at) - at - 2) + "\n";
    EXPECT_EQ(ids, dump(db, "SELECT puzzle_id FROM solutions WHERE status = 'solved' "
                            "ORDER BY examined DESC, moves DESC, steps DESC, cluster_size DESC, puzzle_id LIMIT 3"));

    const Outcome bands = report("difficulty --format csv");
    EXPECT_NE(bands.out.find("family,size,band,moves,puzzles,percent\r\n"), std::string::npos) << bands.out;
    const auto expert = count(db, "SELECT COUNT(*) FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id "
                                  "WHERE p.family = 'unblock' AND status = 'solved' AND moves >= 31");
    EXPECT_NE(bands.out.find("unblock,any,Expert,31+," + std::to_string(expert) + ","), std::string::npos) << bands.out;
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM difficulty WHERE band = 'Expert'"), expert);

    const Outcome uns = report("unsolvable");
    EXPECT_NE(uns.out.find("13500"), std::string::npos) << uns.out;
    EXPECT_NE(uns.out.find("...AAB"), std::string::npos) << uns.out;

    const Outcome puzzle = report("puzzle 2");
    EXPECT_NE(puzzle.out.find("Solution"), std::string::npos) << puzzle.out;
    EXPECT_EQ(report("puzzle 99999").status, 1);
    EXPECT_EQ(report("puzzle").status, 2);
    EXPECT_EQ(report("hardest --by speed").status, 2);
    EXPECT_EQ(report("summary --format pdf").status, 2);
}

TEST_F(Reports, OutWritesAFileInTheFormatOfItsExtension) {
    ASSERT_EQ(report("all --out page.html").status, 0);
    const std::string page = slurp(*dir_ / "page.html");
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    for (const char* part : {"In short", "Optimal moves", "Moves against boards examined", "Hardest puzzles",
                             "Unsolvable boards", "<svg class=\"chart bars\"", "<svg class=\"chart scatter\"",
                             "<svg class=\"board\"", "data-act=\"forward\""})
        EXPECT_NE(page.find(part), std::string::npos) << part;
    // The file name is text, never markup.
    EXPECT_EQ(page.find("<img"), std::string::npos);
    EXPECT_NE(page.find("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;.txt"), std::string::npos);
    ASSERT_EQ(report("summary --out s.csv").status, 0);
    EXPECT_EQ(slurp(*dir_ / "s.csv").rfind("puzzles,solved,unsolvable", 0), 0u);
}

// --- the player, in a real browser ------------------------------------------

std::string find_chromium() {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        const std::string cmd = std::string("command -v ") + name + " >/dev/null 2>&1";
        if (std::system(cmd.c_str()) == 0) return name;
    }
    return {};
}

struct BlockAt {
    int row = 0, col = 0;
    bool operator==(const BlockAt&) const = default;
};
void PrintTo(const BlockAt& b, std::ostream* os) { *os << "r" << b.row << "c" << b.col; }

// The blocks of the first player on the page, by label.
std::map<char, BlockAt> first_player_blocks(const std::string& html) {
    const std::size_t start = html.find("class=\"player");
    const std::size_t end = html.find("class=\"player", start + 1);
    const std::string part = html.substr(start, end == std::string::npos ? std::string::npos : end - start);
    static const std::regex block("data-label=\"(.)\" data-row=\"(-?\\d+)\" data-col=\"(-?\\d+)\"");
    std::map<char, BlockAt> out;
    for (auto it = std::sregex_iterator(part.begin(), part.end(), block); it != std::sregex_iterator(); ++it)
        out[(*it)[1].str()[0]] = {std::stoi((*it)[2]), std::stoi((*it)[3])};
    return out;
}

// Where the player drew a block: the translation of its <g>, in SVG units.
std::string drawn_at(const std::string& html, char label) {
    const std::regex g(std::string("data-label=\"") + label + "\"[^>]*transform: ?translate\\(([^)]*)\\)");
    std::smatch m;
    return std::regex_search(html, m, g) ? m[1].str() : "";
}

std::string first_counter(const std::string& html) {
    static const std::regex counter("<span class=\"counter\" data-step=\"(\\d+)\">([^<]*)</span>");
    std::smatch m;
    return std::regex_search(html, m, counter) ? m[1].str() + "|" + m[2].str() : "";
}

struct Browser {
    int status = -1;
    std::string dom, log;
};

Browser open_in_chromium(const std::string& chromium, const TempDir& dir, const std::string& url) {
    static int runs = 0;
    const fs::path profile = dir / ("profile-" + std::to_string(++runs));  // a fresh one each time
    fs::create_directories(profile);
    const Outcome r = run_shell(dir, "timeout 90 " + chromium +
                                         " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                                         " --disable-background-networking --disable-component-update --disable-sync"
                                         " --user-data-dir='" + profile.string() + "' --enable-logging=stderr --v=0"
                                         " --virtual-time-budget=3000 --dump-dom '" + url + "'");
    return {r.status, r.out, r.err};
}

std::string console_lines(const std::string& log) {
    std::string out;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        if (line.find(":CONSOLE") != std::string::npos) out += line + "\n";
    return out;
}

TEST_F(Reports, PlayerStepsOneBlockInChromium) {
    const std::string chromium = find_chromium();
    if (chromium.empty())
        GTEST_SKIP() << "chromium not found: install Debian's chromium package (scripts/setup.sh does) "
                        "to test the HTML player";
    ASSERT_EQ(report("hardest --top 3 --out hardest.html").status, 0);
    const std::string page = slurp(*dir_ / "hardest.html");
    const std::string url = "file://" + (*dir_ / "hardest.html").string();

    // The first player is the hardest puzzle; its first move comes from the database.
    SQLite::Database db((*dir_ / "t.db").string(), SQLite::OPEN_READONLY);
    const std::string solution =
        db.execAndGet("SELECT solution FROM solutions WHERE status = 'solved' "
                      "ORDER BY moves DESC, steps DESC, cluster_size DESC, puzzle_id LIMIT 1")
            .getString();
    const auto moves = count(db, "SELECT MAX(moves) FROM solutions");
    const std::string first = solution.substr(0, solution.find(' '));  // e.g. "CD2"
    const char label = first[0], dir = first[1];
    const int dist = std::stoi(first.substr(2));

    const auto before = first_player_blocks(page);
    ASSERT_GE(before.size(), 2u);
    ASSERT_TRUE(before.count(label)) << first;
    EXPECT_EQ(first_counter(page), "0|0 / " + std::to_string(moves));

    // Loaded untouched: no console message, no error, the page as written.
    const Browser idle = open_in_chromium(chromium, *dir_, url);
    ASSERT_EQ(idle.status, 0) << idle.log;
    EXPECT_EQ(console_lines(idle.log), "");
    EXPECT_EQ(idle.dom.find("data-errors"), std::string::npos);
    EXPECT_EQ(first_player_blocks(idle.dom), before);

    // One step forward: exactly the first move's block, by the first move's distance.
    const Browser one = open_in_chromium(chromium, *dir_, url + "#steps=f");
    ASSERT_EQ(one.status, 0) << one.log;
    EXPECT_EQ(console_lines(one.log), "");
    EXPECT_NE(one.dom.find("data-hook=\"done\""), std::string::npos) << "the page did not run its test hook";
    EXPECT_EQ(one.dom.find("data-errors"), std::string::npos);
    const auto after = first_player_blocks(one.dom);
    ASSERT_EQ(after.size(), before.size());
    int changed = 0;
    for (const auto& [l, at] : before)
        if (!(after.at(l) == at)) ++changed;
    EXPECT_EQ(changed, 1);
    BlockAt want = before.at(label);
    if (dir == 'L') want.col -= dist;
    if (dir == 'R') want.col += dist;
    if (dir == 'U') want.row -= dist;
    if (dir == 'D') want.row += dist;
    EXPECT_EQ(after.at(label), want) << first;
    EXPECT_EQ(first_counter(one.dom), "1|1 / " + std::to_string(moves));
    // ... and draws it there: 20-unit cells inside a 10-unit frame.
    EXPECT_EQ(drawn_at(one.dom, label), std::to_string(10 + 20 * want.col) + "px, " + std::to_string(10 + 20 * want.row) + "px");

    // Forward, forward, back ends where one step forward did; reset goes home.
    const Browser ffb = open_in_chromium(chromium, *dir_, url + "#steps=ffb");
    EXPECT_EQ(first_player_blocks(ffb.dom), after);
    EXPECT_EQ(first_counter(ffb.dom), "1|1 / " + std::to_string(moves));

    // Every step of the solution: the blocks end where the game puts them.
    const std::string board_text = db.execAndGet("SELECT p.board FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                                                 "WHERE s.solution = '" + solution + "'").getString();
    std::vector<std::string> rows;
    for (std::size_t at = 0; at <= board_text.size();) {
        const std::size_t nl = std::min(board_text.find('\n', at), board_text.size());
        rows.push_back(board_text.substr(at, nl - at));
        at = nl + 1;
    }
    Board end = board_from_grid(rows, Side::Right);
    for (const Move m : parse_moves(end, solution)) end = apply_move(end, m);
    std::map<char, BlockAt> want_end;
    for (std::size_t i = 0; i < end.blocks.size(); ++i)
        want_end[Board::label(static_cast<int>(i))] = {end.blocks[i].row, end.blocks[i].col};
    const Browser all = open_in_chromium(chromium, *dir_, url + "#steps=" + std::string(static_cast<std::size_t>(moves), 'f'));
    EXPECT_EQ(first_player_blocks(all.dom), want_end);
    EXPECT_EQ(first_counter(all.dom), std::to_string(moves) + "|" + std::to_string(moves) + " / " + std::to_string(moves));

    const Browser reset = open_in_chromium(chromium, *dir_, url + "#steps=fffr");
    EXPECT_EQ(first_player_blocks(reset.dom), before);
    EXPECT_EQ(first_counter(reset.dom), "0|0 / " + std::to_string(moves));
}

TEST_F(Reports, PageWithAHostileFileNameLoadsCleanly) {
    const std::string chromium = find_chromium();
    if (chromium.empty()) GTEST_SKIP() << "chromium not found: install Debian's chromium package";
    ASSERT_EQ(report("all --out all.html").status, 0);
    const Browser b = open_in_chromium(chromium, *dir_, "file://" + (*dir_ / "all.html").string());
    ASSERT_EQ(b.status, 0) << b.log;
    EXPECT_EQ(console_lines(b.log), "");
    EXPECT_EQ(b.dom.find("data-errors"), std::string::npos);
    EXPECT_EQ(b.dom.find("<img"), std::string::npos);  // the name stayed text
}

}  // namespace
}  // namespace slidedb::e2e

namespace slidedb::e2e {
namespace {

// The unsolvable report's boards read back to their puzzles: a left exit
// and a tiles goal of its own kept (before: the stored board, read back as
// a right exit and the blank-last goal).
TEST(Report, TheUnsolvableBoardsReadBack) {
    TempDir dir;
    write_file(dir / "left.txt", "# exit: left\n..B...\n..B...\n..BAA.\n..C...\n..C...\n..C...\n");
    write_file(dir / "tiles.txt", "# goal: blank first\n2 1 0\n3 4 5\n6 7 8\n");
    ASSERT_EQ(slidedb(dir, "import left.txt tiles.txt --db t.db -q").status, 0);
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    ASSERT_EQ(count(db, "SELECT COUNT(*) FROM solutions WHERE status = 'unsolvable'"), 2);
    const Outcome r = slidedb(dir, "report unsolvable --db t.db --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* id : {"1", "2"}) {
        const std::string mark = std::string("{\"id\": ") + id + ", ";
        const std::size_t row = r.out.find(mark);
        ASSERT_NE(row, std::string::npos) << r.out;
        const std::string board = json_text_after(r.out, "\"board\": \"", row);
        write_file(dir / (std::string("back") + id + ".txt"), board + "\n");
        ASSERT_EQ(slidedb(dir, std::string("import back") + id + ".txt --db back" + id + ".db -q").status, 0);
        SQLite::Database back((dir / (std::string("back") + id + ".db")).string(), SQLite::OPEN_READONLY);
        SQLite::Statement key(db, "SELECT key FROM puzzles WHERE id = ?");
        key.bind(1, std::stoi(id));
        ASSERT_TRUE(key.executeStep());
        EXPECT_EQ(back.execAndGet("SELECT key FROM puzzles").getString(), key.getColumn(0).getString()) << board;
    }
}

// The bundled examples hold three families; each is graded in its own bands.
TEST(Report, DifficultyOfTheExamplesByFamily) {
    TempDir dir;
    const Outcome imported = slidedb(dir, "import '" + test_data("examples") + "' --db x.db -q");
    ASSERT_EQ(imported.status, 1) << imported.err;  // examples/bad fail, as they should
    const Outcome r = slidedb(dir, "report difficulty --db x.db --format csv");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string head = "family,size,band,moves,puzzles,percent\r\n";
    const std::size_t at = r.out.find(head);
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string bands = r.out.substr(at, r.out.find("\r\n\n", at) + 2 - at);  // sections end in a blank line
    EXPECT_EQ(bands, head +
                         "blocks,any,Easy,0-19,0,0\r\n"
                         "blocks,any,Medium,20-39,1,50\r\n"  // the wells board, 31 moves
                         "blocks,any,Hard,40-79,0,0\r\n"
                         "blocks,any,Expert,80+,1,50\r\n"  // Klotski, 81
                         "tiles,3x3,3x3 Easy,0-15,1,50\r\n"
                         "tiles,3x3,3x3 Medium,16-23,0,0\r\n"
                         "tiles,3x3,3x3 Hard,24-27,0,0\r\n"
                         "tiles,3x3,3x3 Hardest,28-31,1,50\r\n"  // 8 6 7 / 2 5 4 / 3 0 1: 31 moves
                         "unblock,any,under 15,0-14,98,31.6\r\n"
                         "unblock,any,Beginner,15-20,50,16.1\r\n"
                         "unblock,any,Intermediate,21-25,44,14.2\r\n"
                         "unblock,any,Advanced,26-30,42,13.5\r\n"
                         "unblock,any,Expert,31+,76,24.5\r\n");
    // Each family's histogram runs from its own fewest moves to its most.
    for (const char* edge : {"blocks,31,1,", "blocks,81,1,", "tiles,2,1,", "tiles,31,1,", "unblock,1,3,",
                             "unblock,54,1,"})
        EXPECT_NE(r.out.find(std::string("\r\n") + edge), std::string::npos) << edge;
    EXPECT_EQ(r.out.find("\r\nblocks,30,"), std::string::npos);
    EXPECT_EQ(r.out.find("\r\ntiles,1,"), std::string::npos);
    // The rules, one a family.
    EXPECT_NE(r.out.find("\r\nunblock,\"Unblock Me's bands of optimal moves: Beginner 15-20,"), std::string::npos);
    // The page draws each family's bands and moves as charts of their own.
    const Outcome page = slidedb(dir, "report difficulty --db x.db --format html");
    ASSERT_EQ(page.status, 0) << page.err;
    for (const char* family : {"blocks", "tiles", "unblock"})
        EXPECT_EQ(occurrences(page.out, std::string("<h4>family: ") + family + "</h4>"), 2u) << family;
}

}  // namespace
}  // namespace slidedb::e2e
