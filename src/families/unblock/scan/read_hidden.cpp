// Stage 4b: what marks hide, read from the blocks round it. A person reads
// a cell under a mark, or a seam under one, from its neighbours: blocks are
// straight, the red one horizontal and two cells long at least, a single
// wooden cell is a riveted fixed cell. Every way of completing what is
// hidden is judged; the picture is read only when exactly one remains.
#include "families/unblock/scan/scanner.h"

namespace slidedb::scanning {

// A hidden edge is a seam or a join; a hidden cell is floor or wood (the
// prisoner's cells and those beside it in its row are never left hidden:
// see read_cells.cpp), as far as what shows of it allows, and its edges
// with wooden neighbours are seams or joins as seen, or either when a mark
// hides them too. Every way makes blocks that must be possible: straight,
// the red one horizontal and two cells long at least, a single wooden cell
// riveted. When exactly one way makes a possible board and every other
// way is clearly impossible (a block that bends, a single cell with no
// rivet where two or more of its corners are in sight, a cell with four
// rivets and no mark on it inside a longer block, a join seen beside a
// cell taken for floor), that way is taken. Rivets on a cell a mark lies
// on may be the mark's: there four make a longer block unclear, not
// impossible. A block made of hidden cells only (nothing in sight says it
// is there) is unclear too, unless it is a single cell whose rivets show.
// Anything less clear refuses the picture with the first hidden cell's
// reason, else the first edge's.
std::optional<Failure> Scanner::decide_hidden(const std::vector<HiddenEdge>& edges, std::vector<int>& parent) {
    const Failure refuse{unclear_.empty() ? edges.front().why : unclear_.front().why};
    const int n = rows_ * cols_;
    // Edges between cells read alone (as before: four at most), and those
    // of a hidden cell, active when both its cells are wood.
    std::vector<int> unclear_at(static_cast<size_t>(n), -1);
    for (size_t u = 0; u < unclear_.size(); ++u) unclear_at[static_cast<size_t>(unclear_[u].cell)] = static_cast<int>(u);
    auto open = [&](const HiddenEdge& e) {
        return unclear_at[static_cast<size_t>(e.a)] >= 0 || unclear_at[static_cast<size_t>(e.b)] >= 0;
    };
    int closed = 0;
    for (const HiddenEdge& e : edges) closed += !open(e);
    if (closed > 4) return refuse;
    // Rivets per cell, looked at once: corners seen with a rivet, corners a
    // mark hides, and whether all four show one.
    std::vector<int> seen(static_cast<size_t>(n), -1), hid(static_cast<size_t>(n), 0), four(static_cast<size_t>(n), -1);
    auto look = [&](int i) {
        if (seen[static_cast<size_t>(i)] < 0)
            seen[static_cast<size_t>(i)] = rivets(i / cols_, i % cols_, cell_luma(i / cols_, i % cols_), 0, &hid[static_cast<size_t>(i)]);
    };
    // A mark on the cell (ink, or a stroke blurred into the wood).
    std::vector<int> marked(static_cast<size_t>(n), -1);
    auto mark_on = [&](int i) {
        if (marked[static_cast<size_t>(i)] < 0) marked[static_cast<size_t>(i)] = mark_on_cell(i / cols_, i % cols_);
        return marked[static_cast<size_t>(i)] == 1;
    };
    auto riveted = [&](int i) {
        if (four[static_cast<size_t>(i)] < 0)
            four[static_cast<size_t>(i)] = rivets(i / cols_, i % cols_, cell_luma(i / cols_, i % cols_)) == 4;
        return four[static_cast<size_t>(i)] == 1;
    };
    // 0: impossible, 1: possible, 2: unclear; with the cells' classes `cl`.
    auto judge = [&](std::vector<int>& par, const std::vector<int>& cl) {
        auto find = [&](int i) {
            while (par[static_cast<size_t>(i)] != i) i = par[static_cast<size_t>(i)];
            return i;
        };
        std::vector<std::vector<int>> groups(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i)
            if (cl[static_cast<size_t>(i)] > 0) groups[static_cast<size_t>(find(i))].push_back(i);
        int verdict = 1;
        for (const auto& g : groups) {
            if (g.empty()) continue;
            const int r0 = g.front() / cols_, c0 = g.front() % cols_;
            const bool horiz = g.size() == 1 || g[1] / cols_ == r0;
            for (size_t k = 0; k < g.size(); ++k) {
                const int want = horiz ? r0 * cols_ + c0 + static_cast<int>(k) : (r0 + static_cast<int>(k)) * cols_ + c0;
                if (g[k] != want) return 0;
            }
            const bool all_hidden = std::all_of(g.begin(), g.end(), [&](int i) { return unclear_at[static_cast<size_t>(i)] >= 0; });
            if (cl[static_cast<size_t>(g.front())] == 2) {
                if (!horiz || g.size() < 2) return 0;
            } else if (g.size() == 1) {
                look(g.front());
                const int s = seen[static_cast<size_t>(g.front())], h = hid[static_cast<size_t>(g.front())];
                if (s >= std::min(3, 4 - h) && (!all_hidden || s >= 3)) continue;
                if (s == 0 && h <= 2) return 0;
                verdict = 2;
            } else {
                if (all_hidden) verdict = 2;
                for (int cell : g) {
                    if (!riveted(cell)) continue;
                    if (!mark_on(cell)) return 0;
                    verdict = 2;
                }
            }
        }
        return verdict;
    };
    // Every class a hidden cell may have (bit u set: cell u is wood), then
    // every way of deciding the edges left open.
    const int cells = static_cast<int>(unclear_.size());
    std::vector<int> chosen_cl;
    std::vector<int> chosen_par;
    int possible = 0;
    for (int as = 0; as < 1 << cells; ++as) {
        std::vector<int> cl = cls_;
        bool allowed = true;
        for (int u = 0; u < cells; ++u) {
            const bool wood = as >> u & 1;
            allowed = allowed && (wood ? unclear_[static_cast<size_t>(u)].wood_ok : unclear_[static_cast<size_t>(u)].floor_ok);
            cl[static_cast<size_t>(unclear_[static_cast<size_t>(u)].cell)] = wood ? 1 : 0;
        }
        if (!allowed) continue;
        std::vector<int> par = parent;
        auto find = [&](int i) {
            while (par[static_cast<size_t>(i)] != i) i = par[static_cast<size_t>(i)];
            return i;
        };
        // The edges of hidden cells: a seam or a join seen stands when both
        // cells are wood (a join seen beside floor is impossible: the line
        // between them showed wood); the rest are decided below.
        std::vector<const HiddenEdge*> left;
        bool impossible = false;
        for (const HiddenEdge& e : edges) {
            if (!open(e)) {
                left.push_back(&e);
                continue;
            }
            const bool both = cl[static_cast<size_t>(e.a)] == 1 && cl[static_cast<size_t>(e.b)] == 1;
            if (e.seen == EdgeSeen::Join && !both) impossible = true;
            if (!both || e.seen == EdgeSeen::Seam) continue;
            if (e.seen == EdgeSeen::Join) par[static_cast<size_t>(find(e.a))] = find(e.b);
            else left.push_back(&e);
        }
        if (impossible) continue;
        if (left.size() > 8) return refuse;
        const int ways = 1 << left.size();
        for (int way = 0; way < ways; ++way) {
            std::vector<int> p2 = par;
            auto find2 = [&](int i) {
                while (p2[static_cast<size_t>(i)] != i) i = p2[static_cast<size_t>(i)];
                return i;
            };
            for (size_t e = 0; e < left.size(); ++e)
                if (way >> e & 1) p2[static_cast<size_t>(find2(left[e]->a))] = find2(left[e]->b);
            const int verdict = judge(p2, cl);
            if (verdict == 2) return refuse;
            if (verdict == 1) {
                if (++possible > 1) return refuse;
                chosen_cl = cl;
                chosen_par = p2;
            }
        }
    }
    if (possible != 1) return refuse;
    // (the forest chosen joins what `parent` did and more: it replaces it)
    parent = chosen_par;
    for (const UnclearCell& u : unclear_) {
        const int v = chosen_cl[static_cast<size_t>(u.cell)];
        cls_[static_cast<size_t>(u.cell)] = v;
        if (trace_ && static_cast<int>(trace_->cells.size()) == rows_)
            trace_->cells[static_cast<size_t>(u.cell / cols_)][static_cast<size_t>(u.cell % cols_)] = v == 1 ? '#' : '.';
    }
    return std::nullopt;
}

}  // namespace slidedb::scanning
