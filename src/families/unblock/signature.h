// A board's signature: the type of each of its rows and columns (see
// line_types.h). Moves keep it, so a signature holds whole clusters.
#pragma once

#include <array>
#include <optional>

#include "families/unblock/board.h"
#include "families/unblock/line_types.h"

namespace slidedb::enumeration {

using TypeChoice = std::array<int, kMaxSize>;

struct Signature {
    TypeChoice rows{}, columns{};
};

// The types of the board's lines among the geometry's, or nothing when the
// board is not of the geometry (another size, a line no type describes).
std::optional<Signature> signature_of(const Geometry& g, const Board& board);

}  // namespace slidedb::enumeration
