// The enumerated puzzle of any board's cluster: links an imported puzzle to
// its place in the enumeration.
#pragma once

#include <optional>

#include "families/unblock/board.h"

namespace slidedb::enumeration {

// Whether the board is one the enumeration of its size visits with `walls`
// walls allowed: N x N (4..6), exit right, the primary piece two long in row
// (N - 1) / 2 and alone there but for walls on its left, other pieces two or
// three long, each line's items filling fewer than N cells.
bool fits_enumeration(const Board& board);

// The board of the cluster the enumeration would keep: farthest from every
// goal, the least of those (horizontal cells, then vertical, as integers).
// Nothing when the board does not fit or its cluster has no goal board.
std::optional<Board> cluster_representative(const Board& board);

}  // namespace slidedb::enumeration
