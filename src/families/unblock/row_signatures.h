// The row signatures of an enumeration: a type for every row, with a wall
// count within its range. Each is a work unit (or split into several), so
// they are numbered, in lexicographic order of their types, without being
// listed: 7x7 with 0..3 walls has 2.5 billion of them, 6x6 with 0..4 walls
// 130 million.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "families/unblock/line_types.h"
#include "families/unblock/signature.h"

namespace slidedb::enumeration {

class RowSignatures {
public:
    explicit RowSignatures(const Geometry& g);

    std::uint64_t count() const { return completions_.front().front(); }
    // The k-th row signature, k < count().
    TypeChoice at(std::uint64_t k) const;
    // Its number, or nothing when the types are not one of them.
    std::optional<std::uint64_t> index_of(const TypeChoice& rows) const;

private:
    int min_walls_, max_walls_;
    std::vector<std::vector<std::int8_t>> walls_;  // by row, then type: the type's walls
    // completions_[y][w]: choices of types for rows y and after that, with w
    // walls in the rows before, end with a wall count within the range.
    std::vector<std::vector<std::uint64_t>> completions_;
};

}  // namespace slidedb::enumeration
