#include "families/tiles/board.h"

#include <cstdlib>

#include <fmt/format.h>

namespace slidedb::tiles {

int TileBoard::blank() const {
    for (int i = 0; i < size(); ++i)
        if (cells[i] == kBlank) return i;
    return -1;
}

TileBoard make_board(int width, int height, const std::vector<int>& cells) {
    if (width < kMinSide || height < kMinSide || width > kMaxSide || height > kMaxSide)
        throw TileError(fmt::format("a board of {}x{} tiles is not supported (from {}x{} to {}x{})", width,
                                    height, kMinSide, kMinSide, kMaxSide, kMaxSide));
    const int n = width * height;
    if (static_cast<int>(cells.size()) != n)
        throw TileError(fmt::format("{} cells for a {}x{} board, which has {}", cells.size(), width, height, n));
    TileBoard b;
    b.width = width;
    b.height = height;
    std::array<int, kMaxCells> count{};
    for (int i = 0; i < n; ++i) {
        const int t = cells[i];
        if (t < 0 || t >= n)
            throw TileError(fmt::format("tile {} does not fit a {}x{} board (tiles 1 to {})", t, width, height,
                                        n - 1));
        ++count[t];
        b.cells[i] = static_cast<std::uint8_t>(t);
    }
    if (count[kBlank] > 1) throw TileError("two blanks");
    // n cells and n values: a repeated tile leaves another one out.
    int repeated = -1, missing = -1;
    for (int t = n - 1; t >= 0; --t) {
        if (count[t] > 1) repeated = t;
        if (count[t] == 0) missing = t;
    }
    if (missing == kBlank) throw TileError(fmt::format("no blank: tile {} appears twice", repeated));
    if (repeated > 0) throw TileError(fmt::format("tile {} appears twice and tile {} is missing", repeated, missing));
    return b;
}

TileBoard blank_last_goal(int width, int height) {
    TileBoard b;
    b.width = width;
    b.height = height;
    const int n = width * height;
    for (int i = 0; i + 1 < n; ++i) b.cells[i] = static_cast<std::uint8_t>(i + 1);
    b.cells[n - 1] = kBlank;
    return b;
}

TileBoard blank_first_goal(int width, int height) {
    TileBoard b;
    b.width = width;
    b.height = height;
    for (int i = 0; i < width * height; ++i) b.cells[i] = static_cast<std::uint8_t>(i);
    return b;
}

namespace {

// Parity of the permutation taking goal positions to board positions,
// blank included, by counting cycles.
int permutation_parity(const TileBoard& board, const TileBoard& goal) {
    const int n = board.size();
    std::array<int, kMaxCells> goal_cell{};
    for (int i = 0; i < n; ++i) goal_cell[goal.cells[i]] = i;
    std::array<bool, kMaxCells> done{};
    int parity = 0;
    for (int i = 0; i < n; ++i) {
        if (done[i]) continue;
        int length = 0;
        for (int j = i; !done[j]; j = goal_cell[board.cells[j]]) {
            done[j] = true;
            ++length;
        }
        parity ^= (length - 1) & 1;
    }
    return parity;
}

}  // namespace

bool reachable(const TileBoard& board, const TileBoard& goal) {
    // Each move is one transposition (tile and blank) and moves the blank one
    // cell: permutation parity and blank-distance parity flip together.
    const int a = board.blank(), b = goal.blank();
    const int distance = std::abs(a / board.width - b / board.width) + std::abs(a % board.width - b % board.width);
    return permutation_parity(board, goal) == (distance & 1);
}

std::string board_text(const TileBoard& board) {
    std::string s;
    for (int r = 0; r < board.height; ++r) {
        if (r > 0) s += " /";
        for (int c = 0; c < board.width; ++c) {
            if (!s.empty()) s += ' ';
            s += std::to_string(board.at(r, c));
        }
    }
    return s;
}

std::string board_picture(const TileBoard& board) {
    const int digits = board.size() > 10 ? 2 : 1;
    std::string s;
    for (int r = 0; r < board.height; ++r) {
        for (int c = 0; c < board.width; ++c) {
            const int t = board.at(r, c);
            if (c > 0) s += ' ';
            s += t == kBlank ? fmt::format("{:>{}}", ".", digits) : fmt::format("{:>{}}", t, digits);
        }
        s += '\n';
    }
    return s;
}

std::uint64_t cluster_size(int width, int height) {
    const int n = width * height;
    if (n > 20) return 0;  // beyond 64 bits: see cluster_size_text
    std::uint64_t f = 1;
    for (int i = 3; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
    return f;  // n!/2 = 3 * 4 * ... * n
}

std::string cluster_size_text(int width, int height) {
    // Decimal long multiplication: 25!/2 has 25 digits.
    std::vector<int> digits{1};  // least significant first
    for (int i = 3; i <= width * height; ++i) {
        int carry = 0;
        for (int& d : digits) {
            const int v = d * i + carry;
            d = v % 10;
            carry = v / 10;
        }
        for (; carry > 0; carry /= 10) digits.push_back(carry % 10);
    }
    std::string s;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) s += static_cast<char>('0' + *it);
    return s;
}

}  // namespace slidedb::tiles
