// slidedb scan IMAGE... : read screenshots of a game into boards, without
// touching any database; --debug shows what the family's reader saw.
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/small_file.h"
#include "cli/whole_file.h"
#include "families/families.h"
#include "image/encode.h"
#include "image/image.h"
#include "report/escape.h"

namespace slidedb::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxImageFileBytes = 256u << 20;  // 256 MiB

struct ScanArgs {
    std::vector<std::string> images;
    std::string debug_dir;
};

int run_scan(const ScanArgs& a) {
    if (!a.debug_dir.empty()) {
        std::error_code ec;
        fs::create_directories(a.debug_dir, ec);
        if (ec) {
            std::fputs(fmt::format("slidedb: {}: {}\n", visible_line(a.debug_dir), ec.message()).c_str(), stderr);
            return 2;
        }
    }
    int failed = 0;
    bool first = true;
    std::set<std::string> debug_names;
    for (const std::string& file : a.images) {
        const std::string path = visible_line(file);
        std::string bytes;
        try {
            bytes = read_small_file(file, kMaxImageFileBytes);
        } catch (const std::runtime_error& e) {
            std::fputs(fmt::format("{}\n", visible_line(e.what())).c_str(), stderr);
            ++failed;
            continue;
        }
        auto decoded = decode_image(bytes);
        if (auto* e = std::get_if<DecodeError>(&decoded)) {
            std::fputs(fmt::format("{}: {}\n", path, e->message).c_str(), stderr);
            ++failed;
            continue;
        }
        const PictureScan scan = scan_picture(std::get<Image>(decoded), !a.debug_dir.empty());
        if (auto* e = std::get_if<PictureError>(&scan.result)) {
            std::fputs(fmt::format("{}: {}\n", path, e->message).c_str(), stderr);
            ++failed;
        } else {
            // A board file: what slidedb reads back as the boards scanned.
            std::fputs(fmt::format("{}# {}: {}", first ? "" : "\n", path, scan.description).c_str(), stdout);
            first = false;
        }
        if (scan.debug) {
            // One picture each, though two pictures share a name (a/shot.png, b/shot.png, shot.jpg).
            std::string name = fs::path(file).stem().string();
            for (int n = 2; !debug_names.insert(name).second; ++n)
                name = fs::path(file).stem().string() + "-" + std::to_string(n);
            const fs::path out = fs::path(a.debug_dir) / (name + ".scan.png");
            if (const std::string why = write_whole_file(out.string(), encode_png(*scan.debug)); !why.empty()) {
                std::fputs(fmt::format("{}: cannot write {}: {}\n", path, visible_line(out.string()), why).c_str(),
                           stderr);
                ++failed;
            }
        }
    }
    return failed ? 1 : 0;
}

// The command's help, naming the families whose screenshots it reads.
const char* scan_help() {
    static const std::string help = [] {
        std::string names;
        for (const Family* f : families())
            if (f->picture_reader()) names += (names.empty() ? "" : ", ") + std::string(f->name());
        return fmt::format("Read screenshots (PNG or JPEG) of a game into boards (families that read pictures: {}) "
                           "and print what was read; nothing is stored",
                           names.empty() ? "none" : names);
    }();
    return help.c_str();
}

}  // namespace

void add_scan(CLI::App& app, Run& chosen) {
    add_command<ScanArgs>(
        app, chosen, "scan", scan_help(),
        [](CLI::App& sub, ScanArgs& a) {
            sub.add_option("IMAGE", a.images, "screenshots to read")->required();
            sub.add_option("--debug", a.debug_dir,
                           "write DIR/NAME.scan.png for each picture: what the reader saw (board "
                           "box, grid, blocks outlined and lettered), the reason when it was refused");
        },
        [](const ScanArgs& a) { return run_scan(a); });
}

}  // namespace slidedb::cli
