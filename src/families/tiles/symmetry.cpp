#include "families/tiles/symmetry.h"

#include "families/tiles/geometry.h"

namespace slidedb::tiles {

Canonical canonical_form(const TileBoard& goal) {
    const int w = goal.width, h = goal.height, n = goal.size();
    const int gb = goal.blank();
    // The flip that brings the goal's blank to the smallest cell.
    int best_flip = 0, best_cell = n;
    for (int flip = 0; flip < 4; ++flip) {
        const int r = gb / w, c = gb % w;
        const int cell = ((flip & 2) ? h - 1 - r : r) * w + ((flip & 1) ? w - 1 - c : c);
        if (cell < best_cell) {
            best_cell = cell;
            best_flip = flip;
        }
    }
    Canonical k;
    for (int cell = 0; cell < n; ++cell) {
        const int r = cell / w, c = cell % w;
        const int to = ((best_flip & 2) ? h - 1 - r : r) * w + ((best_flip & 1) ? w - 1 - c : c);
        k.cell[cell] = static_cast<std::uint8_t>(to);
        k.back[to] = static_cast<std::uint8_t>(cell);
    }
    k.goal.width = w;
    k.goal.height = h;
    int next = 1;
    for (int cell = 0; cell < n; ++cell) k.goal.cells[cell] = cell == best_cell ? kBlank : static_cast<std::uint8_t>(next++);
    for (int cell = 0; cell < n; ++cell) k.label[goal.cells[cell]] = k.goal.cells[k.cell[cell]];
    return k;
}

TileBoard Canonical::map(const TileBoard& b) const {
    TileBoard out = b;
    for (int cell = 0; cell < b.size(); ++cell) out.cells[this->cell[cell]] = label[b.cells[cell]];
    return out;
}

std::vector<TileMove> Canonical::unmap(const TileBoard& start, const std::vector<TileMove>& moves) const {
    // Follow the blank: each canonical move sends it to a cell; the same cell
    // of the original board names the move there.
    TileBoard canon = map(start), at = start;
    const Geometry g(start.width, start.height);
    std::vector<TileMove> out;
    for (const TileMove& m : moves) {
        canon = apply_move(canon, m);
        const int to = back[canon.blank()];
        const int b = at.blank();
        for (int k = 0; k < g.degree[b]; ++k)
            if (g.neighbours[b][k] == to) {
                const TileMove om{at.cells[to], g.direction[b][k]};
                out.push_back(om);
                at = apply_move(at, om);
                break;
            }
    }
    return out;
}

}  // namespace slidedb::tiles
