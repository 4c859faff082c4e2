#include "families/blocks/state.h"

#include <algorithm>
#include <bit>

namespace slidedb::blocks {

Layout layout_of(const Board& board, const Geometry& g) {
    Layout l;
    const auto add = [&](int piece) {
        const int shape = g.shape_of[static_cast<std::size_t>(piece)];
        const int count = g.shapes[static_cast<std::size_t>(shape)].placements();
        const int width = static_cast<int>(std::bit_width(static_cast<unsigned>(count - 1)));
        if ((l.bits & 63) + width > 64) l.bits = (l.bits | 63) + 1;  // no slot across two words
        l.slots.push_back({shape, l.bits, width, 0, 0});
        l.bits += width;
        l.pieces.push_back(piece);
        l.start.push_back(g.start[static_cast<std::size_t>(piece)]);
    };
    std::vector<std::uint8_t> named(board.pieces.size(), 0);
    for (const Target& t : board.goal) {
        named[static_cast<std::size_t>(t.piece)] = 1;
        add(t.piece);
        l.slots.back().first = static_cast<int>(l.slots.size()) - 1;
        l.slots.back().last = static_cast<int>(l.slots.size());
    }
    l.named = static_cast<int>(l.slots.size());
    for (std::size_t s = 0; s < g.shapes.size(); ++s) {
        const int first = static_cast<int>(l.slots.size());
        for (std::size_t p = 0; p < board.pieces.size(); ++p)
            if (!named[p] && g.shape_of[p] == static_cast<int>(s)) add(static_cast<int>(p));
        const int last = static_cast<int>(l.slots.size());
        // Sorted by placement: the class is a set.
        std::vector<std::pair<int, int>> by_place;
        for (int i = first; i < last; ++i) by_place.emplace_back(l.start[static_cast<std::size_t>(i)], l.pieces[static_cast<std::size_t>(i)]);
        std::sort(by_place.begin(), by_place.end());
        for (int i = first; i < last; ++i) {
            l.start[static_cast<std::size_t>(i)] = by_place[static_cast<std::size_t>(i - first)].first;
            l.pieces[static_cast<std::size_t>(i)] = by_place[static_cast<std::size_t>(i - first)].second;
            l.slots[static_cast<std::size_t>(i)].first = first;
            l.slots[static_cast<std::size_t>(i)].last = last;
        }
    }
    return l;
}

}  // namespace slidedb::blocks
