// How a board of the `blocks` family is packed into one state: an unsigned
// integer of 64 or 128 bits, or an array of 64-bit words for large boards.
//
// Every piece is a slot holding the index of its placement (geometry.h) in
// just the bits its shape needs: Klotski's ten pieces take 44 bits. Pieces
// the goal names come first, one slot each. Pieces of one shape that the
// goal does not name are interchangeable: their slots are side by side and
// kept sorted, so the state is the set of placements of the shape, and two
// boards that differ only by which letter stands where are one state.
// No slot straddles two 64-bit words, so a word array reads a slot with one
// shift as an integer does.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "families/blocks/board.h"
#include "families/blocks/geometry.h"

namespace slidedb::blocks {

struct Slot {
    int shape = 0;
    int offset = 0;        // first bit
    int width = 0;         // bits: enough for every placement of the shape (0 for one)
    int first = 0, last = 0;  // the slots of its class: [first, last)
};

struct Layout {
    std::vector<Slot> slots;
    std::vector<int> pieces;  // per slot: the piece in it at the start (classes: by sorted placement)
    std::vector<int> start;   // per slot: placement at the start, sorted within each class
    int named = 0;            // slots [0, named) hold the goal's pieces, in goal order
    int bits = 0;             // the state's width, slots and word padding
};

Layout layout_of(const Board& board, const Geometry& geometry);

template <class State>
constexpr bool kWordArray = false;
template <std::size_t N>
constexpr bool kWordArray<std::array<std::uint64_t, N>> = true;

// The field of `width_mask` bits at `offset`.
template <class State>
inline std::uint32_t field_of(const State& s, int offset, std::uint32_t width_mask) {
    if constexpr (kWordArray<State>)
        return static_cast<std::uint32_t>(s[static_cast<std::size_t>(offset >> 6)] >> (offset & 63)) & width_mask;
    else
        return static_cast<std::uint32_t>(s >> offset) & width_mask;
}

template <class State>
inline void set_field(State& s, int offset, std::uint32_t width_mask, std::uint32_t value) {
    if constexpr (kWordArray<State>) {
        std::uint64_t& w = s[static_cast<std::size_t>(offset >> 6)];
        w = (w & ~(std::uint64_t{width_mask} << (offset & 63))) | (std::uint64_t{value} << (offset & 63));
    } else {
        s = (s & ~(static_cast<State>(width_mask) << offset)) | (static_cast<State>(value) << offset);
    }
}

// (s & mask) == bits, word by word for arrays.
template <class State>
inline bool masked_equal(const State& s, const State& mask, const State& bits) {
    if constexpr (kWordArray<State>) {
        std::uint64_t differ = 0;
        for (std::size_t k = 0; k < s.size(); ++k) differ |= (s[k] & mask[k]) ^ bits[k];
        return differ == 0;
    } else {
        return (s & mask) == bits;
    }
}

inline std::uint32_t width_mask(const Slot& slot) { return (std::uint32_t{1} << slot.width) - 1; }

// Packs placements, one per slot, already sorted within each class.
template <class State>
State pack(const Layout& layout, const std::vector<int>& placements) {
    State s{};
    for (std::size_t i = 0; i < layout.slots.size(); ++i)
        set_field(s, layout.slots[i].offset, width_mask(layout.slots[i]), static_cast<std::uint32_t>(placements[i]));
    return s;
}

template <class State>
int placement(const Layout& layout, const State& s, int slot) {
    const Slot& sl = layout.slots[static_cast<std::size_t>(slot)];
    return static_cast<int>(field_of(s, sl.offset, width_mask(sl)));
}

// The board a state stands for: the goal's pieces keep their letters, and
// the pieces of a class take the class's letters in order of placement.
template <class State>
Board board_at(const Board& board, const Geometry& geometry, const Layout& layout, const State& s) {
    Board out = board;
    for (std::size_t i = 0; i < layout.slots.size(); ++i) {
        const Slot& sl = layout.slots[i];
        const Shape& shape = geometry.shapes[static_cast<std::size_t>(sl.shape)];
        const Cell a = shape.anchors[static_cast<std::size_t>(placement(layout, s, static_cast<int>(i)))];
        Piece& p = out.pieces[static_cast<std::size_t>(layout.pieces[i])];
        for (std::size_t k = 0; k < p.cells.size(); ++k)
            p.cells[k] = {static_cast<std::int8_t>(a.row + shape.offsets[k].row),
                          static_cast<std::int8_t>(a.col + shape.offsets[k].col)};
    }
    return out;
}

}  // namespace slidedb::blocks
