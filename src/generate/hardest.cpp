#include "generate/hardest.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace slidedb {

namespace {

// A uniform number in [0, 1) from the generator's 53 high bits.
double uniform(Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// The best puzzles seen, distinct by key, most moves first.
class Keep {
public:
    explicit Keep(std::size_t room) : room_(room) {}
    int floor() const { return best_.size() < room_ ? -1 : best_.rbegin()->first.moves; }
    void add(const HardestStart& h) {
        if (h.moves < 0 || (best_.size() >= room_ && h.moves <= floor())) return;
        best_.emplace(Rank{h.moves, h.puzzle.key}, h);
        if (best_.size() > room_) best_.erase(std::prev(best_.end()));
    }
    void add(const Keep& other) {
        for (const auto& [rank, h] : other.best_) add(h);
    }
    std::vector<HardestStart> all() const {
        std::vector<HardestStart> out;
        for (const auto& [rank, h] : best_) out.push_back(h);
        return out;
    }
    const HardestStart* first() const { return best_.empty() ? nullptr : &best_.begin()->second; }

private:
    struct Rank {
        int moves;
        std::string key;
        bool operator<(const Rank& o) const { return moves != o.moves ? moves > o.moves : key < o.key; }
    };
    std::size_t room_;
    std::map<Rank, HardestStart> best_;
};

struct Walker {
    HardestStart at;
    double temperature = 1;
};

// A draw of the request whose cluster has a goal, for a walker to start from.
HardestStart first_board(const GenerationPlan& plan, Random& rng) {
    for (int attempt = 0; attempt < 10'000; ++attempt) {
        HardestStart h = plan.hardest(plan.draw(rng));
        if (h.moves >= 0) return h;
    }
    throw std::runtime_error("no solvable board among 10,000 drawn: ask for a bigger board or fewer walls");
}

}  // namespace

std::vector<HardestStart> search_hardest(const GenerationPlan& plan, const HardestSearch& s,
                                         const std::function<void(const HardestProgress&)>& progress) {
    if (!plan.can_search()) throw std::runtime_error("this family has no search for the hardest puzzles");
    const auto started = std::chrono::steady_clock::now();
    const auto walkers = static_cast<std::size_t>(std::max(2, s.walkers));
    // Kept beyond `count`: two clusters may come down to one minimal puzzle.
    const std::size_t room = static_cast<std::size_t>(std::min<std::uint64_t>(s.count * 4 + 8, 100'000));
    tbb::task_arena arena(std::max(1, s.jobs));
    auto seed_of = [&](std::uint64_t round, std::uint64_t w) {
        Random rng(s.seed * 0x9E3779B97F4A7C15ull ^ (round * 0xD1B54A32D192ED03ull + w));
        rng.next();
        return rng;
    };

    // Temperatures from hot to cold, geometric.
    std::vector<Walker> walker(walkers);
    std::vector<Keep> found(walkers, Keep(room));
    std::vector<std::uint64_t> scored(walkers, 0);
    constexpr double kHot = 3.0, kCold = 0.15;
    // The walkers' boards drawn afresh, before `round`: from seeds of their
    // own (walker numbers past the ladder's), so no round's draws repeat.
    auto start_afresh = [&](std::uint64_t round) {
        arena.execute([&] {
            tbb::parallel_for(std::size_t{0}, walkers, [&](std::size_t w) {
                Random rng = seed_of(round, walkers + 1 + w);
                walker[w].at = first_board(plan, rng);
                walker[w].temperature = kHot * std::pow(kCold / kHot, static_cast<double>(w) / static_cast<double>(walkers - 1));
                found[w].add(walker[w].at);
            });
        });
    };
    start_afresh(0);

    Keep best(room);
    HardestProgress p;
    int ladder_best = -1;              // the most moves since the last fresh start
    std::uint64_t ladder_best_round = 0;
    for (std::uint64_t round = 1;; ++round) {
        if (s.patience > 0 && round - ladder_best_round > static_cast<std::uint64_t>(s.patience)) {
            start_afresh(round);
            ++p.starts;
            ladder_best = -1;
            ladder_best_round = round;
        }
        arena.execute([&] {
            tbb::parallel_for(std::size_t{0}, walkers, [&](std::size_t w) {
                Random rng = seed_of(round, w);
                Walker& me = walker[w];
                for (int step = 0; step < s.steps; ++step) {
                    const Puzzle next = plan.mutate(me.at.puzzle, rng);
                    if (next.key == me.at.puzzle.key) continue;
                    HardestStart h = plan.hardest(next);
                    ++scored[w];
                    if (h.moves < 0) continue;
                    const int loss = me.at.moves - h.moves;
                    if (loss > 0 && uniform(rng) >= std::exp(-loss / me.temperature)) continue;
                    found[w].add(h);
                    me.at = std::move(h);
                }
            });
        });
        // Neighbours swap boards: always when the colder one gains, else by
        // the same rule as a step.
        Random swap = seed_of(round, walkers);
        for (std::size_t w = round % 2; w + 1 < walkers; w += 2) {
            Walker &hot = walker[w], &cold = walker[w + 1];
            const double gain = (hot.at.moves - cold.at.moves) * (1 / cold.temperature - 1 / hot.temperature);
            if (gain >= 0 || uniform(swap) < std::exp(gain)) std::swap(hot.at, cold.at);
        }
        for (Keep& k : found) {
            if (const HardestStart* top = k.first(); top && top->moves > ladder_best)
                ladder_best = top->moves, ladder_best_round = round;
            best.add(k);
            k = Keep(room);
        }
        p.rounds = round;
        p.scored = 0;
        for (const std::uint64_t n : scored) p.scored += n;
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (const HardestStart* top = best.first(); top && top->moves > p.best_moves) {
            p.best_moves = top->moves;
            p.best_seconds = p.seconds;
            p.best_round = round;
        }
        p.best = best.first() ? &best.first()->puzzle : nullptr;
        progress(p);
        if (s.rounds > 0 && round >= s.rounds) break;
        if (s.rounds == 0 && s.seconds > 0 && p.seconds >= s.seconds) break;
        if (s.stop_at > 0 && p.best_moves >= s.stop_at) break;
        if (s.stop && s.stop()) break;
    }

    // The best made minimal, in parallel; then distinct again.
    std::vector<HardestStart> kept = best.all();
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, kept.size(), [&](std::size_t i) { kept[i] = plan.minimal(kept[i]); });
    });
    Keep out(static_cast<std::size_t>(s.count));
    for (const HardestStart& h : kept) out.add(h);
    return out.all();
}

}  // namespace slidedb
