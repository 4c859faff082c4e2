#include "families/unblock/signature.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace slidedb::enumeration {

std::optional<Signature> signature_of(const Geometry& g, const Board& board) {
    if (board.width != g.size || board.height != g.size || board.exit != Side::Right) return std::nullopt;
    if (board.blocks.empty() || board.blocks[0].row != g.primary_row) return std::nullopt;
    Signature s;
    for (int y = 0; y < g.size; ++y) {
        // The row's items by column: walls and horizontal pieces.
        std::vector<std::pair<int, int>> items;  // column, length
        for (const Block& b : board.blocks)
            if (b.axis == Axis::Horizontal && b.row == y) items.push_back({b.col, b.length});
        for (const Cell& c : board.fixed)
            if (c.row == y) items.push_back({c.col, 1});
        std::sort(items.begin(), items.end());
        std::vector<std::int8_t> lengths;
        Cells wall_cells = 0;
        for (const auto& [col, len] : items) {
            lengths.push_back(static_cast<std::int8_t>(len));
            if (len == 1) wall_cells |= Cells{1} << (y * g.size + col);
        }
        const auto& types = g.rows[static_cast<std::size_t>(y)];
        int found = -1;
        for (std::size_t t = 0; t < types.size() && found < 0; ++t) {
            Cells w = 0;
            for (std::size_t i = 0; i < types[t].lengths.size(); ++i)
                if (types[t].lengths[i] == 1) w |= Cells{1} << (y * g.size + types[t].placements[0].start[i]);
            if (types[t].lengths == lengths && w == wall_cells) found = static_cast<int>(t);
        }
        if (found < 0) return std::nullopt;
        s.rows[y] = found;
    }
    for (int x = 0; x < g.size; ++x) {
        std::vector<std::pair<int, int>> pieces;  // row, length
        for (const Block& b : board.blocks)
            if (b.axis == Axis::Vertical && b.col == x) pieces.push_back({b.row, b.length});
        std::sort(pieces.begin(), pieces.end());
        std::vector<std::int8_t> lengths;
        for (const auto& [row, len] : pieces) lengths.push_back(static_cast<std::int8_t>(len));
        const auto& types = g.columns[static_cast<std::size_t>(x)];
        std::size_t t = 0;
        while (t < types.size() && types[t].lengths != lengths) ++t;
        if (t == types.size()) return std::nullopt;
        s.columns[x] = static_cast<int>(t);
    }
    return s;
}

}  // namespace slidedb::enumeration
