// Fuzz target: the board-file reader, every text format (format detection,
// directives, grids, framed grids, database lines, block lists).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puzzle/board_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const slidedb::ReadItem& item : slidedb::read_board_text(text)) {
        // A puzzle that was read must have a key (validation passed).
        if (const auto* p = std::get_if<slidedb::ReadPuzzle>(&item)) (void)p->board.key();
    }
    return 0;
}
