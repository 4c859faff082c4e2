// Building blocks of pattern databases, knowing no family.
//
// A pattern database maps each placement of a few pieces (the pattern) to a
// lower bound on the moves left: the exact cost of putting just those pieces
// home, found by breadth-first search backwards from the goal. Its index is
// the rank of an ordered placement of k pieces on n cells (n!/(n-k)! values);
// the search marks states in bit sets; the finished table is written once to
// a cache folder and memory-mapped after that.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace slidedb::pdb {

// Bits set in a 32-bit word. Without a POPCNT target std::popcount becomes a
// library call, a third of the search's instructions; this stays inline.
inline int count_bits(std::uint32_t x) {
#ifdef __POPCNT__
    return std::popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
#endif
}

// Rank of an ordered placement of k distinct cells out of n (n <= 32).
class PlacementIndex {
public:
    PlacementIndex(int cells, int pieces);

    int cells() const { return n_; }
    int pieces() const { return k_; }
    std::uint64_t count() const { return count_; }

    // where[i]: cell of piece i.
    std::uint64_t rank(const std::uint8_t* where) const {
        std::uint64_t r = 0;
        std::uint32_t used = 0;
        for (int i = 0; i < k_; ++i) {
            const std::uint32_t bit = 1u << where[i];
            r = r * static_cast<std::uint64_t>(n_ - i) +
                static_cast<std::uint64_t>(where[i] - count_bits(used & (bit - 1)));
            used |= bit;
        }
        return r;
    }

    // Inverse of rank; returns the mask of the cells taken.
    std::uint32_t unrank(std::uint64_t r, std::uint8_t* where) const {
        std::uint8_t digit[32];
        for (int i = k_ - 1; i >= 0; --i) {
            const auto radix = static_cast<std::uint64_t>(n_ - i);
            digit[i] = static_cast<std::uint8_t>(r % radix);
            r /= radix;
        }
        std::uint32_t used = 0;
        for (int i = 0; i < k_; ++i) {
            std::uint32_t free = ~used & all_;
            for (int skip = digit[i]; skip > 0; --skip) free &= free - 1;
            where[i] = static_cast<std::uint8_t>(std::countr_zero(free));
            used |= 1u << where[i];
        }
        return used;
    }

private:
    int n_, k_;
    std::uint32_t all_;
    std::uint64_t count_;
};

// A fixed-size bit set over 64-bit words.
class BitSet {
public:
    explicit BitSet(std::uint64_t bits) : words_((bits + 63) / 64) {}
    bool test(std::uint64_t i) const { return (words_[i >> 6] >> (i & 63)) & 1; }
    void set(std::uint64_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
    // Sets the bit and says whether it was clear.
    bool claim(std::uint64_t i) {
        std::uint64_t& w = words_[i >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (i & 63);
        const bool fresh = !(w & bit);
        w |= bit;
        return fresh;
    }
    // claim() safe against other threads claiming bits of the same word.
    bool claim_shared(std::uint64_t i) {
        const std::uint64_t bit = std::uint64_t{1} << (i & 63);
        std::atomic_ref<std::uint64_t> w(words_[i >> 6]);
        if (w.load(std::memory_order_relaxed) & bit) return false;
        return !(w.fetch_or(bit, std::memory_order_relaxed) & bit);
    }
    void set_shared(std::uint64_t i) {
        std::atomic_ref<std::uint64_t>(words_[i >> 6]).fetch_or(std::uint64_t{1} << (i & 63),
                                                                 std::memory_order_relaxed);
    }
    std::uint64_t words() const { return words_.size(); }
    // Calls f(i) for every set bit of words [begin, end), in order.
    template <class F>
    void for_each_in(std::uint64_t begin, std::uint64_t end, F&& f) const {
        for (std::uint64_t w = begin; w < end; ++w)
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
                f(w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits)));
    }
    void prefetch(std::uint64_t i) const { __builtin_prefetch(&words_[i >> 6], 1); }
    void clear() { std::fill(words_.begin(), words_.end(), 0); }
    void swap(BitSet& o) { words_.swap(o.words_); }
    std::uint64_t bytes() const { return words_.size() * 8; }
    // Calls f(i) for every set bit, in order.
    template <class F>
    void for_each(F&& f) const {
        for (std::uint64_t w = 0; w < words_.size(); ++w)
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
                f(w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits)));
    }

private:
    std::vector<std::uint64_t> words_;
};

// Where tables are cached: $SLIDEDB_CACHE, else $XDG_CACHE_HOME/slidedb,
// else ~/.cache/slidedb, else a folder under the system's temporary one.
std::filesystem::path default_cache_dir();

// A finished table of one byte an entry, read-only: memory-mapped from its
// file, or held in memory when it was just built and not written.
class Table {
public:
    Table() = default;
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;
    ~Table();

    // Maps a file written by write(); returns null if it is missing or its
    // header differs from `header` (another version, another pattern).
    static std::unique_ptr<Table> map(const std::filesystem::path& file, std::string_view header);
    static std::unique_ptr<Table> hold(std::vector<std::uint8_t> values);
    // Writes header and values atomically (a temporary file, then a rename).
    static void write(const std::filesystem::path& file, std::string_view header,
                      const std::vector<std::uint8_t>& values);

    const std::uint8_t* data() const { return data_; }
    std::uint64_t size() const { return size_; }
    bool mapped() const { return map_ != nullptr; }

private:
    std::vector<std::uint8_t> held_;
    void* map_ = nullptr;
    std::uint64_t map_bytes_ = 0;
    const std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0;
};

}  // namespace slidedb::pdb
