// The one list of families. A new family adds its folder under families/
// and one line here; nothing else in slidedb names it.
#include "families/families.h"

#include <fmt/format.h>

#include "families/blocks/blocks_family.h"
#include "families/tiles/tiles_family.h"
#include "families/unblock/unblock_family.h"
#include "puzzle/text_checks.h"

namespace slidedb {

const std::vector<const Family*>& families() {
    static const std::vector<const Family*> list = {
        &unblock_family(),  // first: reads the text no family recognises
        &blocks_family(),
        &tiles_family(),
    };
    return list;
}

const Family* find_family(std::string_view name) {
    for (const Family* f : families())
        if (f->name() == name) return f;
    return nullptr;
}

const Family& family_of(const Puzzle& puzzle) {
    if (const Family* f = find_family(puzzle.family)) return *f;
    throw PuzzleError(fmt::format("no family is called '{}'", puzzle.family));
}

std::vector<ReadItem> read_board_text(std::string_view text) {
    std::string_view checked = text;
    if (auto refused = refuse_text(checked)) {
        std::vector<ReadItem> out;
        out.emplace_back(std::in_place_type<ReadError>, refused->line, std::move(refused->message));
        return out;
    }
    for (const Family* f : families())
        if (f->recognises(checked)) return f->read(checked);
    return families().front()->read(checked);
}

}  // namespace slidedb
