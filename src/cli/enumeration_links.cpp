#include "cli/enumeration_links.h"

#include <SQLiteCpp/Transaction.h>

#include "families/families.h"
#include "store/standing.h"

namespace slidedb::cli {

std::uint64_t link_enumerated(SQLite::Database& db) {
    // Only families that enumerate have puzzles to link to.
    std::vector<const Family*> enumerating;
    for (const Family* f : families())
        if (f->enumerator()) enumerating.push_back(f);
    std::uint64_t linked = 0;
    for (const Enumeration& e : enumerations(db)) {
        SQLite::Transaction tx(db);
        for (const auto& [id, puzzle] : unlinked_puzzles(db, e)) {
            for (const Family* f : enumerating) {
                if (puzzle.family != f->name()) continue;
                const auto key = f->enumerator()->cluster_key(puzzle);
                if (key && link_puzzle(db, e, id, *key)) ++linked;
            }
        }
        tx.commit();
    }
    return linked;
}

}  // namespace slidedb::cli
