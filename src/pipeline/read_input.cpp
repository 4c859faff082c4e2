#include "pipeline/read_input.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "families/families.h"
#include "image/image.h"
#include "scan/scanned_puzzle.h"
#include "scan/screenshot.h"

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

void read_picture(FoundFile& file, std::string_view bytes) {
    file.is_image = true;
    auto scanned = scan_screenshot(bytes);
    if (auto* e = std::get_if<ScanError>(&scanned)) {
        file.errors.push_back({0, std::move(e->message)});
        return;
    }
    auto& s = std::get<ScanResult>(scanned);
    FoundPuzzle p;
    p.puzzle = scanned_puzzle(s);
    p.format = image_format(bytes) == ImageFormat::Png ? "png" : "jpeg";
    p.screenshot = ScreenshotInfo{s.image_width, s.image_height, s.box, s.confidence, s.exit_seen};
    file.puzzles.push_back(std::move(p));
}

}  // namespace

bool is_picture(const std::string& path) {
    char head[16] = {};
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) return false;
    const std::size_t got = std::fread(head, 1, sizeof head, f.get());
    return looks_like_image(std::string_view(head, got));
}

FoundFile read_bytes(const std::string& path, std::string_view bytes) {
    FoundFile file;
    file.path = path;
    file.hash = content_hash(bytes);
    if (looks_like_image(bytes)) {
        read_picture(file, bytes);
        return file;
    }
    for (ReadItem& item : read_board_text(bytes)) {
        if (auto* e = std::get_if<ReadError>(&item)) {
            file.errors.push_back({e->line, std::move(e->message)});
            continue;
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
    return file;
}

FoundFile read_input(const std::string& path) {
    auto fail = [&](std::string message) {
        FoundFile file;
        file.path = path;
        file.errors.push_back({0, std::move(message)});
        return file;
    };
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return fail(fmt::format("cannot read: {}", ec.message()));
    if (size > kMaxInputBytes)
        return fail(fmt::format("file is {} bytes; inputs over {} bytes are not read", size, kMaxInputBytes));

    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) return fail("cannot open for reading");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), f.get());
    if (got != bytes.size() || std::ferror(f.get())) return fail("read error");
    return read_bytes(path, bytes);
}

}  // namespace slidedb
