// The pattern tables under a search's limits: a build keeps the clock like
// every search, and a search told not to build (a server's) is refused at
// once, saying what to build and how, with nothing written.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <regex>
#include <string>

#include "families/tiles/format.h"
#include "families/tiles/solver.h"

using namespace slidedb;
using namespace slidedb::tiles;

namespace {

// A 15-puzzle goal with the blank inside: tables no other test holds, and
// minutes to build, so only a limit ends the build within a test.
const char* kGoal = "1 2 3 4 / 5 0 6 7 / 8 9 10 11 / 12 13 14 15";
const char* kStart = "15 14 13 12 / 11 0 10 7 / 8 9 6 5 / 4 3 2 1";  // six swaps: reachable

// A search stopped in its first table's build, for `why` ("time limit").
// The seconds are the machine's: 0 alone, more on a busy one.
void expect_stopped_building(const TilesOutcome& r, const std::string& why) {
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.cut, Cut::Time);
    EXPECT_TRUE(std::regex_match(r.reason, std::regex(R"(stopped after \d+ s while building the pattern tables \()" + why + R"(\))")))
        << r.reason;
    EXPECT_EQ(r.tables.built, 0);
    EXPECT_LT(r.seconds, 5.0);  // a bound against a build that ignores its stop, not a timing
}

}  // namespace

TEST(TilesTables, ABuildPastTheClockStopsTheSearchAtItsTime) {
    TilesOptions o;
    o.cache_dir = "";
    o.manhattan_boards = 0;  // straight to the tables
    o.max_seconds = 0.05;
    expect_stopped_building(solve_tiles(parse_board(kStart), parse_board(kGoal), o), "time limit");
}

// A run asked to stop (Ctrl-C during an import): the search under way ends
// at once, in the table-free search or in a table's build, and says why.
TEST(TilesTables, ASearchAskedToStopEndsAtOnceWhereverItIs) {
    const volatile std::sig_atomic_t asked = SIGINT;
    TilesOptions o;
    o.cache_dir = "";
    o.cancel = &asked;
    const auto first = solve_tiles(parse_board(kStart), parse_board(kGoal), o);
    EXPECT_EQ(first.status, Status::Limit);
    EXPECT_EQ(first.cut, Cut::Time);
    EXPECT_TRUE(std::regex_match(first.reason, std::regex(R"(stopped after \d+ s, when asked to)"))) << first.reason;
    EXPECT_EQ(first.examined, 65535u);  // the flag is read with the clock
    // Asked as the first table's build begins.
    volatile std::sig_atomic_t later = 0;
    o.cancel = &later;
    o.on_build = [&](const BuildProgress& p) {
        if (p.filled == 0 && !p.done) later = SIGINT;
    };
    expect_stopped_building(solve_tiles(parse_board(kStart), parse_board(kGoal), o), "when asked to");
}

TEST(TilesTables, ASearchThatMayNotBuildIsRefusedAndWritesNothing) {
    const auto dir = std::filesystem::temp_directory_path() / "slidedb-tables-policy-test";
    std::filesystem::remove_all(dir);
    TilesOptions o;
    o.cache_dir = dir;
    o.manhattan_boards = 0;
    o.build_tables = false;
    try {
        solve_tiles(parse_board(kStart), parse_board(kGoal), o);
        FAIL() << "solved without tables";
    } catch (const SearchRefused& e) {
        EXPECT_EQ(std::string(e.what()),
                  "this board needs pattern tables that are not built yet: 2 of 2 to build, 550 MiB on disk in all; "
                  "build them once with `slidedb solve --cache-dir '" +
                      dir.string() + "' FILE`, FILE holding this board, then ask again");
    }
    EXPECT_FALSE(std::filesystem::exists(dir));
}
