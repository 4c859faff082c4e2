// Fuzz target: the board-file reader, every family and text format (size,
// encoding and binary checks, family and format detection, directives, grids,
// framed grids, database lines, block lists).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "families/families.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const slidedb::ReadItem& item : slidedb::read_board_text(text)) {
        // A puzzle that was read belongs to a family that can print it.
        if (const auto* p = std::get_if<slidedb::ReadPuzzle>(&item))
            (void)slidedb::family_of(p->puzzle).board_text(p->puzzle);
    }
    return 0;
}
