// The scanner's debug picture: what `slidedb scan --debug` writes so a user
// can see why a screenshot was read as it was.
#pragma once

#include <string_view>

#include "image/image.h"
#include "families/unblock/scan/screenshot.h"

namespace slidedb {

// The picture with the floor's extent (blue), the prisoner's face (magenta),
// the board box (green) and grid (yellow), each block outlined (cyan) and
// lettered as in the letter grid, unclear cells crossed in red, and
// `caption` (the result or the error) written across the top.
Image annotate_scan(const Image& image, const ScanTrace& trace, std::string_view caption);

}  // namespace slidedb
