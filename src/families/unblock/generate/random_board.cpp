#include "families/unblock/generate/random_board.h"

#include <string>
#include <vector>

namespace slidedb {

Board random_board(Random& rng, const BoardShape& o) {
    const int w = o.width, h = o.height;
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    auto at = [&](int r, int c) -> char& { return rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; };

    // The prisoner's row is the middle one (row 3 of 6, as in the game); it
    // starts anywhere but at the exit.
    const int exit_row = (h - 1) / 2;
    const int col = o.exit == Side::Right ? rng.between(0, w - 3) : rng.between(1, w - 2);
    at(exit_row, col) = at(exit_row, col + 1) = 'A';

    // No horizontal block or fixed cell on the prisoner's row: either could
    // only ever stand in its way.
    const int blocks = rng.between(o.min_blocks, o.max_blocks);
    int placed = 1;
    for (int attempt = 0; placed < blocks && attempt < 400; ++attempt) {
        const bool vertical = rng.below(2) == 0;
        const int length = rng.below(10) < 7 ? 2 : 3;
        const int r = rng.between(0, vertical ? h - length : h - 1);
        const int c = rng.between(0, vertical ? w - 1 : w - length);
        if (!vertical && r == exit_row) continue;
        bool free = true;
        for (int k = 0; k < length; ++k) free = free && at(vertical ? r + k : r, vertical ? c : c + k) == '.';
        if (!free) continue;
        const char label = Board::label(placed);  // distinct labels; relabelled canonically below
        for (int k = 0; k < length; ++k) at(vertical ? r + k : r, vertical ? c : c + k) = label;
        ++placed;
    }
    for (int k = 0, attempt = 0; k < o.fixed && attempt < 400; ++attempt) {
        const int r = rng.between(0, h - 1), c = rng.between(0, w - 1);
        if (r == exit_row || at(r, c) != '.') continue;
        at(r, c) = 'x';
        ++k;
    }
    return board_from_grid(rows, o.exit);
}

}  // namespace slidedb
