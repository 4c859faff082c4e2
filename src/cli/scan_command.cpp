// slidedb scan IMAGE... : read screenshots of the game into boards, without
// touching any database; --debug shows what the scanner saw.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "scan/annotate.h"
#include "image/encode.h"
#include "image/image.h"
#include "scan/screenshot.h"

namespace slidedb::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxImageFileBytes = 256u << 20;  // 256 MiB

struct ScanArgs {
    std::vector<std::string> images;
    std::string debug_dir;
};

// Reads a whole file, refusing anything larger than `limit` before allocating.
bool read_file(const std::string& path, std::uintmax_t limit, std::string& out, std::string& why) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        why = ec ? ec.message() : "not a regular file";
        return false;
    }
    const auto size = fs::file_size(path, ec);
    if (ec) {
        why = ec.message();
        return false;
    }
    if (size > limit) {
        why = fmt::format("file too large ({} bytes; at most {} accepted)", size, limit);
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    out.assign(static_cast<size_t>(size), '\0');
    if (!in.read(out.data(), static_cast<std::streamsize>(size))) {
        why = "cannot read";
        return false;
    }
    return true;
}

std::string describe(const ScanResult& r) {
    const Board& b = r.board;
    std::string s = fmt::format("{}x{}, exit {} of row {}{}, cell {:.1f} px, board box {},{} {}x{} in {}x{}, "
                                "confidence {:.2f}\n",
                                b.width, b.height, side_name(b.exit), b.exit_row() + 1,
                                r.exit_seen ? "" : " (assumed: no frame in the picture)", r.box.cell_px, r.box.x,
                                r.box.y, r.box.w, r.box.h, r.image_width, r.image_height, r.confidence);
    return s + b.grid() + "\n";
}

int run_scan(const ScanArgs& a) {
    if (!a.debug_dir.empty()) {
        std::error_code ec;
        fs::create_directories(a.debug_dir, ec);
        if (ec) {
            std::fputs(fmt::format("slidedb: {}: {}\n", a.debug_dir, ec.message()).c_str(), stderr);
            return 2;
        }
    }
    int failed = 0;
    bool first = true;
    for (const std::string& path : a.images) {
        std::string bytes, why;
        if (!read_file(path, kMaxImageFileBytes, bytes, why)) {
            std::fputs(fmt::format("{}: {}\n", path, why).c_str(), stderr);
            ++failed;
            continue;
        }
        auto decoded = decode_image(bytes);
        if (auto* e = std::get_if<DecodeError>(&decoded)) {
            std::fputs(fmt::format("{}: {}\n", path, e->message).c_str(), stderr);
            ++failed;
            continue;
        }
        const Image& image = std::get<Image>(decoded);
        ScanTrace trace;
        auto result = scan_image(image, &trace);
        std::string caption;
        if (auto* e = std::get_if<ScanError>(&result)) {
            std::fputs(fmt::format("{}: {}\n", path, e->message).c_str(), stderr);
            ++failed;
            caption = e->message;
        } else {
            const ScanResult& r = std::get<ScanResult>(result);
            std::fputs(fmt::format("{}{}: {}", first ? "" : "\n", path, describe(r)).c_str(), stdout);
            first = false;
            caption = fmt::format("{}x{} exit {} row {}, cell {:.1f} px, confidence {:.2f}", r.board.width,
                                  r.board.height, side_name(r.board.exit), r.board.exit_row() + 1, r.box.cell_px,
                                  r.confidence);
        }
        if (!a.debug_dir.empty()) {
            const fs::path out = fs::path(a.debug_dir) / (fs::path(path).stem().string() + ".scan.png");
            std::ofstream f(out, std::ios::binary);
            f << encode_png(annotate_scan(image, trace, caption));
            if (!f) {
                std::fputs(fmt::format("{}: cannot write {}\n", path, out.string()).c_str(), stderr);
                ++failed;
            }
        }
    }
    return failed ? 1 : 0;
}

}  // namespace

void add_scan(CLI::App& app, Run& chosen) {
    add_command<ScanArgs>(
        app, chosen, "scan",
        "Read screenshots of Unblock Me (PNG or JPEG) into boards and print them as letter grids "
        "('.' empty, 'x' fixed, 'A' the prisoner); nothing is stored",
        [](CLI::App& sub, ScanArgs& a) {
            sub.add_option("IMAGE", a.images, "screenshots to read")->required();
            sub.add_option("--debug", a.debug_dir,
                           "write DIR/NAME.scan.png for each picture: board box, grid, blocks outlined and "
                           "lettered, the reason when it was refused");
        },
        [](const ScanArgs& a) { return run_scan(a); });
}

}  // namespace slidedb::cli
