#include "families/unblock/generate/signature_hardest.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

#include "families/unblock/signature.h"
#include "families/unblock/signature_search.h"

namespace slidedb {

using enumeration::SignatureSearch;

namespace {
std::atomic<std::uint64_t> made{0};
}  // namespace

SignatureHardest::SignatureHardest(int size, int min_walls, int max_walls)
    : geometry_(enumeration::make_geometry(size, min_walls, max_walls)), id_(++made) {}

namespace {

// A signature as one key: its row types, then its column types.
using SignatureKey = std::array<int, 2 * enumeration::kMaxSize>;

struct KeyHash {
    std::size_t operator()(const SignatureKey& k) const {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (const int t : k) h = (h ^ static_cast<std::uint64_t>(t)) * 0x100000001B3ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

// What one thread keeps between boards: its search, and the signatures it
// has scored (the search comes back to the same ones often, and scoring is
// a function of the signature alone).
struct ThreadState {
    std::uint64_t serves = 0;  // SignatureHardest::id_
    std::uint64_t max_boards = 0;
    std::unique_ptr<SignatureSearch> search;
    std::vector<std::uint32_t> feasible;
    std::unordered_map<SignatureKey, std::optional<ClusterHardest>, KeyHash> scored;
};

constexpr std::size_t kScoredKept = 200'000;

}  // namespace

std::optional<ClusterHardest> SignatureHardest::hardest(const Board& board, std::uint64_t max_boards) const {
    const auto signature = enumeration::signature_of(geometry_, board);
    if (!signature) return std::nullopt;
    const int n = geometry_.size;

    // Each thread's state, made again when it last served another geometry
    // (known by number: a new one may take a freed one's address).
    thread_local ThreadState state;
    if (state.serves != id_ || state.max_boards != max_boards || !state.search) {
        state.search = std::make_unique<SignatureSearch>(geometry_, false);
        state.search->set_puzzles_kept(false);
        state.scored.clear();
        state.serves = id_;
        state.max_boards = max_boards;
    }
    SignatureKey key{};
    std::copy(signature->rows.begin(), signature->rows.end(), key.begin());
    std::copy(signature->columns.begin(), signature->columns.end(), key.begin() + enumeration::kMaxSize);
    if (const auto known = state.scored.find(key); known != state.scored.end()) return known->second;
    if (state.scored.size() >= kScoredKept) state.scored.clear();
    std::optional<ClusterHardest>& out = state.scored[key];

    // Row combinations are laid out whole before any is looked at: a
    // signature of many is passed over before that costs.
    std::uint64_t combinations = 1;
    for (int y = 0; y < n; ++y)
        combinations *= geometry_.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(signature->rows[y])].placements.size();
    if (combinations > max_boards) return out;
    SignatureSearch& search = *state.search;
    search.set_rows(signature->rows);
    // The row combinations that leave every column a placement, and the
    // boards they hold: for each, the product of its columns' placements.
    std::vector<std::uint32_t>& feasible = state.feasible;
    feasible.clear();
    std::uint64_t boards = 0;
    for (std::uint32_t r = 0; r < search.row_combinations(); ++r) {
        std::uint64_t product = 1;
        for (int x = 0; x < n && product; ++x)
            product *= geometry_.fits[static_cast<std::size_t>(x)][static_cast<std::size_t>(signature->columns[x])]
                           .count[search.pattern(r, x)];
        if (!product) continue;
        feasible.push_back(r);
        boards += product;
    }
    if (boards > max_boards) return out;
    enumeration::Counts counts;
    std::vector<enumeration::Puzzle> puzzles;
    search.search(signature->columns, feasible, counts, puzzles);
    if (const auto far = search.farthest())
        out = ClusterHardest{board_from_text(far->board.grid(), Side::Right), far->moves, far->cluster_size};
    return out;
}

}  // namespace slidedb
