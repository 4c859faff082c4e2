#include "families/blocks/generate/blocks_generator.h"

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "families/blocks/blocks_family.h"
#include "families/blocks/board.h"
#include "families/blocks/format.h"
#include "puzzle/text.h"

namespace slidedb {

namespace {

// Klotski's shapes, rows x columns; the first is the goal piece's when it fits.
struct Shape {
    int rows, cols;
};
constexpr Shape kShapes[] = {{2, 2}, {2, 1}, {1, 2}, {1, 1}};

// A file name as one shell word: as it is when it needs no quoting.
std::string shell_word(const std::string& name) {
    constexpr std::string_view plain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./-+=:,@%";
    if (!name.empty() && name.find_first_not_of(plain) == std::string::npos) return name;
    std::string out = "'";
    for (const char c : name) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

class BlocksPlan final : public GenerationPlan {
public:
    explicit BlocksPlan(const GenerateSpec& spec) {
        if (!spec.outline.empty()) {
            if (spec.size) throw GenerateError("--size", "the outline gives the size");
            read_outline(spec.outline, spec.outline_name);
            outline_name_ = spec.outline_name;
        } else {
            if (spec.size) std::tie(width_, height_) = *spec.size;
            if (width_ < 2 || height_ < 2 || width_ > blocks::kMaxSide || height_ > blocks::kMaxSide)
                throw GenerateError("--size", fmt::format("blocks boards run from 2x2 to {0}x{0}", blocks::kMaxSide));
            rows_.assign(static_cast<std::size_t>(height_), std::string(static_cast<std::size_t>(width_), '.'));
        }
        int floor = 0;
        for (const std::string& row : rows_) floor += static_cast<int>(std::count(row.begin(), row.end(), '.'));
        if (floor < 3) throw GenerateError("--outline", "the outline needs 3 floor cells or more");
        // Klotski: 10 pieces on 20 cells; by default a third to a half of the cells.
        min_pieces_ = std::max(2, floor / 3), max_pieces_ = std::max(2, floor / 2);
        if (spec.pieces) std::tie(min_pieces_, max_pieces_) = *spec.pieces;
        if (min_pieces_ < 1 || min_pieces_ > max_pieces_ || max_pieces_ > std::min(blocks::kMaxPieces, floor - 2))
            throw GenerateError("--blocks", fmt::format("need 1 <= MIN <= MAX, MAX at most {}: two floor cells stay free",
                                                        std::min(blocks::kMaxPieces, floor - 2)));
        if (spec.fixed && *spec.fixed != 0) throw GenerateError("--fixed", "walls come from the outline");
        if (spec.exit) throw GenerateError("--exit", "a blocks board has a goal, not an exit");
        if (spec.walls) throw GenerateError("--walls", "walls come from the outline");
    }

    std::pair<int, int> size() const override { return {width_, height_}; }
    bool one_a_file() const override { return true; }

    std::string options_text() const override {
        // The command that makes these boards again: an outline is named as given.
        if (!outline_name_.empty())
            return fmt::format(" --outline {} --blocks {}..{}", shell_word(outline_name_), min_pieces_, max_pieces_);
        return fmt::format(" --size {}x{} --blocks {}..{}", width_, height_, min_pieces_, max_pieces_);
    }
    std::string file_header() const override { return {}; }

    std::string file_entry(const Puzzle& puzzle, std::optional<int> moves,
                           std::optional<std::uint64_t> cluster) const override {
        std::string head;
        if (moves) head += fmt::format("# {} moves", *moves);
        if (cluster) head += fmt::format(", a cluster of {} boards", *cluster);
        return (head.empty() ? "" : head + "\n") + puzzle.board + '\n';
    }

    // The goal piece first, then pieces of random shapes on free floor
    // until as many as drawn are placed (or 400 tries fail); the goal piece
    // must end on a place of its shape other than its start.
    Puzzle draw(Random& rng) const override {
        for (;;) {
            std::vector<std::string> start = rows_;
            const int pieces = rng.between(min_pieces_, max_pieces_);
            int placed = 0;
            int free = 0;
            for (const std::string& row : rows_) free += static_cast<int>(std::count(row.begin(), row.end(), '.'));
            Shape goal_shape{1, 1};
            for (const Shape& s : kShapes)
                if (!places(rows_, s).empty()) {
                    goal_shape = s;
                    break;
                }
            for (int attempt = 0; placed < pieces && attempt < 400; ++attempt) {
                const Shape s = placed == 0 ? goal_shape : kShapes[rng.below(4)];
                if (free - s.rows * s.cols < 2) continue;  // something must move
                const auto at = places(start, s);
                if (at.empty()) continue;
                const auto [r, c] = at[static_cast<std::size_t>(rng.below(static_cast<int>(at.size())))];
                put(start, s, r, c, blocks::piece_label(placed));
                free -= s.rows * s.cols;
                ++placed;
            }
            // The goal: the first piece elsewhere, on the bare outline.
            std::vector<std::pair<int, int>> ends = places(rows_, goal_shape);
            const auto [r0, c0] = first_cell(start, 'A');
            std::erase(ends, std::pair{r0, c0});
            if (ends.empty()) continue;
            std::vector<std::string> goal = rows_;
            const auto [r, c] = ends[static_cast<std::size_t>(rng.below(static_cast<int>(ends.size())))];
            put(goal, goal_shape, r, c, 'A');
            std::string text = "start\n";
            // Walls as '#': a ' ' would read as floor.
            for (const std::string& row : start) text += row + '\n';
            text += "goal\n";
            for (const std::string& row : goal) text += row + '\n';
            return read(text);
        }
    }


private:
    void read_outline(const std::string& text, const std::string& name) {
        int number = 0;
        for (const std::string& line : split_lines(text)) {
            ++number;
            if (static_cast<int>(rows_.size()) >= blocks::kMaxSide || static_cast<int>(line.size()) > blocks::kMaxSide)
                throw GenerateError("--outline", fmt::format("{}:{}: outlines run up to {} cells a side", name, number,
                                                             blocks::kMaxSide));
            std::string row;
            for (const char c : line) {
                if (c != '.' && c != '#' && c != ' ')
                    throw GenerateError("--outline", fmt::format("{}:{}: '{}' is neither floor '.' nor wall '#' or ' '",
                                                                 name, number, c));
                row += c == '.' ? '.' : '#';
            }
            rows_.push_back(row);
        }
        // Blank lines at the end are the file's, not the outline's: a row of
        // walls there is kept, as one at the top is.
        while (!rows_.empty() && rows_.back().empty()) rows_.pop_back();
        const auto floor = [](const std::string& r) { return r.find('.') != std::string::npos; };
        if (std::none_of(rows_.begin(), rows_.end(), floor))
            throw GenerateError("--outline", fmt::format("{}: no floor cell '.'", name));
        height_ = static_cast<int>(rows_.size());
        for (const std::string& row : rows_) width_ = std::max(width_, static_cast<int>(row.size()));
        for (std::string& row : rows_) row.resize(static_cast<std::size_t>(width_), '#');
    }

    // Every top-left cell where the shape lies on free floor.
    static std::vector<std::pair<int, int>> places(const std::vector<std::string>& g, Shape s) {
        std::vector<std::pair<int, int>> out;
        const int h = static_cast<int>(g.size()), w = static_cast<int>(g[0].size());
        for (int r = 0; r + s.rows <= h; ++r)
            for (int c = 0; c + s.cols <= w; ++c) {
                bool free = true;
                for (int i = 0; i < s.rows && free; ++i)
                    for (int j = 0; j < s.cols && free; ++j) free = g[r + i][c + j] == '.';
                if (free) out.emplace_back(r, c);
            }
        return out;
    }
    static void put(std::vector<std::string>& g, Shape s, int r, int c, char label) {
        for (int i = 0; i < s.rows; ++i)
            for (int j = 0; j < s.cols; ++j) g[r + i][c + j] = label;
    }
    static std::pair<int, int> first_cell(const std::vector<std::string>& g, char label) {
        for (int r = 0; r < static_cast<int>(g.size()); ++r)
            if (const auto c = g[r].find(label); c != std::string::npos) return {r, static_cast<int>(c)};
        return {-1, -1};
    }
    static Puzzle read(const std::string& text) {
        auto r = blocks::read_start_goal(text);
        if (auto* e = std::get_if<blocks::ReadError>(&r))
            throw PuzzleError(fmt::format("a drawn blocks board does not read back, line {}: {}", e->line, e->message));
        return blocks::to_puzzle(std::get<blocks::ReadBoard>(r).board);
    }

    int width_ = 4, height_ = 5;  // Klotski's tray
    std::string outline_name_;  // the --outline file, as given
    std::vector<std::string> rows_;  // '.' floor, '#' wall
    int min_pieces_ = 0, max_pieces_ = 0;
};

class BlocksGenerator final : public PuzzleGenerator {
public:
    std::unique_ptr<GenerationPlan> plan(const GenerateSpec& spec) const override {
        return std::make_unique<BlocksPlan>(spec);
    }
};

}  // namespace

const PuzzleGenerator& blocks_generator() {
    static const BlocksGenerator generator;
    return generator;
}

}  // namespace slidedb
