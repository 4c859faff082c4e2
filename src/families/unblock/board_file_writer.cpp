#include "families/unblock/board_file_writer.h"

#include <algorithm>

#include <fmt/format.h>

#include "families/unblock/unblock_family.h"

namespace slidedb {

std::string database_line(const Puzzle& puzzle, std::optional<int> moves, std::optional<std::uint64_t> cluster) {
    std::string flat = puzzle.board;
    std::erase(flat, '\n');
    std::replace(flat.begin(), flat.end(), '.', 'o');
    if (moves && cluster) return fmt::format("{:02} {} {}\n", *moves, flat, *cluster);
    return flat + '\n';
}

namespace {

class UnblockFileWriter final : public PuzzleFileWriter {
public:
    std::string entry(const Puzzle& puzzle, const PuzzleClaims& claims) override {
        const Board b = board_of(puzzle);
        std::string out;
        // A square board's line tells its side by its length, until a size
        // is given: from then on every other size is given too.
        if (sized_ ? b.width != width_ || b.height != height_ : b.width != b.height) {
            out += fmt::format("# size: {}x{}\n", b.width, b.height);
            sized_ = true;
            width_ = b.width;
            height_ = b.height;
        }
        if (b.exit != exit_) {
            out += fmt::format("# exit: {}\n", side_name(b.exit));
            exit_ = b.exit;
        }
        return out + database_line(puzzle, claims.moves, claims.cluster);
    }

private:
    bool sized_ = false;
    int width_ = 0, height_ = 0;
    Side exit_ = Side::Right;
};

}  // namespace

std::unique_ptr<PuzzleFileWriter> unblock_file_writer() { return std::make_unique<UnblockFileWriter>(); }

}  // namespace slidedb
