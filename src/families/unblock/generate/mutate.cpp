#include "families/unblock/generate/mutate.h"

#include <string>
#include <vector>

#include "families/unblock/unblock_rules.h"

namespace slidedb {

namespace {

// The board as a letter grid to edit, each block under a label of its own.
struct Grid {
    std::vector<std::string> rows;
    int width = 0, height = 0;

    char& at(int r, int c) { return rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; }
};

Grid grid_of(const Board& b) {
    Grid g{{}, b.width, b.height};
    std::string text = b.grid();
    for (std::size_t at = 0;;) {
        const std::size_t end = text.find('\n', at);
        g.rows.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return g;
}

// Places a block of `length` at a spot drawn among those whose cells are all
// free (in the drawn direction, else the other): on the dense boards the
// hardest puzzles have, a spot drawn blind is almost never free. False when
// no spot fits.
bool place_block(Grid& g, Random& rng, int length, bool vertical, char label, int prisoner_row) {
    for (int turn = 0; turn < 2; ++turn, vertical = !vertical) {
        int spots[kMaxSide * kMaxSide], n = 0;
        for (int r = 0; r <= (vertical ? g.height - length : g.height - 1); ++r) {
            if (!vertical && r == prisoner_row) continue;
            for (int c = 0; c <= (vertical ? g.width - 1 : g.width - length); ++c) {
                bool free = true;
                for (int k = 0; k < length && free; ++k) free = g.at(vertical ? r + k : r, vertical ? c : c + k) == '.';
                if (free) spots[n++] = r * kMaxSide + c;
            }
        }
        if (n == 0) continue;
        const int spot = spots[rng.below(n)], r = spot / kMaxSide, c = spot % kMaxSide;
        for (int k = 0; k < length; ++k) g.at(vertical ? r + k : r, vertical ? c : c + k) = label;
        return true;
    }
    return false;
}

// Every row and column keeps a cell its own items never cover.
bool lines_move(const Board& b) {
    int rows[kMaxSide] = {}, cols[kMaxSide] = {};
    for (const Block& k : b.blocks) (k.axis == Axis::Horizontal ? rows[k.row] : cols[k.col]) += k.length;
    for (const Cell& c : b.fixed) rows[c.row] += 1;
    for (int r = 0; r < b.height; ++r)
        if (rows[r] >= b.width) return false;
    for (int c = 0; c < b.width; ++c)
        if (cols[c] >= b.height) return false;
    return true;
}

}  // namespace

Board wander(const Board& board, Random& rng, int moves) {
    if (static_cast<int>(board.blocks.size()) > UnblockRules<std::uint64_t>::kMaxBlocks) return board;
    const UnblockRules<std::uint64_t> rules(board);
    std::uint64_t s = rules.start();
    std::uint64_t next[UnblockRules<std::uint64_t>::kMaxBlocks * 2 * UnblockRules<std::uint64_t>::kMaxSlide];
    for (int k = 0; k < moves; ++k) {
        int n = 0;
        rules.for_each_successor(s, [&](std::uint64_t b) { next[n++] = b; });
        if (n == 0) break;
        s = next[rng.below(n)];
    }
    Board out = board;
    for (int i = 0; i < rules.blocks(); ++i) {
        Block& k = out.blocks[static_cast<std::size_t>(i)];
        (k.axis == Axis::Horizontal ? k.col : k.row) = static_cast<std::uint8_t>(UnblockRules<std::uint64_t>::offset(s, i));
    }
    return out;
}

Board mutate(const Board& start, Random& rng, const MutationLimits& limits) {
    // Half the time the change is made on another board of the cluster, a
    // few random moves away: the same change there makes other clusters.
    const Board board = rng.below(2) == 0 ? wander(start, rng, rng.between(1, 24)) : start;
    Grid g = grid_of(board);
    const Block& prisoner = board.blocks[0];
    const int pr = prisoner.row;
    const int blocks = static_cast<int>(board.blocks.size());
    const int walls = static_cast<int>(board.fixed.size());
    const char fresh = Board::label(blocks);  // no block has it yet
    auto erase = [&](char label) {
        for (auto& row : g.rows)
            for (char& c : row)
                if (c == label) c = '.';
    };
    const int pick = rng.below(100);
    if (pick < 30) {  // a block more
        if (blocks >= limits.max_blocks) return start;
        const bool vertical = rng.below(2) == 0;
        if (!place_block(g, rng, rng.below(10) < 7 ? 2 : 3, vertical, fresh, pr)) return start;
    } else if (pick < 50) {  // a block fewer
        if (blocks < 2) return start;
        erase(Board::label(rng.between(1, blocks - 1)));
    } else if (pick < 60) {  // a block elsewhere, of the same shape or turned
        if (blocks < 2) return start;
        const int i = rng.between(1, blocks - 1);
        const Block& k = board.blocks[static_cast<std::size_t>(i)];
        erase(Board::label(i));
        const bool vertical = rng.below(4) == 0 ? k.axis == Axis::Horizontal : k.axis == Axis::Vertical;
        if (!place_block(g, rng, k.length, vertical, Board::label(i), pr)) return start;
    } else if (pick < 88) {  // a block nudged: to the next line, or one longer or shorter
        if (blocks < 2) return start;
        const int i = rng.between(1, blocks - 1);
        const Block& k = board.blocks[static_cast<std::size_t>(i)];
        const bool vertical = k.axis == Axis::Vertical;
        int r = k.row, c = k.col, length = k.length;
        switch (rng.below(4)) {
            case 0: (vertical ? c : r) -= 1; break;
            case 1: (vertical ? c : r) += 1; break;
            case 2: length = 5 - length; break;  // 2 <-> 3, same start
            default: (vertical ? r : c) -= 1, length = 5 - length; break;  // 2 <-> 3, a cell further back
        }
        erase(Board::label(i));
        if (r < 0 || c < 0 || (vertical ? r + length > g.height || c >= g.width : c + length > g.width || r >= g.height) ||
            (!vertical && r == pr))
            return start;
        for (int j = 0; j < length; ++j)
            if (g.at(vertical ? r + j : r, vertical ? c : c + j) != '.') return start;
        for (int j = 0; j < length; ++j) g.at(vertical ? r + j : r, vertical ? c : c + j) = Board::label(i);
    } else {  // a wall added, taken off or moved
        if (limits.max_walls == 0) return start;
        const int what = rng.below(3);
        if ((what == 0 && walls >= limits.max_walls) || (what == 1 && walls <= limits.min_walls) ||
            (what == 2 && walls == 0))
            return start;
        if (what != 0) {
            const Cell& c = board.fixed[static_cast<std::size_t>(rng.below(walls))];
            g.at(c.row, c.col) = '.';
        }
        if (what != 1) {
            int cells[kMaxSide * kMaxSide], n = 0;
            for (int r = 0; r < g.height; ++r)
                for (int c = 0; c < g.width; ++c) {
                    const bool ahead = board.exit == Side::Right ? c > prisoner.col : c < prisoner.col;
                    if (g.at(r, c) == '.' && !(r == pr && ahead)) cells[n++] = r * kMaxSide + c;
                }
            if (n == 0) return start;
            const int cell = cells[rng.below(n)];
            g.at(cell / kMaxSide, cell % kMaxSide) = 'x';
        }
    }
    Board out = board_from_grid(g.rows, board.exit);
    return lines_move(out) ? out : start;
}

std::vector<Board> additions(const Board& board, const MutationLimits& limits) {
    std::vector<Board> out;
    const Grid g = grid_of(board);
    const Block& prisoner = board.blocks[0];
    const int blocks = static_cast<int>(board.blocks.size());
    auto keep = [&](const Grid& with) {
        Board b = board_from_grid(with.rows, board.exit);
        if (lines_move(b)) out.push_back(std::move(b));
    };
    if (blocks < limits.max_blocks)
        for (int length = 2; length <= 3; ++length)
            for (const bool vertical : {false, true})
                for (int r = 0; r <= (vertical ? g.height - length : g.height - 1); ++r) {
                    if (!vertical && r == prisoner.row) continue;
                    for (int c = 0; c <= (vertical ? g.width - 1 : g.width - length); ++c) {
                        Grid with = g;
                        bool free = true;
                        for (int k = 0; k < length && free; ++k) {
                            char& cell = with.at(vertical ? r + k : r, vertical ? c : c + k);
                            free = cell == '.';
                            cell = Board::label(blocks);
                        }
                        if (free) keep(with);
                    }
                }
    if (static_cast<int>(board.fixed.size()) < limits.max_walls)
        for (int r = 0; r < g.height; ++r)
            for (int c = 0; c < g.width; ++c) {
                const bool ahead = board.exit == Side::Right ? c > prisoner.col : c < prisoner.col;
                if (g.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '.' || (r == prisoner.row && ahead))
                    continue;
                Grid with = g;
                with.at(r, c) = 'x';
                keep(with);
            }
    return out;
}

Board without_piece(const Board& board, int i) {
    Board out = board;
    const int blocks = static_cast<int>(board.blocks.size());
    if (i < blocks) out.blocks.erase(out.blocks.begin() + i);
    else out.fixed.erase(out.fixed.begin() + (i - blocks));
    return board_from_text(out.grid(), board.exit);
}

std::vector<Board> replacements(const Board& board, int i, const MutationLimits& limits) {
    std::vector<Board> out = additions(without_piece(board, i), limits);
    std::erase_if(out, [&](const Board& b) { return static_cast<int>(b.fixed.size()) < limits.min_walls; });
    return out;
}

}  // namespace slidedb
