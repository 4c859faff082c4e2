// A puzzle's state space on the HTML page: its cluster drawn as a graph
// (graph/svg.h) when it is small enough to show anything.
#pragma once

#include <cstdint>
#include <string>

#include "store/report_data.h"

namespace slidedb {

// Clusters larger than this are left out of the page.
constexpr std::uint64_t kMaxPageGraphBoards = 3'000;

// A <section> with the heading "State space" and the picture; "" when the
// cluster has more than kMaxPageGraphBoards boards or no family reads the
// puzzle. The cluster is walked again (the database keeps its figures, not
// its boards): a few milliseconds at this size.
std::string state_space_html(const PuzzlePicture& p);

}  // namespace slidedb
