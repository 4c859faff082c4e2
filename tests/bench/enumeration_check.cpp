// Checks an enumeration database against lines of the public Rush Hour
// database (MOVES BOARD CLUSTER): every line with a wall count in range whose
// cluster falls in a unit the database has done must be there, with the same
// moves and cluster size. For a full run, or a sample of shards.
//
//   enumeration_check DB SIZE MIN_WALLS MAX_WALLS EVERY_CLUSTER(0|1) FILE
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_set>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "families/unblock/cluster_representative.h"
#include "families/unblock/enumeration.h"
#include "families/unblock/unblock_family.h"

using namespace slidedb;

int main(int argc, char** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: enumeration_check DB SIZE MIN_WALLS MAX_WALLS EVERY_CLUSTER FILE\n");
        return 2;
    }
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
    return wrong || missing ? 1 : 0;
}
