#include "cli/enumeration_links.h"

#include <SQLiteCpp/Transaction.h>

#include "families/families.h"
#include "store/standing.h"

namespace slidedb::cli {

std::uint64_t link_enumerated(SQLite::Database& db) {
    std::uint64_t linked = 0;
    for (const Enumeration& e : enumerations(db)) {
        // The enumeration's family finds the cluster of each of its puzzles;
        // a family this slidedb does not know, or that no longer enumerates,
        // links nothing.
        const Family* f = find_family(e.family);
        if (!f || !f->enumerator()) continue;
        SQLite::Transaction tx(db);
        for (const auto& [id, puzzle] : unlinked_puzzles(db, e)) {
            const auto key = f->enumerator()->cluster_key(puzzle);
            if (key && link_puzzle(db, e, id, *key)) ++linked;
        }
        tx.commit();
    }
    return linked;
}

}  // namespace slidedb::cli
