#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <tuple>

#include "families/unblock/board.h"
#include "families/unblock/move.h"
#include "families/unblock/solver.h"
#include "families/unblock/unblock_rules.h"

namespace slidedb {
namespace {

std::vector<std::string> rows_of(const std::string& flat, int width) {
    std::vector<std::string> rows;
    for (std::size_t i = 0; i < flat.size(); i += static_cast<std::size_t>(width))
        rows.push_back(flat.substr(i, static_cast<std::size_t>(width)));
    return rows;
}

// The fg_README_example board.
const std::vector<std::string> kFogleman = {"BBBCDE", "FGGCDE", "F.AADE", "HHI...", ".JI.KK", ".JLLMM"};
// The edited screenshot ub_no-solution-2.jpg: the right column never clears.
const std::vector<std::string> kNoSolution = {".....B", ".....B", "...AAB", "......", "CDEFGH", "CDEFGH"};

// Every move of a solution must be legal and end with the prisoner out.
void expect_valid_solution(const Board& start, const SolveResult& r) {
    Board b = start;
    int steps = 0;
    const std::vector<Move> moves = parse_moves(start, r.solution);
    for (const Move& m : moves) {
        ASSERT_NO_THROW(b = apply_move(b, m));
        steps += std::abs(m.delta);
    }
    const Block& p = b.blocks[0];
    EXPECT_EQ(p.col, start.exit == Side::Right ? start.width - p.length : 0);
    EXPECT_EQ(steps, r.steps);
    EXPECT_EQ(static_cast<int>(moves.size()), r.moves);
}

// A slow, obviously correct BFS over grid strings, to check the fast one.
struct Naive {
    int moves = -1;
    std::uint64_t cluster = 0;
    std::uint64_t goals = 0;
    std::vector<std::uint64_t> goal_levels;  // boards per distance to the goal
};

// Every board one move away, by trying every block and distance.
std::vector<Board> neighbours(const Board& b) {
    std::vector<Board> out;
    for (std::size_t i = 0; i < b.blocks.size(); ++i) {
        for (int delta = -kMaxSide; delta <= kMaxSide; ++delta) {
            if (delta == 0) continue;
            try {
                out.push_back(apply_move(b, {static_cast<std::uint8_t>(i), static_cast<std::int8_t>(delta)}));
            } catch (const BoardError&) {
            }
        }
    }
    return out;
}

bool at_goal(const Board& b) {
    const Block& p = b.blocks[0];
    return p.col == (b.exit == Side::Right ? b.width - p.length : 0);
}
Naive naive_bfs(const Board& start) {
    std::map<std::string, int> dist;
    std::vector<Board> all{start}, goals;
    dist[start.grid()] = 0;
    Naive n;
    for (std::size_t k = 0; k < all.size(); ++k) {
        const Board b = all[k];
        const int d = dist[b.grid()];
        if (at_goal(b)) {
            ++n.goals;
            goals.push_back(b);
            if (n.moves < 0) n.moves = d;
        }
        for (const Board& next : neighbours(b))
            if (dist.emplace(next.grid(), d + 1).second) all.push_back(next);
    }
    n.cluster = dist.size();
    // Backwards from every goal board at once.
    std::map<std::string, int> to_goal;
    for (const Board& g : goals) to_goal.emplace(g.grid(), 0);
    for (std::size_t k = 0; k < goals.size(); ++k) {
        const int d = to_goal[goals[k].grid()];
        if (n.goal_levels.size() <= static_cast<std::size_t>(d)) n.goal_levels.push_back(0);
        ++n.goal_levels[static_cast<std::size_t>(d)];
        for (const Board& next : neighbours(goals[k]))
            if (to_goal.emplace(next.grid(), d + 1).second) goals.push_back(next);
    }
    return n;
}

TEST(Solver, MatchesEveryLineOfTheRushHourSample) {
    std::ifstream in(SLIDEDB_TEST_DATA "/boards/rush_sample.txt");
    ASSERT_TRUE(in) << "missing reference data";
    int moves = 0, lines = 0;
    std::uint64_t cluster = 0;
    std::string board;
    while (in >> moves >> board >> cluster) {
        const Board b = board_from_grid(rows_of(board, 6), Side::Right);
        const SolveResult r = solve(b);
        EXPECT_EQ(r.status, Status::Solved) << board;
        EXPECT_EQ(r.moves, moves) << board;
        EXPECT_EQ(r.cluster_size, cluster) << board;
        expect_valid_solution(b, r);
        ++lines;
    }
    EXPECT_EQ(lines, 302);
}

// The fewest cells slid over the solutions of fewest moves, by a slow
// search a level at a time that keeps each board's fewest steps from the
// start at its level.
int naive_fewest_steps(const Board& start) {
    std::map<std::string, int> steps{{start.grid(), 0}};
    std::vector<Board> level{start};
    while (!level.empty()) {
        int best = -1;
        for (const Board& b : level)
            if (at_goal(b) && (best < 0 || steps[b.grid()] < best)) best = steps[b.grid()];
        if (best >= 0) return best;
        std::map<std::string, int> next_steps;
        std::vector<Board> next;
        for (const Board& b : level)
            for (std::size_t i = 0; i < b.blocks.size(); ++i)
                for (int delta = -kMaxSide; delta <= kMaxSide; ++delta) {
                    if (delta == 0) continue;
                    Board n;
                    try {
                        n = apply_move(b, {static_cast<std::uint8_t>(i), static_cast<std::int8_t>(delta)});
                    } catch (const BoardError&) {
                        continue;
                    }
                    if (steps.count(n.grid())) continue;  // an earlier level's
                    const int s = steps[b.grid()] + std::abs(delta);
                    const auto [it, fresh] = next_steps.emplace(n.grid(), s);
                    if (fresh) next.push_back(n);
                    else it->second = std::min(it->second, s);
                }
        for (const auto& [grid, s] : next_steps) steps[grid] = s;
        level = std::move(next);
    }
    return -1;
}

// Of the shortest solutions the solver keeps one of the fewest steps when it
// analyses the cluster (over the moves it recorded). A search for a hint
// keeps the first it finds: as short, its steps no fewer.
TEST(Solver, OfTheShortestSolutionsOneWithTheFewestSteps) {
    const Board five = board_from_grid(rows_of("oooooooooooAABoCCDBxEEDoo", 5), Side::Right);
    SolveResult r = solve(five);
    EXPECT_EQ(r.moves, 2);
    EXPECT_EQ(r.steps, 3);  // BD1 AR2; BU2 AR2 slides 4
    EXPECT_EQ(r.solution, "BD1 AR2");
    std::ifstream in(SLIDEDB_TEST_DATA "/boards/rush_sample.txt");
    ASSERT_TRUE(in) << "missing reference data";
    int moves = 0, checked = 0;
    std::uint64_t cluster = 0;
    std::string board;
    SolveOptions bare;
    bare.analyse_cluster = false;
    while (in >> moves >> board >> cluster) {
        if (cluster > 800) continue;  // the slow search's reach
        const Board b = board_from_grid(rows_of(board, 6), Side::Right);
        const int want = naive_fewest_steps(b);
        r = solve(b);
        EXPECT_EQ(r.moves, moves) << board;
        EXPECT_EQ(r.steps, want) << board;
        expect_valid_solution(b, r);
        r = solve(b, bare);
        EXPECT_EQ(r.moves, moves) << board;
        EXPECT_GE(r.steps, want) << board;
        expect_valid_solution(b, r);
        ++checked;
    }
    EXPECT_EQ(checked, 59);
    // Three the first path found slid more (17, 50 and 56 steps); the fewest
    // as an outside search counted them.
    for (const auto& [flat, want_moves, want_steps] :
         {std::tuple{"oxCCDDooIooKAAIJoKHEEJoKHoooooFFGGoo", 8, 13},
          std::tuple{"BBBooJGoHCCJGoHAAKGDDIoKoooIEEFFoIoo", 28, 47},
          std::tuple{"BBBoLooooJLxAAoJoMHDDKxMHoIKFFGGIooo", 33, 53}}) {
        const Board b = board_from_grid(rows_of(flat, 6), Side::Right);
        r = solve(b);
        EXPECT_EQ(r.moves, want_moves) << flat;
        EXPECT_EQ(r.steps, want_steps) << flat;
        expect_valid_solution(b, r);
    }
}

TEST(Solver, SolvesTheFoglemanExampleIn49Moves) {
    const Board b = board_from_grid(kFogleman, Side::Right);
    const SolveResult r = solve(b);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 49);
    EXPECT_EQ(r.cluster_size, 24132u);
    EXPECT_TRUE(r.cluster_complete);
    expect_valid_solution(b, r);
}

TEST(Solver, LevelsAddUpToTheCluster) {
    const SolveResult r = solve(board_from_grid(kFogleman, Side::Right));
    std::uint64_t frontier = 0, fresh = 0, examined = 0, goals = 0;
    for (std::size_t d = 0; d < r.levels.size(); ++d) {
        const Level& l = r.levels[d];
        EXPECT_EQ(l.depth, d);
        if (d + 1 < r.levels.size()) {
            EXPECT_EQ(l.fresh, r.levels[d + 1].frontier);
        }
        frontier += l.frontier;
        fresh += l.fresh;
        examined += l.examined;
        goals += l.goals;
    }
    EXPECT_EQ(r.levels.front().frontier, 1u);
    EXPECT_EQ(r.levels.back().fresh, 0u);
    EXPECT_EQ(frontier, r.cluster_size);
    EXPECT_EQ(fresh + 1, r.cluster_size);
    EXPECT_EQ(examined, r.examined);
    EXPECT_EQ(goals, r.cluster_goals);
    EXPECT_EQ(r.cluster_depth, static_cast<int>(r.levels.size()) - 1);
    EXPECT_EQ(r.levels[49].goals > 0, true);
    for (int d = 0; d < 49; ++d) EXPECT_EQ(r.levels[static_cast<std::size_t>(d)].goals, 0u) << d;
}

TEST(Solver, FindsTheHardestStartOfTheCluster) {
    const SolveResult r = solve(board_from_grid(kFogleman, Side::Right));
    EXPECT_GE(r.hardest_moves, 49);
    std::uint64_t boards = 0;
    for (std::uint64_t n : r.goal_levels) boards += n;
    EXPECT_EQ(boards, r.cluster_size);
    EXPECT_EQ(r.goal_levels.front(), r.cluster_goals);
    EXPECT_EQ(r.goal_levels.size(), static_cast<std::size_t>(r.hardest_moves) + 1);
    const SolveResult h = solve(board_from_text(r.hardest_board, Side::Right));
    EXPECT_EQ(h.moves, r.hardest_moves);
    EXPECT_EQ(h.cluster_size, r.cluster_size);  // the same cluster
    EXPECT_EQ(h.hardest_moves, r.hardest_moves);
}

TEST(Solver, MirroredBoardWithLeftExitSolvesAlike) {
    std::vector<std::string> mirrored;
    for (std::string row : kFogleman) mirrored.emplace_back(row.rbegin(), row.rend());
    const Board b = board_from_grid(mirrored, Side::Left);
    const SolveResult r = solve(b);
    EXPECT_EQ(r.moves, 49);
    EXPECT_EQ(r.cluster_size, 24132u);
    expect_valid_solution(b, r);
}

TEST(Solver, EditedScreenshotBoardIsUnsolvable) {
    const SolveResult r = solve(board_from_grid(kNoSolution, Side::Right));
    EXPECT_EQ(r.status, Status::Unsolvable);
    // Its right column: B never leaves the exit cell.
    EXPECT_EQ(r.extra("blocked_cells").value_or(""), "r3c6");
    EXPECT_EQ(r.extra("blockers").value_or(""), "B");
    EXPECT_EQ(r.hardest_moves, -1);
    EXPECT_TRUE(r.goal_levels.empty());
    EXPECT_EQ(r.moves, -1);
    EXPECT_TRUE(r.solution.empty());
    EXPECT_EQ(r.cluster_size, 13500u);
    EXPECT_EQ(r.cluster_goals, 0u);
    EXPECT_TRUE(r.cluster_complete);
}

TEST(Solver, BoardAlreadyAtTheGoalNeedsNoMove) {
    const Board b = board_from_grid({"......", "......", "....AA", "......", "......", "......"}, Side::Right);
    const SolveResult r = solve(b);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 0);
    EXPECT_EQ(r.steps, 0);
    EXPECT_EQ(r.cluster_size, 5u);  // the prisoner alone: five places on its row
    EXPECT_EQ(r.cluster_goals, 1u);
    EXPECT_EQ(r.cluster_depth, 1);
}

TEST(Solver, FixedCellsNeverMove) {
    // The prisoner's only way out is blocked by a fixed cell: no block can help.
    const Board b = board_from_grid({"B.....", "B.....", "AA.x..", "......", "......", "......"}, Side::Right);
    const SolveResult r = solve(b);
    EXPECT_EQ(r.status, Status::Unsolvable);
    EXPECT_EQ(r.extra("blocked_cells").value_or(""), "r3c4");
    EXPECT_EQ(r.extra("blockers").value_or(""), "x");
    // Prisoner at cols 0-1: B can sit at rows 0, 3 or 4 (not across row 2).
    // Prisoner at cols 1-2: B anywhere in rows 0..4. 3 + 5 boards.
    EXPECT_EQ(r.cluster_size, 8u);
}

TEST(Solver, MaxStatesStopsWithoutASolution) {
    SolveOptions o;
    o.max_states = 1000;
    const SolveResult r = solve(board_from_grid(kFogleman, Side::Right), o);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_FALSE(r.cluster_complete);
    EXPECT_GE(r.cluster_size, 1000u);
    EXPECT_EQ(r.max_states, 1000u);
}

TEST(Solver, MaxStatesKeepsASolutionFoundInTime) {
    // A one-move puzzle: the goal is met before the limit stops the search.
    SolveOptions o;
    o.max_states = 30;
    const Board easy = board_from_grid({"......", "......", "AA....", "......", "......", "......"}, Side::Right);
    const SolveResult r = solve(easy, o);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 1);
    EXPECT_TRUE(r.cluster_complete);  // 5 boards: the limit was never reached
    o.max_states = 3;
    const SolveResult cut = solve(easy, o);
    EXPECT_EQ(cut.status, Status::Solved);
    EXPECT_EQ(cut.moves, 1);
    EXPECT_FALSE(cut.cluster_complete);
}

TEST(Solver, AgreesWithANaiveSearchOnSmallAndLargeBoards) {
    const std::vector<std::vector<std::string>> boards = {
        {"BBC.", "..CD", "AA.D", "EE.."},
        {"B..C.", "B..C.", "AA.D.", "..ED.", "..E.."},
        {"BB.CDD", "..xCE.", "AA..E.", "F.GG..", "F..H..", "II.H.x"},
        {"..B.CDD", "x.B.C..", "AA..E..", "FFGxE.H", "x.G.xxH", "IIxJJ..", "KKx.LLx"},
    };
    for (const auto& rows : boards) {
        for (Side side : {Side::Right, Side::Left}) {
            const Board b = board_from_grid(rows, side);
            const SolveResult r = solve(b);
            const Naive n = naive_bfs(b);
            EXPECT_EQ(r.moves, n.moves) << b.grid();
            EXPECT_EQ(r.cluster_size, n.cluster) << b.grid();
            EXPECT_EQ(r.cluster_goals, n.goals) << b.grid();
            EXPECT_EQ(r.goal_levels, n.goal_levels) << b.grid();
            if (r.status == Status::Solved) {
                EXPECT_EQ(r.hardest_moves, static_cast<int>(n.goal_levels.size()) - 1);
                // The hardest board, solved on its own, needs exactly that many moves.
                const Board hardest = board_from_text(r.hardest_board, b.exit);
                EXPECT_EQ(solve(hardest).moves, r.hardest_moves) << r.hardest_board;
            }
            if (r.status == Status::Solved) {
                expect_valid_solution(b, r);
            }
        }
    }
}

TEST(Solver, BoardsWithMoreThan21BlocksUseWideStates) {
    // 8x8 with 24 blocks: too many for a 64-bit board.
    // 8x8 with 25 blocks: too many for a 64-bit board. Only the top row of
    // blocks and the prisoner have room, so the cluster stays small.
    const std::vector<std::string> rows = {
        "BCD.F.HI", "BCDEFGHI", "AA.E.G..", "xxxxxxxx", "JKLMNOPQ", "JKLMNOPQ", "RSTUVWXY",
        "RSTUVWXY"};
    const Board b = board_from_grid(rows, Side::Right);
    ASSERT_GT(b.blocks.size(), 21u);
    const SolveResult r = solve(b);
    const Naive n = naive_bfs(b);
    EXPECT_EQ(r.moves, n.moves);
    EXPECT_EQ(r.cluster_size, n.cluster);
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.moves, 3);
    expect_valid_solution(b, r);
}

TEST(Solver, MaxStatesCutsRightAfterTheBoardThatReachesIt) {
    // The cut falls after the first board whose successors bring the count to
    // the limit: never more than one board's successors past it.
    const Board b = board_from_grid(kFogleman, Side::Right);
    const std::uint64_t most = 6 * b.blocks.size();  // slides of one board at most
    for (std::uint64_t limit : {2u, 50u, 777u, 5000u, 24131u}) {
        SolveOptions o;
        o.max_states = limit;
        const SolveResult r = solve(b, o);
        EXPECT_FALSE(r.cluster_complete) << limit;
        EXPECT_GE(r.cluster_size, limit);
        EXPECT_LT(r.cluster_size, limit + most);
        if (r.status == Status::Solved) {
            EXPECT_EQ(r.moves, 49) << limit;  // kept only when it is optimal
        }
    }
}

TEST(Solver, StartWithEveryBlockAtOffsetZeroIsFound) {
    // The packed board 0 is the table's empty mark: it must still count once.
    const Board b = board_from_grid({"B...", "B...", "AA..", "...."}, Side::Right);
    const SolveResult r = solve(b);
    const Naive n = naive_bfs(b);
    EXPECT_EQ(r.cluster_size, n.cluster);
    EXPECT_EQ(r.moves, n.moves);
    EXPECT_EQ(r.cluster_goals, n.goals);
    expect_valid_solution(b, r);
}

TEST(Solver, PeakMemoryIsTheSameWhateverRanBefore) {
    // Search memory is reused from one puzzle to the next; the figure must
    // not depend on it. It counts every board once at least.
    const Board small = board_from_grid({"......", "......", "AA....", "......", "......", "......"}, Side::Right);
    const SolveResult first = solve(small);
    solve(board_from_grid(kFogleman, Side::Right));  // leaves a larger table behind
    const SolveResult again = solve(small);
    EXPECT_EQ(first.peak_bytes, again.peak_bytes);
    EXPECT_GE(first.peak_bytes, first.cluster_size * sizeof(std::uint64_t));
    SolveOptions search_only;
    search_only.analyse_cluster = false;
    const SolveResult big = solve(board_from_grid(kFogleman, Side::Right), search_only);
    EXPECT_LE(big.peak_bytes, 16 * big.cluster_size);
    // The analysis records every move (4 bytes each, 4 more a board) beside
    // a table that also keeps each board's index (3/2 of the search's), then
    // follows them with a queue and a mark (5 bytes a board).
    const SolveResult analysed = solve(board_from_grid(kFogleman, Side::Right));
    EXPECT_EQ(analysed.hardest_moves, 49);  // the example is its cluster's hardest start
    EXPECT_LE(analysed.peak_bytes, 24 * big.cluster_size + 4 * (analysed.examined + big.cluster_size) + 5 * big.cluster_size + 4);
}

TEST(Solver, HardestStartIsTheSameUnderAnyMemoryBudget) {
    // Under a budget the recorded moves are dropped first, and the distances
    // are found by a second search over the rules: the same figures, in less
    // memory. No budget leaves the peak above it.
    const Board b = board_from_grid(kFogleman, Side::Right);
    SolveOptions unlimited;
    unlimited.keep_memory = false;
    const SolveResult full = solve(b, unlimited);
    ASSERT_EQ(full.status, Status::Solved);
    int analysed = 0, in_less = 0;
    for (const std::uint64_t per_board : {12, 16, 20, 24, 32, 40, 48, 64, 96}) {
        SolveOptions o;
        o.max_memory = per_board * full.cluster_size;
        o.keep_memory = false;  // what fits must not depend on what ran before
        const SolveResult r = solve(b, o);
        EXPECT_LE(r.peak_bytes, o.max_memory) << per_board;
        if (!r.cluster_complete || r.goal_levels.empty()) continue;
        ++analysed;
        in_less += r.peak_bytes < full.peak_bytes;
        EXPECT_EQ(r.levels, full.levels) << per_board;
        EXPECT_EQ(r.goal_levels, full.goal_levels) << per_board;
        EXPECT_EQ(r.hardest_moves, full.hardest_moves) << per_board;
        EXPECT_EQ(r.hardest_board, full.hardest_board) << per_board;
    }
    EXPECT_GE(analysed, 4);
    EXPECT_GE(in_less, 2);
}

// The search has an Unblock board's successors written straight into its
// batch: they must be the boards one call each gives, in the same order,
// and every write, the blind ones past the end included, must stay within
// the room they are said to need. Checked on every board of each cluster.
template <class State>
void expect_successors_in_place(const Board& b, std::size_t boards) {
    const UnblockRules<State> rules(b);
    const State canary = ~State{};  // offsets of 7 everywhere: no board
    std::set<State> seen{rules.start()};
    std::queue<State> todo;
    todo.push(rules.start());
    std::size_t checked = 0;
    while (!todo.empty()) {
        const State s = todo.front();
        todo.pop();
        std::vector<State> want;
        rules.for_each_successor(s, [&](State n) { want.push_back(n); });
        std::vector<State> out(rules.successor_room() + 8, canary);
        const State* const first = out.data();
        const State* const end = rules.successors_into(s, out.data());
        ASSERT_LE(end - first, static_cast<std::ptrdiff_t>(rules.successor_room()));
        const std::vector<State> got(first, end);
        ASSERT_EQ(got.size(), want.size());
        EXPECT_TRUE(got == want);  // (128-bit boards have no printer)
        for (std::size_t k = rules.successor_room(); k < out.size(); ++k) ASSERT_TRUE(out[k] == canary);
        ++checked;
        for (const State n : want)
            if (seen.insert(n).second) todo.push(n);
    }
    EXPECT_EQ(checked, boards);
}

TEST(Solver, SuccessorsWrittenInPlaceAreTheRulesOwnAndStayInTheirRoom) {
    // 6x6: no block slides more than 4 cells. Alone on the board, the
    // prisoner slides as far as a block can: the writes reach furthest.
    const Board six = board_from_grid(kFogleman, Side::Right);
    expect_successors_in_place<std::uint64_t>(six, 24132);
    expect_successors_in_place<std::uint64_t>(
        board_from_grid({"......", "......", "AA....", "......", "......", "......"}, Side::Right), 5);
    expect_successors_in_place<std::uint64_t>(
        board_from_grid({"........", "........", "AA......", "........", "........", "........", "........",
                         "........"},
                        Side::Right),
        7);
    // 8x8 and blocks that slide 6 cells, then more blocks than 64 bits hold.
    const Board eight = board_from_grid(
        {"B.......", "B..CCC..", "AA......", "...D....", "...D..EE", "F.......", "F..GG...", "........"}, Side::Right);
    expect_successors_in_place<std::uint64_t>(eight, static_cast<std::size_t>(solve(eight).cluster_size));
    const Board wide = board_from_grid(
        {"BCD.F.HI", "BCDEFGHI", "AA.E.G..", "xxxxxxxx", "JKLMNOPQ", "JKLMNOPQ", "RSTUVWXY", "RSTUVWXY"}, Side::Right);
    expect_successors_in_place<unsigned __int128>(wide, static_cast<std::size_t>(solve(wide).cluster_size));
}

}  // namespace
}  // namespace slidedb
