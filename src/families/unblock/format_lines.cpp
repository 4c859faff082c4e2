// Database lines: "BOARD" or "MOVES BOARD CLUSTER", one puzzle a line, as in
// the public Rush Hour database. This is the bulk format, so it stays lean:
// no regex, rows sliced straight out of the line.
#include <fmt/format.h>

#include "families/unblock/format_common.h"

namespace slidedb::format {

namespace {

// Side of the square board a BOARD of `cells` characters fills, or 0.
int square_side(std::size_t cells) {
    for (int side = kMinSide; side <= kMaxSide; ++side)
        if (static_cast<std::size_t>(side * side) == cells) return side;
    return 0;
}

}  // namespace

BoardItem read_database_line(const Line& line, const Directives& directives) {
    const std::vector<std::string_view> w = words(line.text);
    const bool claims = w.size() == 3;
    const std::string_view cells = claims ? w[1] : w[0];

    int width = directives.width, height = directives.height;
    if (directives.size_given) {
        if (cells.size() != static_cast<std::size_t>(width * height))
            return ReadError{line.number,
                             fmt::format("board has {} characters but the size header says {}x{} "
                                         "({} cells)",
                                         cells.size(), width, height, width * height)};
    } else {
        width = height = square_side(cells.size());
        if (width == 0)
            return ReadError{line.number,
                             fmt::format("board has {} characters; a square board has 16, 25, 36, "
                                         "49 or 64 (other shapes need a \"# size: WxH\" header)",
                                         cells.size())};
    }

    std::vector<std::string> rows;
    rows.reserve(static_cast<std::size_t>(height));
    for (int r = 0; r < height; ++r)
        rows.emplace_back(
            cells.substr(static_cast<std::size_t>(r * width), static_cast<std::size_t>(width)));
    BoardItem item = puzzle_or_error(line.number, "lines",
                                    [&] { return board_from_grid(rows, directives.exit); });

    auto* puzzle = std::get_if<BoardRead>(&item);
    if (!puzzle || !claims) return item;
    int moves = 0;
    std::uint64_t cluster = 0;
    if (!parse_number(w[0], moves))
        return ReadError{line.number, fmt::format("move count {} is out of range", w[0])};
    if (!parse_number(w[2], cluster))
        return ReadError{line.number, fmt::format("cluster size {} is out of range", w[2])};
    puzzle->claimed_moves = moves;
    puzzle->claimed_cluster = cluster;
    return item;
}

}  // namespace slidedb::format
