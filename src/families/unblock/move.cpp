#include "families/unblock/move.h"

#include <charconv>
#include <cstdlib>
#include <sstream>

#include <fmt/format.h>

namespace slidedb {

std::string move_text(const Board& board, Move m) {
    const Block& b = board.blocks[m.block];
    const char dir = b.axis == Axis::Horizontal ? (m.delta < 0 ? 'L' : 'R') : (m.delta < 0 ? 'U' : 'D');
    return fmt::format("{}{}{}", Board::label(m.block), dir, std::abs(m.delta));
}

std::string moves_text(const Board& board, const std::vector<Move>& moves) {
    std::string out;
    for (const Move& m : moves) {
        if (!out.empty()) out += ' ';
        out += move_text(board, m);
    }
    return out;
}

std::vector<Move> parse_moves(const Board& board, const std::string& text) {
    std::vector<Move> moves;
    std::istringstream in(text);
    std::string tok;
    while (in >> tok) {
        auto not_a_move = [&] {
            return BoardError(fmt::format("move '{}' is not a block's letter, U, D, L or R, and a distance", tok));
        };
        if (tok.size() < 3) throw not_a_move();
        const int i = Board::index_of_label(tok[0]);
        if (i < 0 || i >= static_cast<int>(board.blocks.size()))
            throw BoardError(fmt::format("move '{}' names no block", tok));
        // The distance is the rest of the move, digits only: "AR1,BD2" or
        // "AR1x" is no move, not AR1.
        int dist = 0;
        const char* const end = tok.data() + tok.size();
        const auto [stop, error] = std::from_chars(tok.data() + 2, end, dist);
        if (tok[2] == '-' || error != std::errc() || stop != end) throw not_a_move();  // from_chars takes a '-'
        const char d = tok[1];
        const bool horizontal = board.blocks[static_cast<size_t>(i)].axis == Axis::Horizontal;
        int sign = 0;
        if (horizontal && (d == 'L' || d == 'R')) sign = d == 'L' ? -1 : 1;
        if (!horizontal && (d == 'U' || d == 'D')) sign = d == 'U' ? -1 : 1;
        if (sign == 0 || dist <= 0 || dist > kMaxSide)
            throw BoardError(fmt::format("move '{}' does not fit block {}", tok, tok[0]));
        moves.push_back({static_cast<std::uint8_t>(i), static_cast<std::int8_t>(sign * dist)});
    }
    return moves;
}

Board apply_move(const Board& board, Move m) {
    Board next = board;
    Block& b = next.blocks.at(m.block);
    const bool horizontal = b.axis == Axis::Horizontal;
    const int start = horizontal ? b.col : b.row;
    const int limit = horizontal ? board.width : board.height;
    if (start + m.delta < 0 || start + m.delta + b.length > limit)
        throw BoardError(fmt::format("move {} leaves the board", move_text(board, m)));
    const std::string grid = board.grid();
    const int step = m.delta < 0 ? -1 : 1;
    for (int k = 1; k <= std::abs(m.delta); ++k) {
        // The cell the block's leading end enters.
        const int along = step < 0 ? start - k : start + b.length - 1 + k;
        const int r = horizontal ? b.row : along, c = horizontal ? along : b.col;
        if (grid[static_cast<size_t>(r * (board.width + 1) + c)] != '.')
            throw BoardError(fmt::format("move {} is blocked at row {} col {}",
                                         move_text(board, m), r + 1, c + 1));
    }
    (horizontal ? b.col : b.row) = static_cast<std::uint8_t>(start + m.delta);
    return next;
}

}  // namespace slidedb
