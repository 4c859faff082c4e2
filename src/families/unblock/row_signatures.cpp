#include "families/unblock/row_signatures.h"

namespace slidedb::enumeration {

RowSignatures::RowSignatures(const Geometry& g) : min_walls_(g.min_walls), max_walls_(g.max_walls) {
    const auto rows = static_cast<std::size_t>(g.size);
    const auto counts = static_cast<std::size_t>(max_walls_) + 1;
    for (std::size_t y = 0; y < rows; ++y) {
        auto& walls = walls_.emplace_back();
        for (const LineType& t : g.rows[y]) walls.push_back(static_cast<std::int8_t>(t.walls));
    }
    completions_.assign(rows + 1, std::vector<std::uint64_t>(counts, 0));
    for (std::size_t w = 0; w < counts; ++w) completions_[rows][w] = static_cast<int>(w) >= min_walls_ ? 1 : 0;
    for (std::size_t y = rows; y-- > 0;)
        for (std::size_t w = 0; w < counts; ++w)
            for (const std::int8_t walls : walls_[y])
                if (w + static_cast<std::size_t>(walls) < counts)
                    completions_[y][w] += completions_[y + 1][w + static_cast<std::size_t>(walls)];
}

TypeChoice RowSignatures::at(std::uint64_t k) const {
    TypeChoice rows{};
    std::size_t w = 0;
    for (std::size_t y = 0; y < walls_.size(); ++y) {
        for (std::size_t t = 0; t < walls_[y].size(); ++t) {
            const std::size_t next = w + static_cast<std::size_t>(walls_[y][t]);
            if (next > static_cast<std::size_t>(max_walls_)) continue;
            const std::uint64_t below = completions_[y + 1][next];
            if (k < below) {
                rows[y] = static_cast<int>(t);
                w = next;
                break;
            }
            k -= below;
        }
    }
    return rows;
}

std::optional<std::uint64_t> RowSignatures::index_of(const TypeChoice& rows) const {
    std::uint64_t k = 0;
    std::size_t w = 0;
    for (std::size_t y = 0; y < walls_.size(); ++y) {
        const auto chosen = static_cast<std::size_t>(rows[y]);
        if (rows[y] < 0 || chosen >= walls_[y].size()) return std::nullopt;
        for (std::size_t t = 0; t < chosen; ++t) {
            const std::size_t next = w + static_cast<std::size_t>(walls_[y][t]);
            if (next <= static_cast<std::size_t>(max_walls_)) k += completions_[y + 1][next];
        }
        w += static_cast<std::size_t>(walls_[y][chosen]);
        if (w > static_cast<std::size_t>(max_walls_)) return std::nullopt;
    }
    if (static_cast<int>(w) < min_walls_) return std::nullopt;
    return k;
}

}  // namespace slidedb::enumeration
