// A move of the `blocks` family: one piece carried from one placement to
// another, in the move metric along any path of single steps.
#pragma once

#include <cstdint>

#include "families/blocks/board.h"

namespace slidedb::blocks {

struct Move {
    Cell from, to;            // the piece's first cell before and after
    std::uint16_t steps = 1;  // cells stepped on the shortest way
    bool operator==(const Move&) const = default;
};

}  // namespace slidedb::blocks
