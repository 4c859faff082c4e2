// Block list: one block a line, "row col length h|v", 1-based, the prisoner
// first; a vertical block is given by its bottom cell. The blocks are drawn
// into a letter grid so board_from_grid checks them like any other board.
#include <fmt/format.h>

#include "families/unblock/format_common.h"

namespace slidedb::format {

BoardItem read_block_list(std::span<const Line> lines, const Directives& directives) {
    const int width = directives.width, height = directives.height;
    std::vector<std::string> rows(static_cast<std::size_t>(height),
                                  std::string(static_cast<std::size_t>(width), '.'));
    std::vector<int> owner(static_cast<std::size_t>(width * height), 0);  // line of the block there

    for (std::size_t i = 0; i < lines.size(); ++i) {
        const Line& line = lines[i];
        const std::vector<std::string_view> w = words(line.text);
        int row = 0, col = 0, length = 0;
        if (w.size() != 4 || !parse_number(w[0], row) || !parse_number(w[1], col) ||
            !parse_number(w[2], length) || !is_axis(w[3]))
            return ReadError{line.number,
                             "a block list line is \"row col length h|v\", like \"3 2 2 h\""};
        if (length < 2)
            return ReadError{
                line.number,
                fmt::format("block of length {}; movable blocks are 2 or more cells long", length)};
        const bool vertical = w[3] == "v" || w[3] == "V";
        // Wide arithmetic: the numbers are the file's, not yet known small.
        const long long top = vertical ? 1LL + row - length : row;
        const long long last_col = vertical ? col : 0LL + col + length - 1;
        if (top < 1 || col < 1 || row > height || last_col > width)
            return ReadError{line.number,
                             fmt::format("block {} {} {} {} is outside the {}x{} board", row, col,
                                         length, w[3], width, height)};
        for (int k = 0; k < length; ++k) {
            const int r = static_cast<int>(top) - 1 + (vertical ? k : 0);
            const int c = col - 1 + (vertical ? 0 : k);
            int& taken = owner[static_cast<std::size_t>(r * width + c)];
            if (taken)
                return ReadError{line.number,
                                 fmt::format("block overlaps the block of line {} at row {} col {}",
                                             taken, r + 1, c + 1)};
            taken = line.number;
            rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
                Board::label(static_cast<int>(i));
        }
    }
    return puzzle_or_error(lines.front().number, "blocks",
                           [&] { return board_from_grid(rows, directives.exit); });
}

}  // namespace slidedb::format
