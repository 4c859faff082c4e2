// Every stored puzzle of every family, played and exported as a user would.
//
// The examples, the test data and generated boards (left exits among them)
// are imported; then, through `slidedb serve`, each puzzle's export must read
// back to the same key (the server's /api/solve, the command line's import
// and solve), every prefix of its stored solution must be a position the
// server's hints understand, one move nearer the goal each time, and the
// server's own hints, followed, must reach the goal. The boards `show` and
// `solve` print, and what `generate` writes, read back to the same puzzles.
// What starts a process a puzzle (`solve`, `show`) and the hints followed
// take one in five of rush_sample's 300 puzzles, all of the others.
#include <atomic>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "e2e.h"
#include "json_check.h"
#include "serving.h"

namespace slidedb::e2e {
namespace {

// A string member of a JSON object (its first occurrence), unescaped.
std::string json_string(const std::string& body, const std::string& name) {
    return json_text_after(body, "\"" + name + "\":\"");
}

// A number member of a JSON object; nullopt for null or none.
std::optional<long long> json_number(const std::string& body, const std::string& name) {
    const std::string mark = "\"" + name + "\":";
    const std::size_t at = body.find(mark);
    if (at == std::string::npos || body.compare(at + mark.size(), 4, "null") == 0) return std::nullopt;
    return std::stoll(body.substr(at + mark.size()));
}

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string joined(const std::vector<std::string>& moves, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += (i ? " " : "") + moves[i];
    return out;
}

// The board printed under "  0. start" by `show` and `solve`: the lines up
// to the next blank one.
std::string start_drawing(const std::string& out) {
    const std::size_t at = out.find("  0. start\n");
    if (at == std::string::npos) return "";
    const std::size_t from = at + 11;
    const std::size_t end = out.find("\n\n", from);
    return out.substr(from, end == std::string::npos ? std::string::npos : end + 1 - from);
}

struct Stored {
    std::int64_t id = 0;
    std::string family, key, status, solution, source;
    int moves = -1;
    bool goal_usual = true;  // tiles: the blank-last goal, which a drawing implies
    bool sampled = true;     // run through the command line too (one in five of rush_sample's)
};

// Runs `check` on every puzzle from two clients at once, as the server's two
// search slots allow.
template <class Check>
void on_every_puzzle(const Serving& server, const std::vector<Stored>& puzzles, Check check) {
    std::vector<std::thread> clients;
    for (std::size_t part = 0; part < 2; ++part)
        clients.emplace_back([&, part] {
            auto c = server.client();
            for (std::size_t i = part; i < puzzles.size(); i += 2) check(c, puzzles[i]);
        });
    for (std::thread& t : clients) t.join();
}

class RoundTrip : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        const fs::path in = *dir_ / "in";
        fs::create_directories(in);
        const std::string src = SLIDEDB_SOURCE_DIR;
        // The examples as shipped (screenshots and bad boards aside).
        for (const char* sub : {"boards", "blocks", "tiles"})
            fs::copy(src + "/examples/" + sub, in / ("examples_" + std::string(sub)), fs::copy_options::recursive);
        // The test data's boards (the 18,000-line database and Korf's
        // instances aside: the one is rush_sample's kind, the other needs
        // pattern tables built for minutes).
        for (const char* f : {"boards/fg_README_example.txt", "boards/kb_input.txt", "boards/yb_expert_0001.txt",
                              "boards/rush_sample.txt", "blocks/klotski.txt", "blocks/seed_wells.txt"})
            fs::copy_file(test_data(f), in / ("data_" + fs::path(f).filename().string()));
        // Goals other than the usual, which the file must state.
        write_file(in / "tiles_blank_first.txt",
                   "# goal: blank first\n1 2 0\n3 4 5\n6 7 8\n\n4 1 2 3\n0 5 6 7\n8 9 10 11\n12 13 14 15\n\n"
                   "1 5 2 3\n4 0 6 7\n8 9 10 11\n12 13 14 15\n");
        write_file(in / "tiles_goal_given.txt", "# goal: 1 2 3 / 8 0 4 / 7 6 5\n1 3 0\n8 2 4\n7 6 5\n");
        // Generated boards of each family, left exits and fixed cells among them.
        struct Generated {
            std::string file, args;
            int count;
        };
        const std::vector<Generated> generated = {
            {"gen_unblock_right.txt", "generate --count 12 --seed 11 --solvable", 12},
            {"gen_unblock_left.txt", "generate --count 12 --seed 12 --fixed 2 --exit left --solvable", 12},
            {"gen_unblock_left_7x7.txt", "generate --count 6 --seed 16 --size 7x7 --fixed 2 --exit left", 6},
            {"gen_unblock_left_5x5.txt", "generate --count 8 --seed 13 --size 5x5 --exit left", 8},
            {"gen_tiles.txt", "generate --family tiles --count 10 --seed 14 --size 3x3", 10},
        };
        for (const Generated& g : generated) {
            const Outcome o = slidedb(*dir_, g.args + " -o in/" + g.file);
            ASSERT_EQ(o.status, 0) << g.args << "\n" << o.err;
            generated_puzzles_ += g.count;
        }
        const Outcome b = slidedb(*dir_, "generate --family blocks --count 3 --seed 15 -o in/gen_blocks");
        ASSERT_EQ(b.status, 0) << b.err;
        generated_puzzles_ += 3;

        const Outcome r = slidedb(*dir_, "import in --db t.db -q --cache-dir cache");
        // The examples hold one puzzle that is no board (bad/ is not copied),
        // so every file reads whole.
        ASSERT_EQ(r.status, 0) << r.err;
        SQLite::Database db((*dir_ / "t.db").string());
        SQLite::Statement q(db,
                            "SELECT p.id, p.family, p.key, COALESCE(s.status, ''), COALESCE(s.solution, ''), "
                            "COALESCE(s.moves, -1), (SELECT path FROM sources WHERE puzzle_id = p.id ORDER BY id "
                            "LIMIT 1) FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id ORDER BY p.id");
        int rush_sample = 0;
        while (q.executeStep()) {
            Stored s;
            s.id = q.getColumn(0).getInt64();
            s.family = q.getColumn(1).getString();
            s.key = q.getColumn(2).getString();
            s.status = q.getColumn(3).getString();
            s.solution = q.getColumn(4).getString();
            s.moves = q.getColumn(5).getInt();
            s.source = q.getColumn(6).getString();
            s.goal_usual = s.key.find(" goal ") == std::string::npos;
            if (s.source.find("rush_sample") != std::string::npos) s.sampled = rush_sample++ % 5 == 0;
            puzzles_->push_back(s);
        }
        generated_read_ = static_cast<int>(
            count(db, "SELECT COUNT(DISTINCT path || ':' || line) FROM sources WHERE path LIKE 'in/gen_%'"));
        server_ = new Serving(*dir_, "--db t.db --read-only --jobs 2");
        ASSERT_GT(server_->port(), 0) << server_->first_line() << slurp(*dir_ / ".serve-err");
    }
    static void TearDownTestSuite() {
        delete server_;
        delete dir_;
        puzzles_->clear();
    }

    static std::map<std::string, int> by_family() {
        std::map<std::string, int> n;
        for (const Stored& s : *puzzles_) ++n[s.family];
        return n;
    }

    static TempDir* dir_;
    static Serving* server_;
    static std::vector<Stored>* puzzles_;
    static int generated_puzzles_, generated_read_;
};
TempDir* RoundTrip::dir_ = nullptr;
Serving* RoundTrip::server_ = nullptr;
std::vector<Stored>* RoundTrip::puzzles_ = new std::vector<Stored>;
int RoundTrip::generated_puzzles_ = 0;
int RoundTrip::generated_read_ = 0;

// What was imported: all three families, left exits, other goals, and every
// generated puzzle read back from what `generate` wrote.
TEST_F(RoundTrip, HoldsEveryFamilyWithLeftExitsAndOtherGoals) {
    const auto n = by_family();
    EXPECT_EQ(n.at("unblock"), 346);
    EXPECT_EQ(n.at("blocks"), 5);
    EXPECT_EQ(n.at("tiles"), 17);
    int left = 0, other_goal = 0;
    for (const Stored& s : *puzzles_) {
        left += s.key.find(" left ") != std::string::npos;
        other_goal += s.family == "tiles" && !s.goal_usual;
    }
    EXPECT_EQ(left, 28);
    EXPECT_EQ(other_goal, 4);
    EXPECT_EQ(generated_read_, generated_puzzles_);
    std::cout << "stored: " << n.at("unblock") << " unblock (" << left << " left exits), " << n.at("blocks")
              << " blocks, " << n.at("tiles") << " tiles (" << other_goal << " with another goal)\n";
}

TEST_F(RoundTrip, EveryExportReadsBackToTheSameKey) {
    auto c = server_->client();
    fs::create_directories(*dir_ / "exports");
    std::map<std::string, std::string> key_of_file;
    int checked = 0;
    for (const Stored& s : *puzzles_) {
        const auto file = c.Get(("/api/puzzles/" + std::to_string(s.id) + "/file").c_str());
        ASSERT_TRUE(file);
        ASSERT_EQ(file->status, 200) << s.id << " " << file->body;
        const auto back = c.Post("/api/solve", file->body, "text/plain");
        ASSERT_TRUE(back);
        EXPECT_EQ(back->status, 200) << s.key << "\n" << file->body << back->body;
        EXPECT_EQ(json_string(back->body, "key"), s.key) << file->body;
        if (s.status == "solved") {
            EXPECT_EQ(json_number(back->body, "moves"), s.moves) << s.key;
        }
        const std::string name = "exports/" + std::to_string(s.id) + ".txt";
        write_file(*dir_ / name, file->body);
        key_of_file[name] = s.key;
        ++checked;
    }
    // The command line reads the same files to the same keys...
    const Outcome r = slidedb(*dir_, "import exports --db back.db -q --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    SQLite::Database back((*dir_ / "back.db").string());
    SQLite::Statement q(back, "SELECT s.path, p.key FROM sources s JOIN puzzles p ON p.id = s.puzzle_id");
    std::size_t read = 0;
    while (q.executeStep()) {
        ++read;
        EXPECT_EQ(q.getColumn(1).getString(), key_of_file[q.getColumn(0).getString()]) << q.getColumn(0).getString();
    }
    EXPECT_EQ(read, key_of_file.size());
    // ... and `solve` finds the stored optimum in each.
    int solved = 0, sampled = 0;
    for (const Stored& s : *puzzles_) {
        if (!s.sampled) continue;
        ++sampled;
        const Outcome o = slidedb(*dir_, "solve exports/" + std::to_string(s.id) + ".txt --no-levels --cache-dir cache");
        EXPECT_EQ(o.status, 0) << s.key << o.err;
        if (s.status == "solved") {
            // After the "== FILE:LINE" heading of a puzzle below a directive.
            const std::string out = o.out.starts_with("== ") ? o.out.substr(o.out.find('\n') + 1) : o.out;
            const std::string said = "Solved in " + std::to_string(s.moves) + (s.moves == 1 ? " move " : " moves ");
            EXPECT_EQ(out.rfind(said, 0), 0u) << s.key << o.out;
            ++solved;
        }
    }
    std::cout << "exports: " << checked << " read back by /api/solve and import, " << sampled
              << " solved again by `solve` (" << solved << " with a solution)\n";
}

// The stored solution, a move at a time, as the web app's player sends it:
// the export's text and the moves so far.
TEST_F(RoundTrip, EveryPrefixOfEveryStoredSolutionIsAPositionTheHintsKnow) {
    std::atomic<int> prefixes = 0, puzzles = 0;
    on_every_puzzle(*server_, *puzzles_, [&](httplib::Client& c, const Stored& s) {
        if (s.status != "solved") return;
        ++puzzles;
        const std::string board = c.Get(("/api/puzzles/" + std::to_string(s.id) + "/file").c_str())->body;
        const std::vector<std::string> moves = words(s.solution);
        EXPECT_EQ(static_cast<int>(moves.size()), s.moves) << s.key;
        for (std::size_t k = 0; k <= moves.size(); ++k) {
            const auto h = c.Post(("/api/hint?moves=" + url_encoded(joined(moves, k))).c_str(), board, "text/plain");
            ++prefixes;
            if (!h || h->status != 200) {
                ADD_FAILURE() << s.key << " after " << k << " moves: " << joined(moves, k) << "\n"
                              << (h ? h->body : "no answer");
                return;
            }
            EXPECT_EQ(json_number(h->body, "distance"), s.moves - static_cast<long long>(k))
                << s.key << " after " << joined(moves, k);
            EXPECT_EQ(json_number(h->body, "moves_played"), static_cast<long long>(k));
            EXPECT_EQ(h->body.find("\"solved\":true") != std::string::npos, k == moves.size()) << s.key;
        }
    });
    EXPECT_EQ(puzzles, 361);
    EXPECT_EQ(prefixes, 7245);
    std::cout << "hints: " << prefixes << " prefixes of " << puzzles << " stored solutions\n";
}

// A player who plays the server's hints, each in the start's labels, gets
// there in the optimal number of moves (rush_sample's puzzles one in five).
TEST_F(RoundTrip, FollowingTheServersHintsReachesTheGoal) {
    std::atomic<int> followed = 0, played = 0;
    on_every_puzzle(*server_, *puzzles_, [&](httplib::Client& c, const Stored& s) {
        if (s.status != "solved" || !s.sampled) return;
        ++followed;
        const std::string board = c.Get(("/api/puzzles/" + std::to_string(s.id) + "/file").c_str())->body;
        std::vector<std::string> moves;
        for (int step = 0; step <= s.moves; ++step) {
            const auto h = c.Post(("/api/hint?moves=" + url_encoded(joined(moves, moves.size()))).c_str(), board,
                                  "text/plain");
            if (!h || h->status != 200 || json_number(h->body, "distance") != s.moves - step) {
                ADD_FAILURE() << s.key << " after " << joined(moves, moves.size()) << "\n"
                              << (h ? h->body : "no answer");
                return;
            }
            const std::string next = json_string(h->body, "move");
            if (step == s.moves) {
                EXPECT_EQ(next, "") << s.key;
                break;
            }
            moves.push_back(next);
            ++played;
        }
    });
    EXPECT_EQ(followed, 120);
    EXPECT_EQ(played, 1741);
    std::cout << "hints followed: " << played << " moves over " << followed << " puzzles\n";
}

// The start `show` and `solve` print reads back to the same puzzle where
// the drawing holds all of it: Unblock's exit is drawn, tiles state a goal
// other than the usual above the start. (A blocks drawing marks the goal's
// free cells but not which piece goes there: blocks puzzles read back from
// their export, above.)
TEST_F(RoundTrip, BoardsThatShowAndSolvePrintReadBack) {
    auto c = server_->client();
    fs::create_directories(*dir_ / "drawn");
    std::map<std::string, std::string> key_of_file;
    int shown = 0, solved = 0;
    for (const Stored& s : *puzzles_) {
        if (s.status != "solved" || !s.sampled) continue;
        ++shown;
        const Outcome show = slidedb(*dir_, "show " + std::to_string(s.id) + " --db t.db");
        ASSERT_EQ(show.status, 0) << show.err;
        const std::string drawn = start_drawing(show.out);
        ASSERT_FALSE(drawn.empty()) << show.out;
        const std::string name = "drawn/show_" + std::to_string(s.id) + ".txt";
        write_file(*dir_ / name, drawn);
        key_of_file[name] = s.key;
        ++solved;
        write_file(*dir_ / "one.txt", c.Get(("/api/puzzles/" + std::to_string(s.id) + "/file").c_str())->body);
        const Outcome again = slidedb(*dir_, "solve one.txt --no-levels --cache-dir cache");
        ASSERT_EQ(again.status, 0) << again.err;
        const std::string solved_name = "drawn/solve_" + std::to_string(s.id) + ".txt";
        write_file(*dir_ / solved_name, start_drawing(again.out));
        key_of_file[solved_name] = s.key;
    }
    const Outcome r = slidedb(*dir_, "import drawn --db drawn.db -q --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    SQLite::Database db((*dir_ / "drawn.db").string());
    SQLite::Statement q(db, "SELECT s.path, p.key FROM sources s JOIN puzzles p ON p.id = s.puzzle_id");
    std::size_t read = 0;
    while (q.executeStep()) {
        ++read;
        EXPECT_EQ(q.getColumn(1).getString(), key_of_file[q.getColumn(0).getString()]) << q.getColumn(0).getString();
    }
    EXPECT_EQ(read, key_of_file.size());
    std::cout << "printed boards: " << read << " read back (" << shown << " from show, " << solved
              << " from solve)\n";
}

// The puzzle report's start and hardest board, as the server's JSON and the
// command line give them, read back: the start to the puzzle, the hardest
// board to a puzzle of the stored hardest moves and the same cluster.
TEST_F(RoundTrip, TheBoardsOfThePuzzleReportReadBack) {
    auto c = server_->client();
    fs::create_directories(*dir_ / "report");
    struct Expected {
        std::string key;           // the start's
        int hardest_moves = -1;    // the hardest board's
        long long cluster = -1;
    };
    std::map<std::string, Expected> expected;
    SQLite::Database db((*dir_ / "t.db").string());
    int cli = 0;
    for (const Stored& s : *puzzles_) {
        if (s.status != "solved") continue;
        SQLite::Statement q(db, "SELECT hardest_moves, cluster_size FROM solutions WHERE puzzle_id = ?");
        q.bind(1, s.id);
        ASSERT_TRUE(q.executeStep());
        const bool hardest = !q.isColumnNull(0);
        const Expected e{s.key, hardest ? q.getColumn(0).getInt() : -1, q.getColumn(1).getInt64()};
        std::vector<std::pair<std::string, std::string>> reports;  // name, JSON
        const auto r = c.Get(("/api/reports/puzzle?id=" + std::to_string(s.id)).c_str());
        ASSERT_TRUE(r);
        ASSERT_EQ(r->status, 200) << r->body;
        reports.emplace_back("serve", r->body);
        if (s.sampled && cli < 40) {
            ++cli;
            const Outcome o = slidedb(*dir_, "report puzzle " + std::to_string(s.id) + " --db t.db --format json");
            ASSERT_EQ(o.status, 0) << o.err;
            reports.emplace_back("cli", o.out);
        }
        for (const auto& [by, json] : reports) {
            const std::string stem = "report/" + by + "_" + std::to_string(s.id);
            write_file(*dir_ / (stem + "_start.txt"),
                       json_text_after(json, "{\"field\": \"board\", \"value\": \"") + "\n");
            expected[stem + "_start.txt"] = {s.key, -1, -1};
            if (!hardest) continue;
            const std::size_t section = json.find("\"Hardest board of its cluster\"");
            ASSERT_NE(section, std::string::npos) << json;
            write_file(*dir_ / (stem + "_hardest.txt"), json_text_after(json, "\"board\": \"", section) + "\n");
            expected[stem + "_hardest.txt"] = {"", e.hardest_moves, e.cluster};
        }
    }
    const Outcome r = slidedb(*dir_, "import report --db report.db -q --cache-dir cache");
    ASSERT_EQ(r.status, 0) << r.err;
    SQLite::Database back((*dir_ / "report.db").string());
    SQLite::Statement q(back, "SELECT src.path, p.key, s.moves, s.cluster_size FROM sources src "
                              "JOIN puzzles p ON p.id = src.puzzle_id JOIN solutions s ON s.puzzle_id = p.id");
    std::size_t read = 0, hardest = 0;
    while (q.executeStep()) {
        ++read;
        const std::string path = q.getColumn(0).getString();
        const Expected& e = expected[path];
        if (!e.key.empty()) {
            EXPECT_EQ(q.getColumn(1).getString(), e.key) << path;
        } else {
            ++hardest;
            EXPECT_EQ(q.getColumn(2).getInt(), e.hardest_moves) << path;
            EXPECT_EQ(q.getColumn(3).getInt64(), e.cluster) << path;
        }
    }
    EXPECT_EQ(read, expected.size());
    EXPECT_GT(hardest, 0u);
    std::cout << "puzzle reports: " << read << " boards read back (" << hardest << " hardest), " << cli
              << " reports from the command line\n";
}

// A problem on a line of a board text is named with that line, in every
// family, as the server answers it.
TEST_F(RoundTrip, ErrorsNameTheLineTheyAreOn) {
    auto c = server_->client();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"......\n..A?..\n..AA..\n......\n......\n......\n",
         "line 2: row 2 col 4: '?' is not a cell (lines 1-6)"},
        {"BB....\n.....\n..AA..\n......\n......\n......\n",
         "line 2: ragged rows: row 1 has 6 cells but row 2 has 5 (lines 1-6)"},
        {"......\n......\n..AA..\n......\n.B....\n.B..B.\n",
         "line 6: block 'B' at row 5 col 2 is not one straight segment (its cells form separate groups) (lines 1-6)"},
        {"......\n......\n..AA..>\n......\n<......\n......\n",
         "line 5: a second exit mark (row 3 is marked already); a board has one exit (lines 1-6)"},
        {"......\n......\n..AA..\n......>\n......\n......\n",
         "line 4: the exit is on row 4 but the prisoner is on row 3 (lines 1-6)"},
        {"+------+\n|......|\n|......|\n|..AA..\n|......|\n|...B..|\n|......|\n+------+\n",
         "line 6: block 'B' at row 5 col 4 is a single cell; movable blocks are 2 or more cells long (use 'x' for a "
         "fixed cell)"},
        {"1 2 3\n4 5\n7 8 0\n", "line 2: ragged rows: row 2 has 2 tiles, row 1 has 3"},
        {"1 2 3\n4 9 6\n7 8 0\n", "line 2: tile 9 does not fit a 3x3 board (tiles 1 to 8)"},
        {"1 2 3\n4 5 6\n7 3 0\n", "line 3: tile 3 appears twice and tile 8 is missing"},
        {"start\nAA..\n..?.\ngoal\n....\n..AA\n", "line 3: unknown character '?' at column 3"},
    };
    for (const auto& [text, message] : cases) {
        const auto r = c.Post("/api/solve", text, "text/plain");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 400) << text;
        EXPECT_EQ(json_string(r->body, "error"), message) << text;
    }
}

}  // namespace
}  // namespace slidedb::e2e
