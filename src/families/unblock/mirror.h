// Boards turned upside down. On a board of odd side the primary piece's row
// is the middle one, so the turn maps the enumeration onto itself: rows y
// and N-1-y swap their types, each column's items run the other way, walls
// keep their columns (so stay left of the primary piece in its row), and
// moves, goal boards and distances are kept.
// A signature and its turned copy hold the same clusters, so one search
// serves both (the puzzle each keeps is its own least hardest board, which
// the turn does not keep, so both are worked out).
#pragma once

#include <vector>

#include "families/unblock/board.h"
#include "families/unblock/line_types.h"
#include "families/unblock/signature.h"

namespace slidedb::enumeration {

// Cells of an N x N board turned upside down.
inline Cells turned(Cells c, int n) {
    const Cells line = (Cells{1} << n) - 1;
    Cells out = 0;
    for (int y = 0; y < n; ++y) out |= (c >> (y * n) & line) << ((n - 1 - y) * n);
    return out;
}

// The board turned upside down (blocks and walls in the same order).
Board turned(const Board& b);

class Mirror {
public:
    // Nothing to turn on a board of even side: the primary row has no twin.
    explicit Mirror(const Geometry& g);
    bool exists() const { return exists_; }
    // The turned signature's row types: row y takes what row N-1-y had.
    TypeChoice rows(const TypeChoice& rows) const;
    // The turned type of column x (its lengths reversed).
    int column(int x, int type) const { return column_[static_cast<std::size_t>(x)][static_cast<std::size_t>(type)]; }

private:
    bool exists_ = false;
    int n_ = 0;
    std::vector<std::vector<int>> row_;     // by row y: type of row N-1-y -> the same type in row y's list
    std::vector<std::vector<int>> column_;  // by column: type -> its reversed type
};

}  // namespace slidedb::enumeration
