#include "cli/enumeration_links.h"

#include <SQLiteCpp/Transaction.h>

#include "families/unblock/cluster_representative.h"
#include "families/unblock/unblock_family.h"
#include "store/standing.h"

namespace slidedb::cli {

std::uint64_t link_enumerated(SQLite::Database& db) {
    std::uint64_t linked = 0;
    for (const Enumeration& e : enumerations(db)) {
        SQLite::Transaction tx(db);
        for (const auto& [id, puzzle] : unlinked_puzzles(db, e)) {
            if (puzzle.family != unblock_family().name()) continue;
            const Board board = board_of(puzzle);
            if (!enumeration::fits_enumeration(board)) continue;
            const auto representative = enumeration::cluster_representative(board);
            if (representative && link_puzzle(db, e, id, to_puzzle(*representative).key)) ++linked;
        }
        tx.commit();
    }
    return linked;
}

}  // namespace slidedb::cli
