#include "families/blocks/text.h"

#include <deque>
#include <sstream>

#include <fmt/format.h>

#include "families/blocks/geometry.h"

namespace slidedb::blocks {

namespace {

int piece_at(const Board& b, Cell first) {
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
        if (b.pieces[i].cells.front() == first) return static_cast<int>(i);
    return -1;
}

int piece_labelled(const Board& b, char label) {
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
        if (b.pieces[i].label == label) return static_cast<int>(i);
    return -1;
}

// Cells taken by every piece but `piece`.
std::vector<std::uint8_t> taken_by_others(const Board& b, int piece) {
    std::vector<std::uint8_t> taken(static_cast<std::size_t>(b.width * b.height), 0);
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
        if (static_cast<int>(i) != piece)
            for (const Cell& c : b.pieces[i].cells) taken[static_cast<std::size_t>(c.row * b.width + c.col)] = 1;
    return taken;
}

bool free_at(const Board& b, const std::vector<std::uint8_t>& taken, const std::vector<Cell>& cells, int dr, int dc) {
    for (const Cell& c : cells) {
        const int r = c.row + dr, k = c.col + dc;
        if (!b.is_floor(r, k) || taken[static_cast<std::size_t>(r * b.width + k)]) return false;
    }
    return true;
}

}  // namespace

std::string way_to(const Board& b, int piece, Cell to) {
    const std::vector<Cell>& cells = b.pieces[static_cast<std::size_t>(piece)].cells;
    const Cell from = cells.front();
    const std::vector<std::uint8_t> taken = taken_by_others(b, piece);
    // Breadth-first over the piece's first cell, remembering the step in.
    std::vector<int> step_in(static_cast<std::size_t>(b.width * b.height), -1);
    std::deque<Cell> queue{from};
    step_in[static_cast<std::size_t>(from.row * b.width + from.col)] = 4;
    while (!queue.empty() && !(queue.front() == to)) {
        const Cell a = queue.front();
        queue.pop_front();
        for (int d = 0; d < 4; ++d) {
            const Cell n{static_cast<std::int8_t>(a.row + kSteps[d].row), static_cast<std::int8_t>(a.col + kSteps[d].col)};
            if (n.row < 0 || n.col < 0 || n.row >= b.height || n.col >= b.width) continue;
            int& in = step_in[static_cast<std::size_t>(n.row * b.width + n.col)];
            if (in >= 0 || !free_at(b, taken, cells, n.row - from.row, n.col - from.col)) continue;
            in = d;
            queue.push_back(n);
        }
    }
    if (queue.empty()) throw MoveError(fmt::format("piece {} cannot reach r{}c{}", b.pieces[static_cast<std::size_t>(piece)].label, to.row + 1, to.col + 1));
    std::string way;
    for (Cell at = to; !(at == from);) {
        const int d = step_in[static_cast<std::size_t>(at.row * b.width + at.col)];
        way.insert(way.begin(), kStepLetters[d]);
        at = {static_cast<std::int8_t>(at.row - kSteps[d].row), static_cast<std::int8_t>(at.col - kSteps[d].col)};
    }
    return way;
}

std::string move_text(const Board& before, const Move& m) {
    const int piece = piece_at(before, m.from);
    if (piece < 0) throw MoveError(fmt::format("no piece stands at r{}c{}", m.from.row + 1, m.from.col + 1));
    const std::string way = way_to(before, piece, m.to);
    std::string out(1, before.pieces[static_cast<std::size_t>(piece)].label);
    for (std::size_t k = 0; k < way.size();) {
        std::size_t run = k;
        while (run < way.size() && way[run] == way[k]) ++run;
        out += fmt::format("{}{}", way[k], run - k);
        k = run;
    }
    return out;
}

std::string moves_text(const Board& start, const std::vector<Move>& moves) {
    std::string out;
    Board b = start;
    for (const Move& m : moves) {
        const std::string text = move_text(b, m);
        if (!out.empty()) out += ' ';
        out += text;
        b = play(b, text);
    }
    return out;
}

Board play(const Board& board, std::string_view move) {
    const int piece = move.empty() ? -1 : piece_labelled(board, move.front());
    if (piece < 0) throw MoveError(fmt::format("move '{}' names no piece", move));
    Board b = board;
    std::vector<Cell>& cells = b.pieces[static_cast<std::size_t>(piece)].cells;
    const std::vector<std::uint8_t> taken = taken_by_others(b, piece);
    std::size_t k = 1;
    if (k == move.size()) throw MoveError(fmt::format("move '{}' has no way", move));
    while (k < move.size()) {
        const std::string_view letters = kStepLetters;
        const std::size_t d = letters.find(move[k]);
        std::size_t end = ++k;
        int count = 0;
        while (end < move.size() && move[end] >= '0' && move[end] <= '9' && count <= 4 * kMaxSide)
            count = count * 10 + (move[end++] - '0');
        if (d == std::string_view::npos || end == k || count == 0 || count > 4 * kMaxSide)
            throw MoveError(fmt::format("move '{}' is not a letter and runs of U, D, L, R with counts", move));
        for (int s = 0; s < count; ++s) {
            if (!free_at(b, taken, cells, kSteps[d].row, kSteps[d].col))
                throw MoveError(fmt::format("move '{}' runs into a wall or a piece", move));
            for (Cell& c : cells) c = {static_cast<std::int8_t>(c.row + kSteps[d].row), static_cast<std::int8_t>(c.col + kSteps[d].col)};
        }
        k = end;
    }
    // A path back to where the piece stood changes no board: no move.
    if (cells == board.pieces[static_cast<std::size_t>(piece)].cells)
        throw MoveError(fmt::format("move '{}' leaves {} where it was", move, move.front()));
    return b;
}

std::vector<Board> replay(const Board& start, std::string_view moves) {
    std::vector<Board> boards{start};
    std::istringstream in{std::string(moves)};
    for (std::string token; in >> token;) boards.push_back(play(boards.back(), token));
    return boards;
}

Board play_all(Board board, std::string_view moves) {
    std::istringstream in{std::string(moves)};
    for (std::string token; in >> token;) board = play(board, token);
    return board;
}

std::string board_text(const Board& b, int indent) {
    std::vector<std::string> rows;
    std::istringstream in(b.start_grid());
    for (std::string row; std::getline(in, row);) rows.push_back(row);
    for (const Target& t : b.goal)
        for (const Cell& c : t.cells) {
            std::string& row = rows[static_cast<std::size_t>(c.row)];
            if (row[static_cast<std::size_t>(c.col)] == '.') row[static_cast<std::size_t>(c.col)] = '+';
        }
    std::string out;
    for (const std::string& row : rows) out += std::string(static_cast<std::size_t>(indent), ' ') + row + "\n";
    return out;
}

}  // namespace slidedb::blocks
