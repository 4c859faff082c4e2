#include "families/unblock/line_types.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace slidedb::enumeration {

namespace {

// Cell k of line `line` (a row when `row`, else a column) as a board bit.
Cells cell(int size, bool row, int line, int k) {
    return Cells{1} << (row ? line * size + k : k * size + line);
}

// Every way to fill one line, grouped by type. `walls_ok`: walls may stand
// there; `primary`: the line holds the primary piece and nothing else movable.
std::vector<LineType> line_types(int size, bool row, int line, int max_walls, bool primary) {
    std::map<std::vector<std::int8_t>, std::map<Cells, LineType>> by_items;  // items, then wall cells
    std::vector<std::int8_t> lengths, starts;
    auto place = [&](auto&& self, int at) -> void {
        if (at >= size) {
            int used = 0, walls = 0, movable = 0, last_wall = -1, primary_at = -1;
            for (std::size_t i = 0; i < lengths.size(); ++i) {
                used += lengths[i];
                if (lengths[i] == 1) ++walls, last_wall = starts[i];
                else ++movable, primary_at = starts[i];
            }
            if (used >= size || walls > max_walls) return;
            if (primary) {
                // One movable piece, two long, every wall on its left.
                if (movable != 1) return;
                for (std::size_t i = 0; i < lengths.size(); ++i)
                    if (lengths[i] != 1 && lengths[i] != 2) return;
                if (last_wall > primary_at) return;
            }
            Cells wall_cells = 0, all = 0;
            LinePlacement p;
            for (std::size_t i = 0; i < lengths.size(); ++i) {
                p.start[i] = starts[i];
                for (int k = 0; k < lengths[i]; ++k) all |= cell(size, row, line, starts[i] + k);
                if (lengths[i] == 1) wall_cells |= cell(size, row, line, starts[i]);
            }
            p.cells = all;
            LineType& t = by_items[lengths][wall_cells];
            if (t.placements.empty()) {
                t.lengths = lengths;
                t.walls = walls;
                if (primary)
                    for (std::size_t i = 0; i < lengths.size(); ++i)
                        if (lengths[i] != 1) t.primary = static_cast<int>(i);
            }
            t.placements.push_back(p);
            return;
        }
        for (int len = row ? 1 : 2; len <= 3; ++len) {
            if (at + len > size) continue;
            lengths.push_back(static_cast<std::int8_t>(len));
            starts.push_back(static_cast<std::int8_t>(at));
            self(self, at + len);
            lengths.pop_back();
            starts.pop_back();
        }
        self(self, at + 1);
    };
    place(place, 0);

    std::vector<LineType> types;
    for (auto& [items, by_walls] : by_items)
        for (auto& [walls, t] : by_walls) types.push_back(std::move(t));
    for (LineType& t : types) {
        if (t.placements.size() > 15) throw std::logic_error("a line type with more than 15 placements");
        // A move shifts one item and leaves the others: find the placement it lands on.
        std::map<std::array<std::int8_t, kMaxLineItems>, std::uint8_t> index;
        for (std::size_t p = 0; p < t.placements.size(); ++p)
            index[t.placements[p].start] = static_cast<std::uint8_t>(p);
        t.moves.resize(t.placements.size());
        t.cell_steps.resize(t.placements.size());
        for (const LinePlacement& p : t.placements) {
            LineType::ItemCells& c = t.item_cells.emplace_back();
            for (std::size_t i = 0; i < t.lengths.size(); ++i) {
                const int first = p.start[i], end = first + t.lengths[i];
                for (int k = first; k < end; ++k) c.cover[i] |= cell(size, row, line, k);
                if (t.lengths[i] != 1) {
                    if (first > 0) c.step[i] |= cell(size, row, line, first - 1);
                    if (end < size) c.step[i] |= cell(size, row, line, end);
                }
            }
        }
        for (std::size_t p = 0; p < t.placements.size(); ++p) {
            for (std::size_t i = 0; i < t.lengths.size(); ++i) {
                if (t.lengths[i] == 1) continue;
                for (int delta = -(size - 1); delta <= size - 1; ++delta) {
                    if (delta == 0) continue;
                    auto to = t.placements[p].start;
                    to[i] = static_cast<std::int8_t>(to[i] + delta);
                    auto found = index.find(to);
                    if (found == index.end()) continue;
                    // Order is kept by every placement, so nothing of the line
                    // lies between: only the crossed cells of the other axis matter.
                    const int from = t.placements[p].start[i], len = t.lengths[i];
                    Cells sweep = 0;
                    if (delta > 0)
                        for (int k = from + len; k < from + len + delta; ++k) sweep |= cell(size, row, line, k);
                    else
                        for (int k = from + delta; k < from; ++k) sweep |= cell(size, row, line, k);
                    t.moves[p].push_back({found->second, static_cast<std::uint8_t>(i),
                                          static_cast<std::int8_t>(delta), sweep});
                    if ((delta == 1 || delta == -1) && found->second < p) {
                        const int take = delta > 0 ? from + len : from - 1, free = delta > 0 ? from : from + len - 1;
                        t.cell_steps[p].push_back({found->second, static_cast<std::int8_t>(take), static_cast<std::int8_t>(free)});
                    }
                }
            }
        }
        for (std::size_t p = 0; p < t.placements.size(); ++p)
            for (unsigned pattern = 0; pattern < kPatterns; ++pattern) {
                t.free_begin.push_back(static_cast<std::uint16_t>(t.free_moves.size()));
                Cells held = 0;
                for (int k = 0; k < size; ++k)
                    if (pattern >> k & 1) held |= cell(size, row, line, k);
                for (const LineMove& m : t.moves[p])
                    if (!(m.sweep & held)) t.free_moves.push_back({m.to, m.item, static_cast<std::uint8_t>(line)});
                if (t.free_moves.size() - t.free_begin.back() > kMaxFreeMoves) throw std::logic_error("a line placement with too many moves");
            }
        t.free_begin.push_back(static_cast<std::uint16_t>(t.free_moves.size()));
        t.free_moves.resize(t.free_moves.size() + kMaxFreeMoves);
        if (t.free_moves.size() > 0xFFFF) throw std::logic_error("a line type with too many moves");
    }
    return types;
}

// Groups of the placements that fit (rank >= 0) under one-cell moves whose
// sweep avoids `held`, numbered in order of their first placement.
void group_placements(const LineType& t, Cells held, const std::array<std::int8_t, 16>& rank,
                      std::array<std::int8_t, 16>& group, std::uint8_t& groups, std::array<std::uint8_t, 16>& size) {
    std::array<std::uint8_t, 16> parent{};
    for (std::size_t p = 0; p < 16; ++p) parent[p] = static_cast<std::uint8_t>(p);
    auto root = [&](std::size_t p) {
        while (parent[p] != p) p = parent[p];
        return p;
    };
    for (std::size_t p = 0; p < t.placements.size(); ++p) {
        if (rank[p] < 0) continue;
        for (const LineMove& m : t.moves[p])
            if ((m.delta == 1 || m.delta == -1) && !(m.sweep & held)) parent[root(m.to)] = static_cast<std::uint8_t>(root(p));
    }
    group.fill(-1);
    groups = 0;
    size.fill(0);
    std::array<std::int8_t, 16> of_root;
    of_root.fill(-1);
    for (std::size_t p = 0; p < t.placements.size(); ++p) {
        if (rank[p] < 0) continue;
        std::int8_t& g = of_root[root(p)];
        if (g < 0) g = static_cast<std::int8_t>(groups++);
        group[p] = g;
        ++size[static_cast<std::size_t>(g)];
    }
}

}  // namespace

Cells column_cells(int size, int x, unsigned pattern) {
    Cells c = 0;
    for (int k = 0; k < size; ++k)
        if (pattern >> k & 1) c |= Cells{1} << (k * size + x);
    return c;
}

namespace {

// The most walls an enumeration of the size takes: twice the side, and
// fewer when a row could then hold more items than a line's placement keeps
// (a row holds the most with walls in all but one of its cells and pieces
// two long in the rest).
int most_walls(int size, bool& items_bound) {
    items_bound = false;
    for (int walls = 1; walls <= 2 * size; ++walls) {
        const int in_row = std::min(walls, size - 1);
        if (in_row + (size - 1 - in_row) / 2 > kMaxLineItems) {
            items_bound = true;
            return walls - 1;
        }
    }
    return 2 * size;
}

}  // namespace

Geometry make_geometry(int size, int min_walls, int max_walls) {
    if (size < 4 || size > kMaxSize) throw std::invalid_argument("enumeration sizes run from 4 to 7");
    if (min_walls < 0 || max_walls < min_walls)
        throw std::invalid_argument("walls must be MIN..MAX with 0 <= MIN <= MAX");
    bool items_bound = false;
    const int most = most_walls(size, items_bound);
    if (max_walls > most)
        throw std::invalid_argument(
            "at most " + std::to_string(most) + " walls on " + std::to_string(size) + "x" + std::to_string(size) +
            ", got " + std::to_string(min_walls) + ".." + std::to_string(max_walls) +
            (items_bound ? " (a row could then hold more than " + std::to_string(kMaxLineItems) + " pieces and walls)"
                         : ""));
    Geometry g;
    g.size = size;
    g.primary_row = (size - 1) / 2;
    g.min_walls = min_walls;
    g.max_walls = max_walls;
    for (int y = 0; y < size; ++y) g.rows.push_back(line_types(size, true, y, max_walls, y == g.primary_row));
    for (int x = 0; x < size; ++x) g.columns.push_back(line_types(size, false, x, 0, false));
    for (int x = 0; x < size; ++x) {
        std::vector<ColumnFit> fits;
        for (const LineType& t : g.columns[static_cast<std::size_t>(x)]) {
            ColumnFit f;
            for (unsigned pat = 0; pat < (1u << size); ++pat) {
                const Cells held = column_cells(size, x, pat);
                f.rank[pat].fill(-1);
                for (std::size_t p = 0; p < t.placements.size(); ++p) {
                    if (t.placements[p].cells & held) continue;
                    f.rank[pat][p] = static_cast<std::int8_t>(f.count[pat]);
                    f.nth[pat][f.count[pat]++] = static_cast<std::uint8_t>(p);
                    f.fitting[pat] |= static_cast<std::uint16_t>(1u << p);
                }
                group_placements(t, held, f.rank[pat], f.group[pat], f.groups[pat], f.group_size[pat]);
            }
            for (unsigned pat = 0; pat < (1u << size); ++pat)
                for (int k = 0; k < size; ++k) {
                    const unsigned taken = pat | 1u << k, freed = pat & ~(1u << k);
                    const Cells cell_k = column_cells(size, x, 1u << k);
                    for (std::size_t p = 0; p < t.placements.size(); ++p) {
                        const int i = f.group[pat][p];
                        if (i < 0) continue;
                        if (!(t.placements[p].cells & cell_k))
                            f.narrowed[pat][static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] |=
                                static_cast<std::uint16_t>(1u << f.group[taken][p]);
                        f.widened[pat][static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = f.group[freed][p];
                    }
                }
            fits.push_back(f);
        }
        g.fits.push_back(std::move(fits));
    }
    return g;
}

}  // namespace slidedb::enumeration
