// Checks an enumeration database against lines of the public Rush Hour
// database (MOVES BOARD CLUSTER): every line with a wall count in range whose
// cluster falls in a unit the database has done must be there, with the same
// moves and cluster size. For a full run, or a sample of shards.
//
// With COMPLETE=A..B, the file holds every puzzle of A to B moves: each
// puzzle of the database with those moves must then be in the file too, or
// it is an extra the public database does not have. The public 18k lines
// take at most 500 puzzles of each move count; of 1 to 3 moves and of 36 to
// 60 they have fewer (1, 8, 176; 488 down to 1), which are all there are.
//
//   enumeration_check DB SIZE MIN_WALLS MAX_WALLS EVERY_CLUSTER(0|1) FILE [COMPLETE=A..B ...]
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "families/unblock/cluster_representative.h"
#include "families/unblock/enumeration.h"
#include "families/unblock/unblock_family.h"

using namespace slidedb;

int main(int argc, char** argv) {
    if (argc < 7) {
        std::fprintf(stderr, "usage: enumeration_check DB SIZE MIN_WALLS MAX_WALLS EVERY_CLUSTER FILE [COMPLETE=A..B ...]\n");
        return 2;
    }
    std::vector<std::pair<int, int>> complete;
    for (int a = 7; a < argc; ++a) {
        const std::string arg = argv[a];
        const auto dots = arg.find("..");
        if (arg.rfind("COMPLETE=", 0) != 0 || dots == std::string::npos) {
            std::fprintf(stderr, "enumeration_check: expected COMPLETE=A..B, got %s\n", argv[a]);
            return 2;
        }
        complete.emplace_back(std::stoi(arg.substr(9, dots - 9)), std::stoi(arg.substr(dots + 2)));
    }
    auto is_complete = [&](int moves) {
        for (const auto& [a, b] : complete)
            if (moves >= a && moves <= b) return true;
        return false;
    };
    std::unordered_set<std::string> keys_in_file;  // of the lines with complete moves
    enumeration::Spec spec{std::stoi(argv[2]), std::stoi(argv[3]), std::stoi(argv[4]), std::stoi(argv[5]) != 0};
    SQLite::Database db(argv[1], SQLite::OPEN_READONLY);
    SQLite::Statement e(db, "SELECT id FROM enumerations WHERE size = ? AND min_walls = ? AND max_walls = ? AND every_cluster = ?");
    e.bind(1, spec.size);
    e.bind(2, spec.min_walls);
    e.bind(3, spec.max_walls);
    e.bind(4, spec.every_cluster ? 1 : 0);
    if (!e.executeStep()) {
        std::fprintf(stderr, "%s: no such enumeration\n", argv[1]);
        return 2;
    }
    const std::int64_t id = e.getColumn(0).getInt64();
    std::unordered_set<std::uint64_t> done;
    SQLite::Statement u(db, "SELECT unit FROM enumeration_units WHERE enumeration_id = ?");
    u.bind(1, id);
    while (u.executeStep()) done.insert(static_cast<std::uint64_t>(u.getColumn(0).getInt64()));
    SQLite::Statement find(db, "SELECT x.moves, x.cluster_size FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id "
                               "WHERE p.key = ? AND x.enumeration_id = ?");

    std::ifstream in(argv[6]);
    std::string line;
    std::uint64_t lines = 0, in_range = 0, sampled = 0, matched = 0, wrong = 0, missing = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        int moves = 0;
        std::string grid;
        std::uint64_t cluster = 0;
        if (!(fields >> moves >> grid >> cluster) || static_cast<int>(grid.size()) != spec.size * spec.size) continue;
        ++lines;
        std::vector<std::string> rows;
        for (int y = 0; y < spec.size; ++y) rows.push_back(grid.substr(static_cast<std::size_t>(y * spec.size), static_cast<std::size_t>(spec.size)));
        const Board board = board_from_grid(rows, Side::Right);
        const int walls = static_cast<int>(board.fixed.size());
        if (walls < spec.min_walls || walls > spec.max_walls) continue;
        ++in_range;
        const auto representative = enumeration::cluster_representative(board);
        if (representative && is_complete(moves)) keys_in_file.insert(to_puzzle(*representative).key);
        const auto unit = representative ? enumeration::unit_of(spec, *representative) : std::nullopt;
        if (!unit) {
            std::printf("outside the enumeration: %s\n", line.c_str());
            ++missing;
            continue;
        }
        if (!done.count(*unit)) continue;
        ++sampled;
        find.bind(1, to_puzzle(*representative).key);
        find.bind(2, id);
        if (!find.executeStep()) {
            std::printf("missing (unit %llu): %s\n", static_cast<unsigned long long>(*unit), line.c_str());
            ++missing;
        } else if (find.getColumn(0).getInt() != moves || static_cast<std::uint64_t>(find.getColumn(1).getInt64()) != cluster) {
            std::printf("differs (%d moves, cluster %lld): %s\n", find.getColumn(0).getInt(),
                        static_cast<long long>(find.getColumn(1).getInt64()), line.c_str());
            ++wrong;
        } else {
            ++matched;
        }
        find.reset();
    }
    std::printf("%llu lines, %llu with %d..%d walls, %llu in the %zu units done: %llu match, %llu differ, %llu missing\n",
                static_cast<unsigned long long>(lines), static_cast<unsigned long long>(in_range), spec.min_walls,
                spec.max_walls, static_cast<unsigned long long>(sampled), done.size(),
                static_cast<unsigned long long>(matched), static_cast<unsigned long long>(wrong),
                static_cast<unsigned long long>(missing));
    std::uint64_t checked = 0, extra = 0;
    if (!complete.empty()) {
        SQLite::Statement all(db, "SELECT x.moves, p.key FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id "
                                  "WHERE x.enumeration_id = ? AND x.minimal = 1 AND x.walls BETWEEN ? AND ?");
        all.bind(1, id);
        all.bind(2, spec.min_walls);
        all.bind(3, spec.max_walls);
        while (all.executeStep()) {
            const int moves = all.getColumn(0).getInt();
            if (!is_complete(moves)) continue;
            ++checked;
            const std::string key = all.getColumn(1).getString();
            if (!keys_in_file.count(key)) {
                std::printf("extra (%d moves): %s\n", moves, key.c_str());
                ++extra;
            }
        }
        std::printf("%llu puzzles of the database with the moves the file holds whole: %llu extra\n",
                    static_cast<unsigned long long>(checked), static_cast<unsigned long long>(extra));
    }
    return wrong || missing || extra ? 1 : 0;
}
