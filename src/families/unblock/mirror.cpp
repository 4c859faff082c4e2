#include "families/unblock/mirror.h"

namespace slidedb::enumeration {

Board turned(const Board& b) {
    Board out = b;
    for (Block& k : out.blocks)
        k.row = static_cast<std::uint8_t>(b.height - k.row - (k.axis == Axis::Vertical ? k.length : 1));
    for (Cell& c : out.fixed) c.row = static_cast<std::uint8_t>(b.height - 1 - c.row);
    return out;
}

namespace {

// Where a type's walls stand along its line (they never move).
std::vector<int> wall_starts(const LineType& t) {
    std::vector<int> out;
    for (std::size_t i = 0; i < t.lengths.size(); ++i)
        if (t.lengths[i] == 1) out.push_back(t.placements.front().start[i]);
    return out;
}

// Index of the type in `types` with these items, in this order, and walls
// where `like`'s stand; or -1.
int find_type(const std::vector<LineType>& types, const std::vector<std::int8_t>& lengths, const LineType& like) {
    for (std::size_t t = 0; t < types.size(); ++t)
        if (types[t].lengths == lengths && types[t].primary == like.primary &&
            wall_starts(types[t]) == wall_starts(like))
            return static_cast<int>(t);
    return -1;
}

}  // namespace

Mirror::Mirror(const Geometry& g) : n_(g.size) {
    if (n_ % 2 == 0 || g.primary_row != (n_ - 1) / 2) return;
    for (int y = 0; y < n_; ++y) {
        const auto& from = g.rows[static_cast<std::size_t>(n_ - 1 - y)];
        std::vector<int> map;
        for (const LineType& t : from) {
            const int to = find_type(g.rows[static_cast<std::size_t>(y)], t.lengths, t);
            if (to < 0) return;  // a type with no twin: no turn
            map.push_back(to);
        }
        row_.push_back(std::move(map));
    }
    for (int x = 0; x < n_; ++x) {
        const auto& types = g.columns[static_cast<std::size_t>(x)];
        std::vector<int> map;
        for (const LineType& t : types) {
            std::vector<std::int8_t> reversed(t.lengths.rbegin(), t.lengths.rend());
            const int to = find_type(types, reversed, t);  // columns hold no walls
            if (to < 0) return;
            map.push_back(to);
        }
        column_.push_back(std::move(map));
    }
    exists_ = true;
}

TypeChoice Mirror::rows(const TypeChoice& rows) const {
    TypeChoice out{};
    for (int y = 0; y < n_; ++y)
        out[y] = row_[static_cast<std::size_t>(y)][static_cast<std::size_t>(rows[n_ - 1 - y])];
    return out;
}

}  // namespace slidedb::enumeration
