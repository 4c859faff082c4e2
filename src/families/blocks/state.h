// How a board of the `blocks` family is packed into one integer.
//
// Every piece is a slot holding the index of its placement (geometry.h) in
// just the bits its shape needs: Klotski's ten pieces take 44 bits. Pieces
// the goal names come first, one slot each. Pieces of one shape that the
// goal does not name are interchangeable: their slots are side by side and
// kept sorted, so the state is the set of placements of the shape, and two
// boards that differ only by which letter stands where are one state.
#pragma once

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
    int bits = 0;             // the state's width
};

Layout layout_of(const Board& board, const Geometry& geometry);

// Packs placements, one per slot, already sorted within each class.
template <class State>
State pack(const Layout& layout, const std::vector<int>& placements) {
    State s{};
    for (std::size_t i = 0; i < layout.slots.size(); ++i)
        s |= static_cast<State>(static_cast<unsigned>(placements[i])) << layout.slots[i].offset;
    return s;
}

template <class State>
int placement(const Layout& layout, State s, int slot) {
    const Slot& sl = layout.slots[static_cast<std::size_t>(slot)];
    return static_cast<int>(static_cast<std::uint64_t>(s >> sl.offset) & ((std::uint64_t{1} << sl.width) - 1));
}

// The board a state stands for: the goal's pieces keep their letters, and
// the pieces of a class take the class's letters in order of placement.
template <class State>
Board board_at(const Board& board, const Geometry& geometry, const Layout& layout, State s) {
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
