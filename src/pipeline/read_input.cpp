#include "pipeline/read_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "families/families.h"
#include "image/image.h"
#include "pipeline/walk.h"

namespace slidedb {

std::string content_hash(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return fmt::format("{:016x}", h);
}

namespace {

// The shorter side a picture is decoded at, at least, when its JPEG can be
// decoded smaller: the scanner reads cells from about 25 px and is surest
// from about 40, and a board as wide as half of a 480 px side still has
// cells of 40 px (a phone's 1080x1920 decodes at 540x960).
constexpr int kLeastSide = 480;

// A board read from a reduced picture, put back in the file's own pixels.
void to_full_size(PictureRead& read, const Reduction& r) {
    read.image_width = r.full_width;
    read.image_height = r.full_height;
    read.box.x *= r.factor;
    read.box.y *= r.factor;
    read.box.w *= r.factor;
    read.box.h *= r.factor;
    read.box.cell_px *= r.factor;
}

void read_picture(FoundFile& file, std::string_view bytes) {
    file.is_image = true;
    Reduction reduction;
    auto decoded = decode_image(bytes, kLeastSide, reduction);
    if (auto* e = std::get_if<DecodeError>(&decoded)) {
        file.errors.push_back({0, std::move(e->message)});
        return;
    }
    auto read = read_picture(std::get<Image>(decoded));
    if (reduction.factor > 1) {
        if (auto* s = std::get_if<PictureRead>(&read)) {
            to_full_size(*s, reduction);
        } else {
            // Refused at the reduced size: the whole picture decides, and
            // says why in the words it would have without the reduction.
            decoded = decode_image(bytes);
            if (auto* e = std::get_if<DecodeError>(&decoded)) {
                file.errors.push_back({0, std::move(e->message)});
                return;
            }
            read = read_picture(std::get<Image>(decoded));
        }
    }
    if (auto* e = std::get_if<PictureError>(&read)) {
        file.errors.push_back({0, std::move(e->message)});
        return;
    }
    auto& s = std::get<PictureRead>(read);
    FoundPuzzle p;
    p.puzzle = std::move(s.puzzle);
    p.format = image_format(bytes) == ImageFormat::Png ? "png" : "jpeg";
    p.screenshot = ScreenshotInfo{s.image_width, s.image_height, s.box, s.confidence, s.exit_seen};
    file.puzzles.push_back(std::move(p));
}

// A puzzle or an error of a board file, as the writer wants it.
void add_item(FoundFile& file, ReadItem&& item) {
    if (auto* e = std::get_if<ReadError>(&item)) {
        file.errors.push_back({e->line, std::move(e->message)});
        return;
    }
    auto& r = std::get<ReadPuzzle>(item);
    FoundPuzzle p;
    p.puzzle = std::move(r.puzzle);
    p.line = r.line;
    p.format = std::move(r.format);
    p.claimed_moves = r.claimed_moves;
    p.claimed_cluster = r.claimed_cluster;
    file.puzzles.push_back(std::move(p));
}

// Bytes read at a time: small beside the parts in flight, large enough that
// reading costs nothing.
constexpr std::size_t kPieceBytes = 64 << 10;

// Reads fd to its end, but no more than limit + 1 bytes: an input that runs
// past the limit (a file that grew, an endless stream) reads as limit + 1.
// `expected` sizes the buffer once.
bool read_up_to(int fd, std::string& bytes, std::uintmax_t limit, std::uintmax_t expected) {
    char buf[1 << 16];
    bytes.clear();
    bytes.reserve(static_cast<std::size_t>(std::min(expected, limit)) + sizeof buf);  // the last read fits too
    while (bytes.size() <= limit) {
        const ssize_t got = ::read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return false;
        if (got == 0) break;
        bytes.append(buf, static_cast<std::size_t>(got));
    }
    if (bytes.size() > limit) bytes.resize(static_cast<std::size_t>(limit) + 1);
    return true;
}

}  // namespace

// Opens a regular file for reading, never blocking: O_NONBLOCK makes opening
// a FIFO return at once, and fstat() on what was opened (the path may have
// changed since the walk) refuses anything but a regular file.
class InputFile {
public:
    explicit InputFile(const std::string& path) {
        fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd_ < 0) {
            error_ = std::string("cannot open for reading: ") + std::strerror(errno);
            return;
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0) error_ = std::string("cannot read: ") + std::strerror(errno);
        else error_ = not_a_regular_file(st.st_mode);
        size_ = static_cast<std::uintmax_t>(st.st_size);
    }
    ~InputFile() {
        if (fd_ >= 0) ::close(fd_);
    }
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    const std::string& error() const { return error_; }
    std::uintmax_t size() const { return size_; }

    // Reads up to n bytes; 0 at the end, -1 on an error.
    long read_some(char* buf, std::size_t n) {
        for (;;) {
            const ssize_t got = ::read(fd_, buf, n);
            if (got < 0 && errno == EINTR) continue;
            return static_cast<long>(got);
        }
    }
    bool rewind() { return ::lseek(fd_, 0, SEEK_SET) == 0; }

    // Reads up to limit bytes; a file that grew past the limit reads as limit + 1.
    bool read_all(std::string& bytes, std::uintmax_t limit) { return read_up_to(fd_, bytes, limit, size_); }

private:
    int fd_ = -1;
    std::string error_;
    std::uintmax_t size_ = 0;
};

bool is_picture(const std::string& path) {
    InputFile f(path);
    if (!f.error().empty()) return false;
    std::string head;
    if (!f.read_all(head, 15)) return false;
    return looks_like_image(head);
}

FoundFile read_bytes(const std::string& path, std::string_view bytes) {
    FoundFile file;
    file.path = path;
    file.hash = content_hash(bytes);
    if (looks_like_image(bytes)) {
        read_picture(file, bytes);
        return file;
    }
    for (ReadItem& item : read_board_text(bytes)) add_item(file, std::move(item));
    return file;
}

FoundFile read_input(const std::string& path) {
    auto fail = [&](std::string message) {
        FoundFile file;
        file.path = path;
        file.errors.push_back({0, std::move(message)});
        return file;
    };
    InputFile f(path);
    if (!f.error().empty()) return fail(f.error());
    if (f.size() > kMaxInputBytes)
        return fail(fmt::format("file is {} bytes; inputs over {} bytes are not read", f.size(), kMaxInputBytes));
    std::string bytes;
    if (!f.read_all(bytes, kMaxInputBytes)) return fail(std::string("read error: ") + std::strerror(errno));
    if (bytes.size() > kMaxInputBytes) return fail(fmt::format("file grew past {} bytes while read; not read", kMaxInputBytes));
    return read_bytes(path, bytes);
}

FoundFile read_standard_input() {
    FoundFile file;
    file.path = "<stdin>";
    std::string bytes;
    // Its size is not known ahead: room for the most, taken only as written.
    if (!read_up_to(STDIN_FILENO, bytes, kMaxInputBytes, kMaxInputBytes))
        file.errors.push_back({0, std::string("read error: ") + std::strerror(errno)});
    else if (bytes.size() > kMaxInputBytes)
        file.errors.push_back({0, fmt::format("input is over {} bytes; inputs over {} bytes are not read",
                                              kMaxInputBytes, kMaxInputBytes)});
    else
        file = read_bytes(file.path, bytes);
    return file;
}

}  // namespace slidedb

namespace slidedb {

BoardFileParts::BoardFileParts(const std::string& path) : path_(path) {
    input_ = std::make_unique<InputFile>(path);
    if (!input_->error().empty()) {
        failure_ = input_->error();
        input_.reset();
        return;
    }
    if (input_->size() > kMaxInputBytes) {
        failure_ = fmt::format("file is {} bytes; inputs over {} bytes are not read", input_->size(), kMaxInputBytes);
        input_.reset();
        return;
    }
    // First pass: the hash of the whole file.
    std::uint64_t h = 0xcbf29ce484222325ull;
    std::string piece(kPieceBytes, '\0');
    long got = 0;
    while ((got = input_->read_some(piece.data(), piece.size())) > 0)
        for (long i = 0; i < got; ++i) {
            h ^= static_cast<unsigned char>(piece[static_cast<std::size_t>(i)]);
            h *= 0x100000001b3ull;
        }
    if (got < 0 || !input_->rewind()) {
        failure_ = std::string("read error: ") + std::strerror(errno);
        input_.reset();
        return;
    }
    hash_ = fmt::format("{:016x}", h);
    reader_ = std::make_unique<BoardTextStream>();
}

BoardFileParts::~BoardFileParts() = default;

FoundFile BoardFileParts::next(std::size_t puzzles) {
    FoundFile part;
    part.path = path_;
    part.hash = hash_;
    if (done_) return part;
    if (!failure_.empty()) {
        part.errors.push_back({0, failure_});
        done_ = true;
        return part;
    }
    std::string piece;
    while (part.puzzles.size() < puzzles) {
        if (ready_.empty()) {
            if (!input_) break;
            // Read on until something comes out or the file ends.
            piece.resize(kPieceBytes);
            const long got = input_->read_some(piece.data(), piece.size());
            std::vector<ReadItem> items;
            if (got > 0) reader_->feed(std::string_view(piece.data(), static_cast<std::size_t>(got)), items);
            if (got <= 0 || reader_->stopped()) {
                if (got < 0) items.emplace_back(std::in_place_type<ReadError>, 0, "read error");
                else reader_->finish(items);
                input_.reset();
            }
            for (ReadItem& item : items) ready_.push_back(std::move(item));
            continue;
        }
        add_item(part, std::move(ready_.front()));
        ready_.pop_front();
    }
    done_ = ready_.empty() && !input_;
    return part;
}

}  // namespace slidedb
