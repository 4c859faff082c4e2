#include "families/tiles/moves.h"

#include <charconv>
#include <sstream>

#include <fmt/format.h>

namespace slidedb::tiles {

namespace {

// Cell the blank reaches going d from cell b, or -1 off the board.
int step(const TileBoard& board, int b, Direction d) {
    const int r = b / board.width, c = b % board.width;
    switch (d) {
    case Direction::Up: return r > 0 ? b - board.width : -1;
    case Direction::Down: return r + 1 < board.height ? b + board.width : -1;
    case Direction::Left: return c > 0 ? b - 1 : -1;
    case Direction::Right: return c + 1 < board.width ? b + 1 : -1;
    }
    return -1;
}

}  // namespace

TileMove move_toward(const TileBoard& board, Direction d) {
    const int to = step(board, board.blank(), d);
    if (to < 0) throw TileError(fmt::format("the blank cannot go {}", kDirectionLetter[static_cast<int>(d)]));
    return {board.cells[to], d};
}

TileBoard apply_move(const TileBoard& board, TileMove m) {
    const int b = board.blank();
    const int to = step(board, b, m.blank);
    if (to < 0 || board.cells[to] != m.tile)
    {
        // The letter is the blank's way, so the tile goes the other: said in words.
        constexpr const char* kWhere[] = {"above", "below", "left of", "right of"};
        constexpr const char* kSlide[] = {"down", "up", "right", "left"};
        const int d = static_cast<int>(m.blank);
        throw TileError(fmt::format("move {}{}: tile {} is not {} the blank, so it cannot slide {}", m.tile,
                                    kDirectionLetter[d], m.tile, kWhere[d], kSlide[d]));
    }
    TileBoard next = board;
    next.cells[b] = m.tile;
    next.cells[to] = kBlank;
    return next;
}

TileBoard replay(TileBoard board, const std::vector<TileMove>& moves) {
    for (const TileMove& m : moves) board = apply_move(board, m);
    return board;
}

std::string move_text(TileMove m) {
    return fmt::format("{}{}", m.tile, kDirectionLetter[static_cast<int>(m.blank)]);
}

std::string moves_text(const std::vector<TileMove>& moves) {
    std::string s;
    for (const TileMove& m : moves) {
        if (!s.empty()) s += ' ';
        s += move_text(m);
    }
    return s;
}

std::vector<TileMove> parse_moves(std::string_view text) {
    std::vector<TileMove> moves;
    std::istringstream in{std::string(text)};
    std::string w;
    while (in >> w) {
        int tile = 0;
        const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), tile);
        const std::size_t used = static_cast<std::size_t>(end - w.data());
        if (ec != std::errc{} || used + 1 != w.size() || tile <= 0 || tile >= kMaxCells)
            throw TileError(fmt::format("'{}' is not a tile move (tile number, then U D L or R)", w));
        const char d = w.back();
        const std::string_view letters(kDirectionLetter, 4);
        const std::size_t k = letters.find(d);
        if (k == std::string_view::npos)
            throw TileError(fmt::format("'{}' is not a tile move (tile number, then U D L or R)", w));
        moves.push_back({static_cast<std::uint8_t>(tile), static_cast<Direction>(k)});
    }
    return moves;
}

std::string blank_path(const std::vector<TileMove>& moves) {
    std::string s;
    for (const TileMove& m : moves) s += kDirectionLetter[static_cast<int>(m.blank)];
    return s;
}

}  // namespace slidedb::tiles
