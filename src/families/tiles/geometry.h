// Cells and their neighbours on an n x m board, as small tables.
#pragma once

#include <array>
#include <cstdint>

#include "families/tiles/board.h"

namespace slidedb::tiles {

// The way the blank goes in a move (the tile slides the other way).
enum class Direction : std::uint8_t { Up, Down, Left, Right };
inline constexpr char kDirectionLetter[] = {'U', 'D', 'L', 'R'};

struct Geometry {
    int width = 0, height = 0, cells = 0;
    // neighbours[c][k] for k < degree[c]; direction[c][k] is the way the blank
    // goes from c to neighbours[c][k].
    std::array<std::array<std::uint8_t, 4>, kMaxCells> neighbours{};
    std::array<std::array<Direction, 4>, kMaxCells> direction{};
    std::array<std::uint8_t, kMaxCells> degree{};

    Geometry() = default;
    Geometry(int w, int h) : width(w), height(h), cells(w * h) {
        for (int c = 0; c < cells; ++c) {
            const int r = c / w, col = c % w;
            auto add = [&](int to, Direction d) {
                neighbours[c][degree[c]] = static_cast<std::uint8_t>(to);
                direction[c][degree[c]++] = d;
            };
            if (r > 0) add(c - w, Direction::Up);
            if (r + 1 < h) add(c + w, Direction::Down);
            if (col > 0) add(c - 1, Direction::Left);
            if (col + 1 < w) add(c + 1, Direction::Right);
        }
    }
};

}  // namespace slidedb::tiles
