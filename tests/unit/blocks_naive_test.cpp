// The `blocks` solver against a naive search on small random puzzles.
//
// The naive search knows nothing of placements, packing or the engine: a
// board is its grid as a string, pieces move cell by cell on it, and a
// std::unordered_map keyed by the grid (letters of interchangeable pieces
// replaced by their shape) holds the distances. Both metrics, cluster sizes,
// the goal-distance table and the hardest start must agree exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "families/blocks/format.h"
#include "families/blocks/solver.h"

namespace slidedb::blocks {
namespace {

constexpr std::string_view kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

struct Plain {
    int w = 0, h = 0;
    std::string start;                         // w*h: '#', '.', letters
    std::map<char, std::vector<int>> targets;  // goal piece -> cells (r*w+c), reading order
};

struct NaiveFigures {
    int moves = -1, steps = -1;
    std::size_t cluster = 0;
    std::vector<std::uint64_t> goal_levels;
};

class Naive {
public:
    explicit Naive(const Plain& p) : p_(p) {
        // Shape of each letter: its cells relative to the first, as a string.
        std::map<std::string, char> symbol;
        for (char c : kLetters) {
            std::vector<int> cells;
            for (int i = 0; i < p.w * p.h; ++i)
                if (p.start[i] == c) cells.push_back(i);
            if (cells.empty()) continue;
            letters_.push_back(c);
            std::string shape;
            for (int i : cells)
                shape += std::to_string(i / p.w - cells[0] / p.w) + "," + std::to_string(i % p.w - cells[0] % p.w) + ";";
            if (p.targets.count(c)) continue;  // named pieces keep their letter
            if (!symbol.count(shape)) symbol[shape] = static_cast<char>('0' + symbol.size());
            class_of_[c] = symbol[shape];
        }
    }

    std::string key(const std::string& g) const {
        std::string k = g;
        for (char& c : k)
            if (class_of_.count(c)) c = class_of_.at(c);
        return k;
    }

    bool is_goal(const std::string& g) const {
        for (const auto& [c, cells] : p_.targets)
            for (int i : cells)
                if (g[i] != c) return false;
        return true;
    }

    // The grid with piece c shifted by (dr, dc), or "" if it does not fit.
    std::string shifted(const std::string& g, char c, int dr, int dc) const {
        std::string out = g;
        for (char& x : out)
            if (x == c) x = '.';
        for (int i = 0; i < p_.w * p_.h; ++i) {
            if (g[i] != c) continue;
            const int r = i / p_.w + dr, col = i % p_.w + dc;
            if (r < 0 || col < 0 || r >= p_.h || col >= p_.w) return "";
            const char there = out[r * p_.w + col];
            if (there != '.') return "";
            out[r * p_.w + col] = c;
        }
        return out;
    }

    std::vector<std::string> successors(const std::string& g, bool moves) const {
        static constexpr int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
        std::vector<std::string> out;
        for (char c : letters_) {
            if (!moves) {
                for (int d = 0; d < 4; ++d)
                    if (std::string n = shifted(g, c, dr[d], dc[d]); !n.empty()) out.push_back(n);
                continue;
            }
            // Every grid this piece alone reaches, by single steps.
            std::set<std::pair<int, int>> seen{{0, 0}};
            std::deque<std::pair<int, int>> queue{{0, 0}};
            while (!queue.empty()) {
                const auto [r, col] = queue.front();
                queue.pop_front();
                for (int d = 0; d < 4; ++d) {
                    const std::pair<int, int> n{r + dr[d], col + dc[d]};
                    if (seen.count(n) || shifted(g, c, n.first, n.second).empty()) continue;
                    seen.insert(n);
                    queue.push_back(n);
                    out.push_back(shifted(g, c, n.first, n.second));
                }
            }
        }
        return out;
    }

    // Distances from `from` over the cluster, by key; the grids reached too.
    std::unordered_map<std::string, int> bfs(const std::vector<std::string>& from, bool moves,
                                             std::vector<std::string>* reached = nullptr) const {
        std::unordered_map<std::string, int> dist;
        std::deque<std::string> queue;
        for (const std::string& g : from)
            if (dist.emplace(key(g), 0).second) queue.push_back(g);
        while (!queue.empty()) {
            const std::string g = queue.front();
            queue.pop_front();
            if (reached) reached->push_back(g);
            const int d = dist[key(g)];
            for (const std::string& n : successors(g, moves))
                if (dist.emplace(key(n), d + 1).second) queue.push_back(n);
        }
        return dist;
    }

    NaiveFigures figures() const {
        NaiveFigures f;
        std::vector<std::string> cluster;
        const auto by_moves = bfs({p_.start}, true, &cluster);
        const auto by_steps = bfs({p_.start}, false);
        f.cluster = by_moves.size();
        EXPECT_EQ(by_steps.size(), f.cluster);
        std::vector<std::string> goals;
        for (const std::string& g : cluster)
            if (is_goal(g)) {
                goals.push_back(g);
                const int m = by_moves.at(key(g)), s = by_steps.at(key(g));
                f.moves = f.moves < 0 ? m : std::min(f.moves, m);
                f.steps = f.steps < 0 ? s : std::min(f.steps, s);
            }
        if (!goals.empty()) {
            for (const auto& [k, d] : bfs(goals, true)) {
                if (f.goal_levels.size() <= static_cast<std::size_t>(d)) f.goal_levels.resize(d + 1);
                ++f.goal_levels[d];
            }
        }
        return f;
    }

private:
    const Plain& p_;
    std::vector<char> letters_;
    std::map<char, char> class_of_;
};

std::string text_of(const Plain& p) {
    std::string t = "# random\nstart\n";
    for (int r = 0; r < p.h; ++r) t += p.start.substr(r * p.w, p.w) + "\n";
    t += "goal\n";
    std::string goal = p.start;
    for (char& c : goal)
        if (c != '#') c = '.';
    for (const auto& [c, cells] : p.targets)
        for (int i : cells) goal[i] = c;
    for (int r = 0; r < p.h; ++r) t += goal.substr(r * p.w, p.w) + "\n";
    return t;
}

// A random small puzzle: walls, pieces of odd shapes (some repeated, some
// not in one piece), one to three of them named by the goal.
Plain random_plain(std::mt19937& rng) {
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Plain p;
    // At most 4x4: the naive search must stay quick.
    p.w = pick(3, 4);
    p.h = pick(2, 4);
    p.start.assign(p.w * p.h, '.');
    for (char& c : p.start)
        if (pick(0, 99) < 15) c = '#';
    std::vector<std::vector<std::pair<int, int>>> shapes;
    const int pieces = pick(2, 5);
    std::map<char, std::vector<std::pair<int, int>>> shape_of;
    char letter = 'A';
    for (int k = 0; k < pieces; ++k) {
        std::vector<std::pair<int, int>> shape;
        if (!shapes.empty() && pick(0, 99) < 55) {
            shape = shapes[pick(0, static_cast<int>(shapes.size()) - 1)];
        } else {
            const int size = pick(1, 3);
            std::set<std::pair<int, int>> cells{{0, 0}};
            while (static_cast<int>(cells.size()) < size) cells.insert({pick(0, 1), pick(-1, 1)});
            shape.assign(cells.begin(), cells.end());
            shapes.push_back(shape);
        }
        // A free place for it.
        std::vector<int> fits;
        for (int i = 0; i < p.w * p.h; ++i) {
            bool ok = true;
            for (auto [dr, dc] : shape) {
                const int r = i / p.w + dr, c = i % p.w + dc;
                ok &= r >= 0 && c >= 0 && r < p.h && c < p.w && p.start[r * p.w + c] == '.';
            }
            if (ok) fits.push_back(i);
        }
        if (fits.empty()) continue;
        const int at = fits[pick(0, static_cast<int>(fits.size()) - 1)];
        for (auto [dr, dc] : shape) p.start[(at / p.w + dr) * p.w + at % p.w + dc] = letter;
        shape_of[letter++] = shape;
    }
    if (shape_of.empty()) {
        // Always at least one piece, on some floor cell (made floor if need be).
        p.start[0] = 'A';
        shape_of['A'] = {{0, 0}};
    }
    // The goal: some pieces, each at a random place its shape fits on the
    // floor, apart from the others of the goal.
    std::string goal = p.start;
    for (char& c : goal)
        if (c != '#') c = '.';
    const int named = pick(1, std::min<int>(3, static_cast<int>(shape_of.size())));
    std::vector<char> letters;
    for (const auto& [c, s] : shape_of) letters.push_back(c);
    std::shuffle(letters.begin(), letters.end(), rng);
    for (int k = 0; k < named; ++k) {
        const char c = letters[k];
        std::vector<int> fits;
        for (int i = 0; i < p.w * p.h; ++i) {
            bool ok = true;
            for (auto [dr, dc] : shape_of[c]) {
                const int r = i / p.w + dr, col = i % p.w + dc;
                ok &= r >= 0 && col >= 0 && r < p.h && col < p.w && goal[r * p.w + col] == '.';
            }
            if (ok) fits.push_back(i);
        }
        if (fits.empty()) continue;
        const int at = fits[pick(0, static_cast<int>(fits.size()) - 1)];
        std::vector<int> cells;
        for (auto [dr, dc] : shape_of[c]) cells.push_back((at / p.w + dr) * p.w + at % p.w + dc);
        std::sort(cells.begin(), cells.end());
        for (int i : cells) goal[i] = c;
        p.targets[c] = cells;
    }
    if (p.targets.empty()) {
        // Keep the first piece where it stands: a goal met at the start.
        const char c = letters.front();
        for (int i = 0; i < p.w * p.h; ++i)
            if (p.start[i] == c) p.targets[c].push_back(i);
    }
    return p;
}

// 38 single cells (36 of them stuck in pockets of their own, two in a
// corridor) and a domino to bring home: 2 + 38 x 6 bits, padded to 240 so
// that no slot straddles two words: a state of words.
Plain wide_plain() {
    Plain p;
    p.w = p.h = 16;
    p.start.assign(256, '#');
    std::string letters;
    for (char c = 'B'; c <= 'Z'; ++c) letters += c;
    for (char c = 'a'; c <= 'z'; ++c) letters += c;
    std::size_t next = 0;
    for (int r = 1; r <= 11; r += 2)
        for (int c = 1; c <= 11; c += 2) p.start[r * 16 + c] = letters[next++];
    for (int c = 1; c <= 6; ++c) p.start[13 * 16 + c] = '.';
    p.start[13 * 16 + 1] = letters[next++];
    p.start[13 * 16 + 2] = letters[next++];
    for (int c = 1; c <= 5; ++c) p.start[15 * 16 + c] = '.';
    p.start[15 * 16 + 1] = p.start[15 * 16 + 2] = 'A';
    p.targets['A'] = {15 * 16 + 4, 15 * 16 + 5};
    return p;
}

TEST(BlocksNaive, AgreesOnABoardWiderThan128Bits) {
    const Plain p = wide_plain();
    const auto read = read_start_goal(text_of(p));
    ASSERT_TRUE(std::holds_alternative<ReadBoard>(read)) << std::get<ReadError>(read).message;
    const Board& b = std::get<ReadBoard>(read).board;
    EXPECT_EQ(state_bits(b), 240);
    const Solution s = solve(b);
    const NaiveFigures f = Naive(p).figures();
    EXPECT_EQ(s.figures.cluster_size, 60u);
    EXPECT_EQ(f.cluster, 60u);
    EXPECT_EQ(s.figures.moves, f.moves);
    EXPECT_EQ(s.figures.steps, f.steps);
    EXPECT_EQ(s.figures.goal_levels, f.goal_levels);
}

TEST(BlocksNaive, AgreesOnRandomSmallPuzzles) {
    std::mt19937 rng(20261123);
    int solved = 0, unsolvable = 0, shared_shapes = 0, several_goals = 0;
    for (int n = 0; n < 300; ++n) {
        const Plain p = random_plain(rng);
        const std::string text = text_of(p);
        SCOPED_TRACE(text);
        const auto read = read_start_goal(text);
        ASSERT_TRUE(std::holds_alternative<ReadBoard>(read)) << std::get<ReadError>(read).message;
        const Solution s = solve(std::get<ReadBoard>(read).board);
        const NaiveFigures f = Naive(p).figures();
        EXPECT_EQ(s.figures.cluster_size, f.cluster);
        EXPECT_EQ(s.figures.moves, f.moves);
        EXPECT_EQ(s.figures.steps, f.steps);
        EXPECT_EQ(s.figures.goal_levels, f.goal_levels);
        EXPECT_EQ(s.figures.hardest_moves, static_cast<int>(f.goal_levels.size()) - 1);
        EXPECT_EQ(s.figures.status, f.moves >= 0 ? Status::Solved : Status::Unsolvable);
        if (f.moves >= 0 && !s.moves.empty()) {
            int steps = 0;
            for (const Move& m : s.moves) steps += m.steps;
            EXPECT_GE(steps, f.steps);  // the moves' own steps: never under the step optimum
        }
        (f.moves >= 0 ? solved : unsolvable)++;
        several_goals += p.targets.size() > 1;
        std::map<std::string, int> shapes;
        for (char c = 'A'; c <= 'Z'; ++c) {
            std::string cells;
            int first = -1;
            for (int i = 0; i < p.w * p.h; ++i)
                if (p.start[i] == c) {
                    if (first < 0) first = i;
                    cells += std::to_string(i / p.w - first / p.w) + "," + std::to_string(i % p.w - first % p.w) + ";";
                }
            if (first >= 0 && !p.targets.count(c)) ++shapes[cells];
        }
        shared_shapes += std::any_of(shapes.begin(), shapes.end(), [](const auto& kv) { return kv.second > 1; });
    }
    // The sample covers what it is meant to.
    EXPECT_GE(solved, 100);
    EXPECT_GE(unsolvable, 20);
    EXPECT_GE(shared_shapes, 30);
    EXPECT_GE(several_goals, 50);
    std::printf("solved %d, unsolvable %d, with interchangeable pieces %d, with several goal pieces %d\n", solved,
                unsolvable, shared_shapes, several_goals);
}

}  // namespace
}  // namespace slidedb::blocks
