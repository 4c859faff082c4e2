// Iterative-deepening A*, knowing no family.
//
// Depth-first searches with a rising bound on g + h; with an admissible h
// (never above the true distance) the first goal found is optimal. Memory is
// the path alone: one entry a move of the deepest line, whatever the bound.
//
// A Domain holds the current board and gives:
//   using Move;  static constexpr int kMaxBranch;
//   int h() const;                    the heuristic of the current board
//   bool at_goal() const;
//   int moves(const Move* last, Move* out) const;   moves from here, `last`
//                                     (null at the root) lets it skip the undo
//   void apply(Move);  void undo(Move);
//   int cost(Move) const;             the price of a move (>= 1)
#pragma once

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <limits>
#include <vector>

namespace slidedb {

struct IdaIteration {
    int bound = 0;
    std::uint64_t expanded = 0;   // boards whose moves were generated
    std::uint64_t generated = 0;  // boards reached by a move
};

struct IdaLimits {
    std::uint64_t max_boards = std::numeric_limits<std::uint64_t>::max();  // generated, all iterations
    double max_seconds = 0;  // 0: no limit
    const volatile std::sig_atomic_t* cancel = nullptr;  // non-zero: stop as at the time limit
    int max_bound = 255;
    // No solution costs less: an earlier search with another bound went
    // through every bound below it. The first iteration starts there.
    int min_bound = 0;
};

template <class Move>
struct IdaResult {
    bool solved = false;
    bool limit = false;  // a limit stopped the search first
    int cost = -1;
    std::vector<Move> path;
    std::vector<IdaIteration> iterations;
    std::uint64_t expanded = 0, generated = 0;
    double seconds = 0;
};

template <class Domain>
class Ida {
public:
    using Move = typename Domain::Move;

    Ida(Domain& domain, const IdaLimits& limits) : d_(domain), limits_(limits) {}

    IdaResult<Move> run() {
        started_ = std::chrono::steady_clock::now();
        IdaResult<Move> r;
        int bound = std::max(d_.h(), limits_.min_bound);
        while (bound <= limits_.max_bound) {
            iteration_ = IdaIteration{bound, 0, 0};
            next_ = kInfinity;
            path_.clear();
            const bool found = search(0, bound, nullptr);
            r.iterations.push_back(iteration_);
            r.expanded += iteration_.expanded;
            r.generated += iteration_.generated;
            if (found) {
                r.solved = true;
                r.cost = bound;
                r.path = path_;
                break;
            }
            if (stopped_) {
                r.limit = true;
                break;
            }
            if (next_ == kInfinity) break;  // nothing beyond: the goal is out of reach
            bound = next_;
        }
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        return r;
    }

private:
    static constexpr int kInfinity = std::numeric_limits<int>::max();

    bool search(int g, int bound, const Move* last) {
        const int f = g + d_.h();
        if (f > bound) {
            if (f < next_) next_ = f;
            return false;
        }
        if (d_.at_goal()) return true;
        ++iteration_.expanded;
        Move moves[Domain::kMaxBranch];
        const int n = d_.moves(last, moves);
        for (int i = 0; i < n; ++i) {
            if (total_ >= limits_.max_boards) stopped_ = true;
            if (stopped_ || ((++total_ & 0xFFFF) == 0 && over_time())) return false;
            ++iteration_.generated;
            d_.apply(moves[i]);
            const int child_g = g + d_.cost(moves[i]);
            // A child over the bound is looked at here, not called.
            if (const int child_f = child_g + d_.h(); child_f > bound) {
                if (child_f < next_) next_ = child_f;
                d_.undo(moves[i]);
                continue;
            }
            path_.push_back(moves[i]);
            if (search(child_g, bound, &moves[i])) return true;
            path_.pop_back();
            d_.undo(moves[i]);
            if (stopped_) return false;
        }
        return false;
    }

    bool over_time() {
        if (limits_.cancel && *limits_.cancel) stopped_ = true;
        if (limits_.max_seconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() > limits_.max_seconds)
            stopped_ = true;
        return stopped_;
    }

    Domain& d_;
    IdaLimits limits_;
    std::chrono::steady_clock::time_point started_;
    IdaIteration iteration_;
    int next_ = kInfinity;
    std::uint64_t total_ = 0;
    bool stopped_ = false;
    std::vector<Move> path_;
};

template <class Domain>
IdaResult<typename Domain::Move> ida_star(Domain& domain, const IdaLimits& limits = {}) {
    return Ida<Domain>(domain, limits).run();
}

}  // namespace slidedb
