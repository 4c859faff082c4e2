// Ruling out ink many pixels at a time. The scanner looks for the ink of
// marks over every cell (ink_near_cell) and round thousands of samples
// (ink_map.h), and nearly every pixel it looks at is wood, floor or frame:
// plainly neither ink nor red. Bytes loaded at p, p + 1 and p + 2 hold in
// lane 3k the red, green and blue of pixel k, so one vector test answers
// for ten pixels without moving a byte. The test is weaker than is_ink and
// is_red: a pixel it does not rule out is then tested alone, and the
// answers are theirs. Internal to src/families/unblock/scan/.
#pragma once

#include <cstdint>

#include "image/image.h"

namespace slidedb::scanning {

// Is any pixel (x0 + 2i, y0 + 2j) of [x0, x1] x [y0, y1] (inside the
// picture) ink or red ink (is_ink, is_red_ink)?
bool ink_every_other(const Image& im, int x0, int y0, int x1, int y1);

// The bits (8 * row + col) of the pixels of the w x h block at (x0, y0)
// (w, h <= 8, inside the picture) that are ink (is_ink).
std::uint64_t blue_green_tile(const Image& im, int x0, int y0, int w, int h);

// The same of red ink and bright red ink (is_red_ink, is_bright_red_ink).
void red_tile(const Image& im, int x0, int y0, int w, int h, std::uint64_t& red, std::uint64_t& bright);

}  // namespace slidedb::scanning
