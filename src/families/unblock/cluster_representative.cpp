#include "families/unblock/cluster_representative.h"

#include <utility>
#include <vector>

#include "families/unblock/generate/hardest_start.h"
#include "families/unblock/line_types.h"

namespace slidedb::enumeration {

bool fits_enumeration(const Board& b) {
    const int n = b.width;
    if (b.height != n || n < 4 || n > kMaxSize || b.exit != Side::Right || b.blocks.empty()) return false;
    const Block& primary = b.blocks[0];
    if (primary.axis != Axis::Horizontal || primary.length != 2 || primary.row != (n - 1) / 2) return false;
    std::vector<int> row_used(static_cast<std::size_t>(n), 0), column_used(static_cast<std::size_t>(n), 0);
    for (std::size_t i = 0; i < b.blocks.size(); ++i) {
        const Block& k = b.blocks[i];
        if (k.length < 2 || k.length > 3) return false;
        if (k.axis == Axis::Horizontal) {
            if (i > 0 && k.row == primary.row) return false;
            row_used[k.row] += k.length;
        } else {
            column_used[k.col] += k.length;
        }
    }
    for (const Cell& c : b.fixed) {
        if (c.row == primary.row && c.col > primary.col) return false;
        row_used[c.row] += 1;
    }
    for (int k = 0; k < n; ++k)
        if (row_used[static_cast<std::size_t>(k)] >= n || column_used[static_cast<std::size_t>(k)] >= n) return false;
    return true;
}

std::optional<Board> cluster_representative(const Board& board) {
    if (!fits_enumeration(board)) return std::nullopt;
    ClusterHardest h = hardest_start(board);
    if (h.moves < 0) return std::nullopt;
    return std::move(h.board);
}

}  // namespace slidedb::enumeration
