#include "families/unblock/scan/picture_reader.h"

#include <fmt/format.h>

#include "families/unblock/scan/annotate.h"
#include "families/unblock/scan/scanned_puzzle.h"
#include "families/unblock/scan/screenshot.h"

namespace slidedb {

namespace {

PictureRead picture_read(const ScanResult& s) {
    return PictureRead{scanned_puzzle(s), s.image_width, s.image_height, s.box, s.confidence, s.exit_seen};
}

// What `scan` prints: the size, exit and where the board is, then the grid.
std::string describe(const ScanResult& r) {
    const Board& b = r.board;
    return fmt::format("{}x{}, exit {} of row {}{}, cell {:.1f} px, board box {},{} {}x{} in {}x{}, "
                       "confidence {:.2f}\n",
                       b.width, b.height, side_name(b.exit), b.exit_row() + 1,
                       r.exit_seen ? "" : " (assumed: no frame in the picture)", r.box.cell_px, r.box.x, r.box.y,
                       r.box.w, r.box.h, r.image_width, r.image_height, r.confidence) +
           fmt::format("# exit: {}\n", side_name(b.exit)) + b.grid() + "\n";
}

class UnblockPictureReader final : public PictureReader {
public:
    std::variant<PictureRead, PictureError> read(const Image& image) const override {
        auto scanned = scan_image(image);
        if (auto* e = std::get_if<ScanError>(&scanned)) return PictureError{std::move(e->message)};
        return picture_read(std::get<ScanResult>(scanned));
    }

    PictureScan scan(const Image& image, bool debug) const override {
        ScanTrace trace;
        auto scanned = scan_image(image, &trace);
        PictureScan out;
        std::string caption;
        if (auto* e = std::get_if<ScanError>(&scanned)) {
            caption = e->message;
            out.result = PictureError{std::move(e->message)};
        } else {
            const ScanResult& r = std::get<ScanResult>(scanned);
            out.result = picture_read(r);
            out.description = describe(r);
            caption = fmt::format("{}x{} exit {} row {}, cell {:.1f} px, confidence {:.2f}", r.board.width,
                                  r.board.height, side_name(r.board.exit), r.board.exit_row() + 1, r.box.cell_px,
                                  r.confidence);
        }
        if (debug) out.debug = annotate_scan(image, trace, caption);
        return out;
    }
};

}  // namespace

const PictureReader& unblock_picture_reader() {
    static const UnblockPictureReader reader;
    return reader;
}

}  // namespace slidedb
