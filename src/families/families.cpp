// The one list of families. A new family adds its folder under families/
// and one line here; nothing else in slidedb names it.
#include "families/families.h"

#include <algorithm>
#include <optional>

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

std::vector<FamilyDifficulty> difficulties() {
    std::vector<FamilyDifficulty> out;
    for (const Family* f : families()) out.push_back({std::string(f->name()), f->difficulty()});
    return out;
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

namespace {

std::string shown(const std::string& v) { return "'" + v + "'"; }
std::string shown(int v) { return std::to_string(v); }
template <class T>
std::string shown(const std::optional<T>& v) {
    return v ? shown(*v) : "NULL";
}

}  // namespace

std::string stored_puzzle_fault(const Puzzle& puzzle) {
    std::vector<ReadItem> items;
    try {
        const Family& family = family_of(puzzle);
        items = family.read(family.file_text(puzzle));
    } catch (const PuzzleError& e) {  // no such family, or no board of it
        return e.what();
    }
    if (items.size() != 1) return "its board does not read back as one puzzle";
    if (const auto* error = std::get_if<ReadError>(&items[0])) return error->message;
    const Puzzle& read = std::get<ReadPuzzle>(items[0]).puzzle;
    std::string why;
    auto differs = [&](const char* column, const auto& stored, const auto& given) {
        if (why.empty() && stored != given)
            why = fmt::format("its {} is {}, its board's {}", column, shown(stored), shown(given));
    };
    differs("key", puzzle.key, read.key);
    differs("board", puzzle.board, read.board);
    differs("width", puzzle.width, read.width);
    differs("height", puzzle.height, read.height);
    differs("exit_side", puzzle.exit_side, read.exit_side);
    differs("exit_row", puzzle.exit_row, read.exit_row);
    differs("blocks", puzzle.blocks, read.blocks);
    differs("fixed", puzzle.fixed, read.fixed);
    return why;
}

std::vector<ReadItem> read_board_text(std::string_view text) {
    std::vector<ReadItem> out;
    std::string_view checked = text;
    if (auto refused = refuse_text(checked)) {
        out.emplace_back(std::in_place_type<ReadError>, refused->line, std::move(refused->message));
        return out;
    }
    BoardTextStream stream;
    stream.feed(text, out);
    stream.finish(out);
    return out;
}

namespace {

const PictureError kNoPictureReader{"no family of slidedb reads pictures"};

// The first reading of the families that read pictures that found a board,
// else the first reading; `result(reading)` is its outcome.
template <class Read, class Result>
auto first_reading(Read read, Result result) -> std::optional<decltype(read(std::declval<const PictureReader&>()))> {
    std::optional<decltype(read(std::declval<const PictureReader&>()))> first;
    for (const Family* f : families()) {
        const PictureReader* reader = f->picture_reader();
        if (!reader) continue;
        auto reading = read(*reader);
        if (std::holds_alternative<PictureRead>(result(reading))) return reading;
        if (!first) first = std::move(reading);
    }
    return first;
}

}  // namespace

std::variant<PictureRead, PictureError> read_picture(const Image& image) {
    using Reading = std::variant<PictureRead, PictureError>;
    auto reading = first_reading([&](const PictureReader& r) { return r.read(image); },
                                 [](const Reading& r) -> const Reading& { return r; });
    if (reading) return std::move(*reading);
    return kNoPictureReader;
}

PictureScan scan_picture(const Image& image, bool debug) {
    auto scan = first_reading([&](const PictureReader& r) { return r.scan(image, debug); },
                              [](const PictureScan& s) -> const auto& { return s.result; });
    if (scan) return std::move(*scan);
    return PictureScan{kNoPictureReader, {}, {}};
}

namespace {

// Enough of a file to tell text from binary and one family from another,
// past a long preamble of comments.
constexpr std::size_t kHeadBytes = 1 << 20;

// What the families judge: the head to the end of its last whole line, the
// same whether the text came whole or in pieces, so one file reads one way
// whichever command reads it.
std::string_view judged(std::string_view head) {
    if (head.size() <= kHeadBytes) return head;
    const std::size_t end = head.rfind('\n', kHeadBytes - 1);
    return head.substr(0, end == std::string_view::npos ? kHeadBytes : end + 1);
}

}  // namespace

BoardTextStream::BoardTextStream() = default;
BoardTextStream::~BoardTextStream() = default;

void BoardTextStream::start(std::string_view head, std::vector<ReadItem>& out) {
    std::string_view checked = head;
    if (auto refused = refuse_text(checked)) {
        out.emplace_back(std::in_place_type<ReadError>, refused->line, std::move(refused->message));
        stopped_ = true;
        return;
    }
    const Family* family = families().front();
    for (const Family* f : families())
        if (f->recognises(judged(checked))) {
            family = f;
            break;
        }
    reader_ = family->reader();
    lines_ = static_cast<std::uint64_t>(std::count(checked.begin(), checked.end(), '\n'));
    reader_->feed(checked, out);
}

void BoardTextStream::feed(std::string_view bytes, std::vector<ReadItem>& out) {
    if (stopped_ || bytes.empty()) return;
    if (!reader_) {
        if (head_.empty() && bytes.size() >= kHeadBytes) return start(bytes, out);
        head_.append(bytes);
        if (head_.size() >= kHeadBytes) start(std::string(std::move(head_)), out);
        return;
    }
    // The start was text; binary data further on ends the reading there.
    if (const std::size_t nul = bytes.find('\0'); nul != std::string_view::npos) {
        const std::uint64_t line = lines_ + 1 + static_cast<std::uint64_t>(std::count(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(nul), '\n'));
        out.emplace_back(std::in_place_type<ReadError>, static_cast<int>(line),
                         fmt::format("binary data from line {} on; the rest of the file is not read", line));
        stopped_ = true;
        return;
    }
    lines_ += static_cast<std::uint64_t>(std::count(bytes.begin(), bytes.end(), '\n'));
    reader_->feed(bytes, out);
}

void BoardTextStream::finish(std::vector<ReadItem>& out) {
    if (!reader_ && !stopped_) start(std::string(std::move(head_)), out);
    if (stopped_) return;
    reader_->finish(out);
    stopped_ = true;
}

}  // namespace slidedb
