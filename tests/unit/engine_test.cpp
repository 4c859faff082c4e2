// What the engine (solve/bfs.h, solve/goal_distance.h, solve/visited.h)
// promises any rule set, pinned down with a toy one: a token on a grid with
// walls that jumps one or two free cells up, down, left or right. Its moves
// are reversible and a jump of two costs two steps, so moves and steps
// differ; states are plain integers or arrays of words as wide as a family
// may need.
#include <gtest/gtest.h>

#include <array>
#include <csignal>
#include <cstdint>
#include <map>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "solve/bfs.h"
#include "solve/goal_distance.h"

namespace slidedb {
namespace {

struct Grid {
    int width = 0, height = 0;
    std::string cells;  // '.' floor, '#' wall, 'g' goal floor
    int start = 0;

    bool floor(int r, int c) const {
        return r >= 0 && c >= 0 && r < height && c < width && cells[static_cast<std::size_t>(r * width + c)] != '#';
    }
    bool goal(int i) const { return cells[static_cast<std::size_t>(i)] == 'g'; }
};

constexpr int kDr[] = {-1, 1, 0, 0}, kDc[] = {0, 0, -1, 1};

// The state is the token's cell, kept in the state's last word (so states
// differ only in high bits, and cell 0 is the all-zero state).
template <class StateT>
class TokenRules {
public:
    using State = StateT;
    struct Move {
        int from = 0, to = 0;
        bool operator==(const Move&) const = default;
    };

    explicit TokenRules(const Grid& g) : g_(g) {}

    static State encode(int cell) {
        State s{};
        if constexpr (IsWordArray<State>::value) s.back() = static_cast<std::uint64_t>(cell) << 40;
        else s = static_cast<State>(cell);
        return s;
    }
    static int decode(const State& s) {
        if constexpr (IsWordArray<State>::value) return static_cast<int>(s.back() >> 40);
        else return static_cast<int>(s);
    }

    State start() const { return encode(g_.start); }
    bool is_goal(const State& s) const { return g_.goal(decode(s)); }
    template <class F>
    void for_each_successor(const State& s, F&& f) const {
        const int at = decode(s), r = at / g_.width, c = at % g_.width;
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= 2 && g_.floor(r + k * kDr[d], c + k * kDc[d]); ++k)
                f(encode((r + k * kDr[d]) * g_.width + c + k * kDc[d]));
    }
    Move move_between(const State& a, const State& b) const { return {decode(a), decode(b)}; }
    int steps(const Move& m) const {
        return std::abs(m.to / g_.width - m.from / g_.width) + std::abs(m.to % g_.width - m.from % g_.width);
    }

private:
    Grid g_;
};

// A plain breadth-first search over cells, from a set of cells.
std::map<int, int> naive_distances(const Grid& g, const std::vector<int>& from) {
    std::map<int, int> dist;
    std::queue<int> todo;
    for (int f : from) {
        dist[f] = 0;
        todo.push(f);
    }
    while (!todo.empty()) {
        const int at = todo.front();
        todo.pop();
        const int r = at / g.width, c = at % g.width;
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= 2 && g.floor(r + k * kDr[d], c + k * kDc[d]); ++k) {
                const int n = (r + k * kDr[d]) * g.width + c + k * kDc[d];
                if (dist.emplace(n, dist[at] + 1).second) todo.push(n);
            }
    }
    return dist;
}

// A corridor of five cells, start at the left end, goal at the right.
const Grid kCorridor{5, 1, "....g", 0};

template <class State>
void expect_corridor_figures() {
    TokenRules<State> rules(kCorridor);
    Visited<State> seen;
    std::vector<typename TokenRules<State>::Move> path;
    const SolveResult r = bfs(rules, SolveOptions{}, seen, path);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 2);
    EXPECT_EQ(r.steps, 4);  // two jumps of two
    ASSERT_EQ(path.size(), 2u);
    EXPECT_EQ(path[0], (typename TokenRules<State>::Move{0, 2}));
    EXPECT_EQ(path[1], (typename TokenRules<State>::Move{2, 4}));
    EXPECT_TRUE(r.solution.empty());  // the family writes it
    EXPECT_EQ(r.cluster_size, 5u);
    EXPECT_EQ(r.cluster_goals, 1u);
    EXPECT_EQ(r.cluster_depth, 2);
    EXPECT_TRUE(r.cluster_complete);
    // Depth 0 {0}: 2 successors, both new. Depth 1 {1, 2}: 3 + 4, two new.
    // Depth 2 {3, 4}: 3 + 2, none new; the goal is there.
    const std::vector<Level> want = {{0, 1, 2, 2, 0}, {1, 2, 7, 2, 0}, {2, 2, 5, 0, 1}};
    EXPECT_EQ(r.levels, want);
    EXPECT_EQ(r.examined, 14u);

    const GoalDistances<State> d = distances_to_goal(rules, {TokenRules<State>::encode(4)}, seen);
    EXPECT_EQ(d.boards_at, (std::vector<std::uint64_t>{1, 2, 2}));
    EXPECT_EQ(TokenRules<State>::decode(d.hardest), 1);  // the first cell met at distance 2
}

TEST(Engine, CorridorFiguresWithSixtyFourBitStates) { expect_corridor_figures<std::uint64_t>(); }
TEST(Engine, CorridorFiguresWithOneHundredTwentyEightBitStates) {
    expect_corridor_figures<unsigned __int128>();
}
TEST(Engine, CorridorFiguresWithFiveHundredTwelveBitStates) {
    expect_corridor_figures<std::array<std::uint64_t, 8>>();
}

TEST(Engine, LimitCutsTheSearchCleanly) {
    TokenRules<std::uint64_t> rules(kCorridor);
    Visited<std::uint64_t> seen;
    std::vector<TokenRules<std::uint64_t>::Move> path;
    SolveOptions o;
    o.max_states = 3;
    const SolveResult r = bfs(rules, o, seen, path);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_FALSE(r.cluster_complete);
    EXPECT_EQ(r.cluster_size, 3u);
    EXPECT_EQ(r.max_states, 3u);
    EXPECT_EQ(r.levels, (std::vector<Level>{{0, 1, 2, 2, 0}}));
    EXPECT_TRUE(path.empty());
    // A goal reached before the cut is still found, at its optimal depth.
    o.max_states = 4;
    const SolveResult s = bfs(TokenRules<std::uint64_t>(Grid{5, 1, "..g..", 0}), o, seen, path);
    EXPECT_EQ(s.status, Status::Solved);
    EXPECT_EQ(s.moves, 1);
}

TEST(Engine, DeadlineCutsTheSearchBetweenLevels) {
    TokenRules<std::uint64_t> rules(kCorridor);
    Visited<std::uint64_t> seen;
    std::vector<TokenRules<std::uint64_t>::Move> path;
    // A nanosecond has passed once the first level is expanded: the search
    // stops there, as at a limit, and says it was the clock.
    const SolveResult r = bfs(rules, SolveOptions{}, seen, path, Deadline::after(1e-9));
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.cut, Cut::Time);
    EXPECT_FALSE(r.cluster_complete);
    EXPECT_EQ(r.cluster_size, 3u);
    EXPECT_EQ(r.levels, (std::vector<Level>{{0, 1, 2, 2, 0}}));
    // No deadline, or one far off, changes nothing.
    const SolveResult s = bfs(rules, SolveOptions{}, seen, path, Deadline::after(3600));
    EXPECT_EQ(s.status, Status::Solved);
    EXPECT_EQ(s.cut, Cut::None);
    EXPECT_EQ(s.cluster_size, 5u);
    std::vector<Level> levels;
    std::uint32_t next = 0;
    seen.clear();
    const std::uint64_t start = TokenRules<std::uint64_t>::encode(4);
    seen.insert(&start, 1);
    EXPECT_EQ(expand_levels(rules, seen, 100, levels, next, [](std::uint32_t, std::uint64_t, Level&) {},
                            Deadline::after(1e-9)),
              Cut::Time);
    EXPECT_EQ(levels.size(), 1u);
}

TEST(Engine, AskedToStopCutsTheSearchLikeTheClock) {
    TokenRules<std::uint64_t> rules(kCorridor);
    Visited<std::uint64_t> seen;
    std::vector<TokenRules<std::uint64_t>::Move> path;
    volatile std::sig_atomic_t asked = 0;
    const Deadline deadline = Deadline::after(0, &asked);
    EXPECT_EQ(bfs(rules, SolveOptions{}, seen, path, deadline).status, Status::Solved);  // not asked yet
    asked = SIGTERM;
    const SolveResult r = bfs(rules, SolveOptions{}, seen, path, deadline);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.cut, Cut::Time);
    EXPECT_EQ(r.levels, (std::vector<Level>{{0, 1, 2, 2, 0}}));
}

TEST(Engine, NoGoalInTheClusterIsUnsolvable) {
    const Grid walled{5, 1, "..#.g", 0};
    Visited<std::uint64_t> seen;
    std::vector<TokenRules<std::uint64_t>::Move> path;
    const SolveResult r = bfs(TokenRules<std::uint64_t>(walled), SolveOptions{}, seen, path);
    EXPECT_EQ(r.status, Status::Unsolvable);
    EXPECT_EQ(r.moves, -1);
    EXPECT_EQ(r.cluster_size, 2u);
    EXPECT_EQ(r.cluster_goals, 0u);
}

// Random walled grids: every figure agrees with a plain search over cells,
// whatever the width of the state.
template <class State>
void expect_agrees_with_naive_search(std::uint32_t seed) {
    std::mt19937 rng(seed);
    for (int round = 0; round < 40; ++round) {
        Grid g;
        g.width = 3 + static_cast<int>(rng() % 14);
        g.height = 1 + static_cast<int>(rng() % 16);
        for (int i = 0; i < g.width * g.height; ++i) g.cells += rng() % 4 == 0 ? '#' : rng() % 9 == 0 ? 'g' : '.';
        g.start = static_cast<int>(rng() % g.cells.size());
        g.cells[static_cast<std::size_t>(g.start)] = '.';

        TokenRules<State> rules(g);
        Visited<State> seen;
        std::vector<typename TokenRules<State>::Move> path;
        const SolveResult r = bfs(rules, SolveOptions{}, seen, path);
        const std::map<int, int> from_start = naive_distances(g, {g.start});
        std::vector<std::uint64_t> frontier;
        std::vector<int> goals;
        int nearest = -1;
        for (const auto& [cell, d] : from_start) {
            if (frontier.size() <= static_cast<std::size_t>(d)) frontier.resize(static_cast<std::size_t>(d) + 1);
            ++frontier[static_cast<std::size_t>(d)];
            if (g.goal(cell)) {
                goals.push_back(cell);
                if (nearest < 0 || d < nearest) nearest = d;
            }
        }
        EXPECT_EQ(r.cluster_size, from_start.size());
        EXPECT_EQ(r.cluster_goals, goals.size());
        std::vector<std::uint64_t> got;
        for (const Level& l : r.levels) got.push_back(l.frontier);
        EXPECT_EQ(got, frontier);
        EXPECT_EQ(r.moves, nearest);
        if (nearest < 0) continue;
        // The path is legal, ends on a goal and its steps add up.
        int at = g.start, steps = 0;
        for (const auto& m : path) {
            EXPECT_EQ(m.from, at);
            const std::map<int, int> one = naive_distances(g, {at});
            EXPECT_EQ(one.at(m.to), 1);
            steps += rules.steps(m);
            at = m.to;
        }
        EXPECT_TRUE(g.goal(at));
        EXPECT_EQ(r.steps, steps);

        std::vector<State> goal_states;
        for (int c : goals) goal_states.push_back(TokenRules<State>::encode(c));
        const GoalDistances<State> d = distances_to_goal(rules, goal_states, seen);
        std::vector<std::uint64_t> by_distance;
        int farthest = 0;
        for (const auto& [cell, dist] : naive_distances(g, goals)) {
            if (by_distance.size() <= static_cast<std::size_t>(dist)) by_distance.resize(static_cast<std::size_t>(dist) + 1);
            ++by_distance[static_cast<std::size_t>(dist)];
            farthest = std::max(farthest, dist);
        }
        EXPECT_EQ(d.boards_at, by_distance);
        EXPECT_EQ(naive_distances(g, goals).at(TokenRules<State>::decode(d.hardest)), farthest);
    }
}

// The moves recorded by the first search, followed by index, give the same
// distances as a second search over the rules, down to the hardest board;
// the first search's own figures do not change for recording them.
template <class State>
void expect_recorded_moves_agree(std::uint32_t seed) {
    std::mt19937 rng(seed);
    for (int round = 0; round < 60; ++round) {
        Grid g;
        g.width = 3 + static_cast<int>(rng() % 14);
        g.height = 1 + static_cast<int>(rng() % 16);
        for (int i = 0; i < g.width * g.height; ++i) g.cells += rng() % 4 == 0 ? '#' : rng() % 9 == 0 ? 'g' : '.';
        // Every fourth grid starts on cell 0, the all-zero state.
        g.start = round % 4 == 0 ? 0 : static_cast<int>(rng() % g.cells.size());
        g.cells[static_cast<std::size_t>(g.start)] = '.';
        TokenRules<State> rules(g);
        std::vector<typename TokenRules<State>::Move> path;

        Visited<State> plain;
        const SolveResult want = bfs(rules, SolveOptions{}, plain, path);
        std::vector<State> goals;
        for (std::uint32_t k = 0; k < plain.size(); ++k)
            if (rules.is_goal(plain.board(k))) goals.push_back(plain.board(k));
        const GoalDistances<State> by_rules = distances_to_goal(rules, goals, plain);

        Visited<State> seen;
        seen.track_indices(true);
        ClusterMoves moves;
        moves.start(std::uint64_t{1} << 40);
        const SolveResult got = bfs(rules, SolveOptions{}, seen, path, Deadline{}, &moves);
        EXPECT_EQ(got.levels, want.levels);
        EXPECT_EQ(got.moves, want.moves);
        ASSERT_TRUE(moves.whole());
        ASSERT_EQ(moves.ends().size(), seen.size());
        EXPECT_EQ(moves.to().size(), got.examined);
        // Board k's moves lead to its successors, in the rules' order.
        for (std::uint32_t k = 0; k < seen.size(); ++k) {
            std::uint32_t m = k ? moves.ends()[k - 1] : 0;
            rules.for_each_successor(seen.board(k), [&](const State& b) {
                ASSERT_LT(m, moves.ends()[k]);
                EXPECT_EQ(seen.board(moves.to()[m++]), b);
            });
            EXPECT_EQ(m, moves.ends()[k]);
        }

        std::vector<std::uint32_t> queue;
        std::vector<std::uint8_t> reached;
        const GoalDistances<State> by_moves = distances_over_moves(rules, seen, moves, queue, reached);
        EXPECT_TRUE(by_moves.complete);
        EXPECT_EQ(by_moves.boards_at, by_rules.boards_at);
        EXPECT_EQ(by_moves.hardest, by_rules.hardest);
    }
}

TEST(Engine, RecordedMovesAgreeWithTheRulesAtSixtyFourBits) { expect_recorded_moves_agree<std::uint64_t>(3); }
TEST(Engine, RecordedMovesAgreeWithTheRulesAtOneHundredTwentyEightBits) {
    expect_recorded_moves_agree<unsigned __int128>(4);
}
TEST(Engine, RecordedMovesAgreeWithTheRulesAtFiveHundredTwelveBits) {
    expect_recorded_moves_agree<std::array<std::uint64_t, 8>>(5);
}

TEST(Engine, MovesPastTheirBudgetAreDroppedAndTheSearchGoesOn) {
    const Grid open{16, 16, std::string(255, '.') + "g", 0};
    TokenRules<std::uint64_t> rules(open);
    std::vector<TokenRules<std::uint64_t>::Move> path;
    Visited<std::uint64_t> plain;
    const SolveResult want = bfs(rules, SolveOptions{}, plain, path);
    Visited<std::uint64_t> seen;
    seen.track_indices(true);
    ClusterMoves moves;
    moves.start(4096);  // far less than 256 boards' moves and their search
    const SolveResult got = bfs(rules, SolveOptions{}, seen, path, Deadline{}, &moves);
    EXPECT_FALSE(moves.whole());
    EXPECT_TRUE(moves.to().empty());
    EXPECT_EQ(moves.bytes(), 0u);
    EXPECT_LE(moves.peak_bytes(), 4096u);
    EXPECT_EQ(got.levels, want.levels);
    EXPECT_EQ(got.cluster_size, 256u);
    EXPECT_EQ(got.moves, want.moves);
}

TEST(Engine, IndicesAreRefusedOfATableThatDoesNotKeepThem) {
    Visited<std::uint64_t> seen;
    seen.clear();
    const std::uint64_t boards[] = {5, 7};
    std::uint32_t at[2] = {9, 9};
    EXPECT_THROW(seen.insert(boards, 2, at), std::logic_error);
    EXPECT_EQ(seen.size(), 0u);
    seen.track_indices(true);
    seen.clear();
    EXPECT_EQ(seen.insert(boards, 2, at), 2u);
    EXPECT_EQ(at[0], 0u);
    EXPECT_EQ(at[1], 1u);
    const std::uint64_t again[] = {7, 0, 5, 0};
    std::uint32_t where[4] = {};
    EXPECT_EQ(seen.insert(again, 4, where), 1u);  // the board 0 once
    EXPECT_EQ(where[0], 1u);
    EXPECT_EQ(where[1], 2u);
    EXPECT_EQ(where[2], 0u);
    EXPECT_EQ(where[3], 2u);
}

TEST(Engine, AgreesWithANaiveSearchAtSixtyFourBits) { expect_agrees_with_naive_search<std::uint64_t>(1); }
TEST(Engine, AgreesWithANaiveSearchAtTwoHundredFiftySixBits) {
    expect_agrees_with_naive_search<std::array<std::uint64_t, 4>>(2);
}

}  // namespace
}  // namespace slidedb
