#include "families/blocks/geometry.h"

#include <algorithm>

namespace slidedb::blocks {

namespace {

bool fits(const Board& b, const std::vector<Cell>& offsets, int row, int col) {
    for (const Cell& o : offsets)
        if (!b.is_floor(row + o.row, col + o.col)) return false;
    return true;
}

// Adds the placements reachable from `from` by single steps over the floor.
void flood(const Board& b, Shape& shape, Cell from) {
    const auto index = [&](Cell a) { return a.row * b.width + a.col; };
    if (shape.at[index(from)] >= 0) return;
    std::size_t head = shape.anchors.size();
    shape.at[index(from)] = static_cast<std::int16_t>(shape.anchors.size());
    shape.anchors.push_back(from);
    for (; head < shape.anchors.size(); ++head) {
        const Cell a = shape.anchors[head];
        for (const Cell& d : kSteps) {
            const Cell n{static_cast<std::int8_t>(a.row + d.row), static_cast<std::int8_t>(a.col + d.col)};
            if (n.row < 0 || n.col < 0 || n.row >= b.height || n.col >= b.width) continue;
            if (shape.at[index(n)] >= 0 || !fits(b, shape.offsets, n.row, n.col)) continue;
            shape.at[index(n)] = static_cast<std::int16_t>(shape.anchors.size());
            shape.anchors.push_back(n);
        }
    }
}

}  // namespace

std::vector<int> Geometry::cells(int s, int p) const {
    const Shape& shape = shapes[static_cast<std::size_t>(s)];
    const Cell a = shape.anchors[static_cast<std::size_t>(p)];
    std::vector<int> out;
    for (const Cell& o : shape.offsets) out.push_back(live[(a.row + o.row) * width + a.col + o.col]);
    return out;
}

Geometry geometry_of(const Board& b) {
    Geometry g;
    g.width = b.width;
    g.height = b.height;
    const std::size_t area = static_cast<std::size_t>(b.width * b.height);
    for (const Piece& piece : b.pieces) {
        const std::vector<Cell> offsets = shape_of(piece.cells);
        auto it = std::find_if(g.shapes.begin(), g.shapes.end(), [&](const Shape& s) { return s.offsets == offsets; });
        if (it == g.shapes.end()) {
            g.shapes.push_back({offsets, {}, {}, std::vector<std::int16_t>(area, -1)});
            it = g.shapes.end() - 1;
        }
        g.shape_of.push_back(static_cast<int>(it - g.shapes.begin()));
        flood(b, *it, piece.cells.front());
    }
    for (std::size_t i = 0; i < b.pieces.size(); ++i) {
        const Cell first = b.pieces[i].cells.front();
        g.start.push_back(g.shapes[static_cast<std::size_t>(g.shape_of[i])].at[first.row * b.width + first.col]);
    }
    for (const Target& t : b.goal) {
        const Shape& s = g.shapes[static_cast<std::size_t>(g.shape_of[static_cast<std::size_t>(t.piece)])];
        const Cell first = t.cells.front();
        g.target.push_back(b.is_floor(first.row, first.col) ? s.at[first.row * b.width + first.col] : -1);
    }
    for (Shape& s : g.shapes) {
        s.next.resize(s.anchors.size());
        for (std::size_t p = 0; p < s.anchors.size(); ++p)
            for (int d = 0; d < 4; ++d) {
                const int r = s.anchors[p].row + kSteps[d].row, c = s.anchors[p].col + kSteps[d].col;
                const bool inside = r >= 0 && c >= 0 && r < b.height && c < b.width;
                s.next[p][d] = inside && s.at[r * b.width + c] >= 0 ? static_cast<std::uint16_t>(s.at[r * b.width + c])
                                                                    : kNoPlacement;
            }
    }
    // Live cells: those some placement covers, numbered in reading order.
    std::vector<std::uint8_t> covered(area, 0);
    for (const Shape& s : g.shapes)
        for (const Cell& a : s.anchors)
            for (const Cell& o : s.offsets) covered[(a.row + o.row) * b.width + a.col + o.col] = 1;
    g.live.assign(area, -1);
    for (std::size_t i = 0; i < area; ++i)
        if (covered[i]) g.live[i] = g.live_count++;
    return g;
}

}  // namespace slidedb::blocks
