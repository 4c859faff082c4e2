#include "families/blocks/canonical.h"

#include <algorithm>

#include "families/blocks/geometry.h"

namespace slidedb::blocks {

Board without_dead_floor(const Board& board) {
    const Geometry g = geometry_of(board);
    // Floor that stays: live cells, and the goal's cells even where no piece
    // can reach them, so the goal keeps its drawing.
    Board out = board;
    for (std::size_t i = 0; i < out.floor.size(); ++i) out.floor[i] = g.live[i] >= 0;
    for (const Target& t : board.goal)
        for (const Cell& c : t.cells) out.floor[static_cast<std::size_t>(c.row * board.width + c.col)] = 1;
    return out;
}

Board canonical_board(const Board& board) {
    const std::vector<std::uint8_t> keep = without_dead_floor(board).floor;

    int top = board.height, bottom = -1, left = board.width, right = -1;
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c)
            if (keep[static_cast<std::size_t>(r * board.width + c)]) {
                top = std::min(top, r), bottom = std::max(bottom, r);
                left = std::min(left, c), right = std::max(right, c);
            }
    if (bottom < 0) return board;  // nothing can move: nothing to crop to
    // One cell more each way for the walls around the floor.
    top = std::max(0, top - 1), left = std::max(0, left - 1);
    bottom = std::min(board.height - 1, bottom + 1), right = std::min(board.width - 1, right + 1);

    Board out;
    out.width = right - left + 1;
    out.height = bottom - top + 1;
    out.floor.assign(static_cast<std::size_t>(out.width * out.height), 0);
    for (int r = 0; r < out.height; ++r)
        for (int c = 0; c < out.width; ++c)
            out.floor[static_cast<std::size_t>(r * out.width + c)] =
                keep[static_cast<std::size_t>((r + top) * board.width + c + left)];
    const auto moved = [&](std::vector<Cell> cells) {
        for (Cell& c : cells) c = {static_cast<std::int8_t>(c.row - top), static_cast<std::int8_t>(c.col - left)};
        return cells;
    };
    // The goal's pieces first, then the others, each in reading order of
    // their first cells: the piece to bring home is A, as in Unblock.
    std::vector<std::uint8_t> named(board.pieces.size(), 0);
    for (const Target& t : board.goal) named[static_cast<std::size_t>(t.piece)] = 1;
    std::vector<int> order(board.pieces.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
        if (named[ua] != named[ub]) return named[ua] > named[ub];
        return board.pieces[ua].cells.front() < board.pieces[ub].cells.front();
    });
    std::vector<int> new_index(board.pieces.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Piece& p = board.pieces[static_cast<std::size_t>(order[k])];
        out.pieces.push_back({piece_label(static_cast<int>(k)), moved(p.cells)});
        new_index[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
    }
    for (const Target& t : board.goal) out.goal.push_back({new_index[static_cast<std::size_t>(t.piece)], moved(t.cells)});
    std::sort(out.goal.begin(), out.goal.end(), [](const Target& a, const Target& b) { return a.piece < b.piece; });
    return out;
}

}  // namespace slidedb::blocks
