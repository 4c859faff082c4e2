// The hardest start of a board's whole signature: every cluster whose
// boards share the board's row and column types (signature_search.h), not
// the board's own cluster alone. A change to a board then stands for all its
// placements at once: the search for the hardest puzzles scores a piece
// added to a line wherever it can stand, for about the cost of one cluster
// on the dense boards hard puzzles have.
#pragma once

#include <cstdint>
#include <optional>

#include "families/unblock/generate/hardest_start.h"
#include "families/unblock/line_types.h"

namespace slidedb {

class SignatureHardest {
public:
    // Square boards of 4 to 7 whose exit is on the right (the enumeration's
    // boards), with min_walls to max_walls walls.
    SignatureHardest(int size, int min_walls, int max_walls);

    // The hardest start of the signature's clusters with a goal, or nothing
    // when the board is not of the geometry, its signature spans more than
    // max_boards boards, or none of its clusters has a goal. Thread-safe.
    std::optional<ClusterHardest> hardest(const Board& board, std::uint64_t max_boards) const;

private:
    enumeration::Geometry geometry_;
    std::uint64_t id_;  // tells the threads' searches which geometry they serve
};

}  // namespace slidedb
