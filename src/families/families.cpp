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

// Enough of a file to tell text from binary and one family from another.
constexpr std::size_t kHeadBytes = 64 << 10;

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
        if (f->recognises(checked)) {
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
