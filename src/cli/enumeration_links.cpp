#include "cli/enumeration_links.h"

#include <SQLiteCpp/Transaction.h>

#include "families/families.h"
#include "store/standing.h"

namespace slidedb::cli {

std::uint64_t link_enumerated(SQLite::Database& db) {
    std::uint64_t linked = 0;
    for (const Enumeration& e : enumerations(db)) {
        SQLite::Transaction tx(db);
        for (const auto& [id, puzzle] : unlinked_puzzles(db, e)) {
            // Only families that enumerate have puzzles to link to.
            const Family* f = find_family(puzzle.family);
            if (!f || !f->enumerator()) continue;
            const auto key = f->enumerator()->cluster_key(puzzle);
            if (key && link_puzzle(db, e, id, *key)) ++linked;
        }
        tx.commit();
    }
    return linked;
}

}  // namespace slidedb::cli
