#include "generate/generator.h"

#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "families/unblock/solver.h"

namespace slidedb {

Board random_board(Random& rng, const GenerateOptions& o) {
    const int w = o.width, h = o.height;
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    auto at = [&](int r, int c) -> char& { return rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; };

    // The prisoner's row is the middle one (row 3 of 6, as in the game); it
    // starts anywhere but at the exit.
    const int exit_row = (h - 1) / 2;
    const int col = o.exit == Side::Right ? rng.between(0, w - 3) : rng.between(1, w - 2);
    at(exit_row, col) = at(exit_row, col + 1) = 'A';

    // No horizontal block or fixed cell on the prisoner's row: either could
    // only ever stand in its way.
    const int blocks = rng.between(o.min_blocks, o.max_blocks);
    int placed = 1;
    for (int attempt = 0; placed < blocks && attempt < 400; ++attempt) {
        const bool vertical = rng.below(2) == 0;
        const int length = rng.below(10) < 7 ? 2 : 3;
        const int r = rng.between(0, vertical ? h - length : h - 1);
        const int c = rng.between(0, vertical ? w - 1 : w - length);
        if (!vertical && r == exit_row) continue;
        bool free = true;
        for (int k = 0; k < length; ++k) free = free && at(vertical ? r + k : r, vertical ? c : c + k) == '.';
        if (!free) continue;
        const char label = Board::label(placed);  // distinct labels; relabelled canonically below
        for (int k = 0; k < length; ++k) at(vertical ? r + k : r, vertical ? c : c + k) = label;
        ++placed;
    }
    for (int k = 0, attempt = 0; k < o.fixed && attempt < 400; ++attempt) {
        const int r = rng.between(0, h - 1), c = rng.between(0, w - 1);
        if (r == exit_row || at(r, c) != '.') continue;
        at(r, c) = 'x';
        ++k;
    }
    return board_from_grid(rows, o.exit);
}

void generate(const GenerateOptions& o, std::uint64_t count, int jobs,
              const std::function<void(const Generated&)>& emit) {
    const bool search = o.min_moves > 0 || o.solvable;
    // Candidates per round: enough to keep every core busy while searching.
    const std::uint64_t round = search ? 256 : 4096;
    constexpr std::uint64_t kGiveUpAfter = 1'000'000;
    std::unordered_set<std::string> seen;
    std::uint64_t emitted = 0, since_last = 0;
    tbb::task_arena arena(std::max(1, jobs));
    for (std::uint64_t first = 0; emitted < count; first += round) {
        std::vector<std::optional<Generated>> kept(round);
        arena.execute([&] {
            tbb::parallel_for(std::uint64_t{0}, round, [&](std::uint64_t k) {
                Random rng(o.seed * 0x9E3779B97F4A7C15ull + first + k);
                rng.next();
                Generated g{random_board(rng, o), std::nullopt, std::nullopt};
                if (search) {
                    SolveOptions so;
                    so.max_states = o.max_states;
                    so.analyse_cluster = o.min_moves > 0;
                    const SolveResult r = solve(g.board, so);
                    if (r.status != Status::Solved) return;
                    if (o.min_moves > 0) {
                        // Random boards are mostly easy, but their clusters often
                        // hold a hard start: take the hardest one.
                        if (r.hardest_moves < o.min_moves) return;
                        g.board = board_from_text(r.hardest_board, o.exit);
                        g.moves = r.hardest_moves;
                    } else {
                        g.moves = r.moves;
                    }
                    if (r.cluster_complete) g.cluster = r.cluster_size;
                }
                kept[k] = std::move(g);
            });
        });
        for (auto& g : kept) {
            ++since_last;
            if (!g || !seen.insert(g->board.key()).second) continue;
            emit(*g);
            since_last = 0;
            if (++emitted == count) break;
        }
        if (since_last >= kGiveUpAfter)
            throw std::runtime_error(fmt::format("no puzzle found in {} candidates; ask for fewer moves, "
                                                 "more blocks or a bigger board",
                                                 since_last));
    }
}

}  // namespace slidedb
