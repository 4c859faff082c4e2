// The moves of a cluster as indices into the list of its boards, recorded by
// the search that gathers it, so that a second search over the same cluster
// (the distances to the goal) follows them without generating or hashing a
// board.
//
// Board i's neighbours are to[end[i-1] .. end[i]) (from 0 for board 0), in
// the order the rule set gives its successors: a search over them reaches
// the boards in the same order as one over the rules.
//
// The record is optional: it stops (whole() false, memory given back) when
// it would outgrow what the caller allows beside the search, and the
// caller then searches the cluster again the usual way.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace slidedb {

class ClusterMoves {
public:
    // Starts a record that may take `budget` bytes beside the search's own
    // `search_bytes` (see fits()).
    void start(std::uint64_t budget) {
        to_.clear();
        end_.clear();
        budget_ = budget;
        whole_ = true;
        peak_ = 0;
    }

    bool whole() const { return whole_; }

    // Whether n more moves still fit beside a search holding search_bytes.
    // The search may double its memory before the next look, so it counts
    // twice. Once false, the record is dropped for good.
    bool fits(std::uint64_t search_bytes, std::uint32_t n) {
        if (!whole_) return false;
        const std::uint64_t mine = bytes() + n * sizeof(std::uint32_t);
        if (to_.size() + n < std::numeric_limits<std::uint32_t>::max() && mine <= budget_ &&
            search_bytes * 2 <= budget_ - mine) {
            peak_ = std::max(peak_, search_bytes + mine);
            return true;
        }
        whole_ = false;
        to_ = {};
        end_ = {};
        return false;
    }

    void add(const std::uint32_t* to, std::uint32_t n) { to_.insert(to_.end(), to, to + n); }
    // Ends the neighbours of the next board after `pending` more moves.
    void end_board(std::uint32_t pending) { end_.push_back(static_cast<std::uint32_t>(to_.size() + pending)); }

    const std::vector<std::uint32_t>& to() const { return to_; }
    const std::vector<std::uint32_t>& ends() const { return end_; }

    std::uint64_t bytes() const { return (to_.size() + end_.size()) * sizeof(std::uint32_t); }
    // The most the search and the record held together, at the looks.
    std::uint64_t peak_bytes() const { return peak_; }

private:
    std::vector<std::uint32_t> to_, end_;
    std::uint64_t budget_ = 0;
    std::uint64_t peak_ = 0;
    bool whole_ = true;
};

}  // namespace slidedb
