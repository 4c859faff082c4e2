#include "families/unblock/seen_boards.h"

#include <cstdint>

#include <gtest/gtest.h>

namespace slidedb::enumeration {
namespace {

TEST(SeenBoards, EachBoardIsNewOnceThroughGrowthAndAfterClear) {
    SeenBoards seen;
    // 20,000 boards: the table starts at 4,096 slots and grows three times.
    int fresh = 0;
    for (std::uint64_t b = 0; b < 20'000; ++b) fresh += seen.insert(b * 0x10001);
    EXPECT_EQ(fresh, 20'000);
    int again = 0;
    for (std::uint64_t b = 0; b < 20'000; ++b) again += seen.insert(b * 0x10001);
    EXPECT_EQ(again, 0);
    // The board 0 and the largest a state holds (63 bits) are boards like any other.
    EXPECT_FALSE(seen.insert(0));
    EXPECT_TRUE(seen.insert((std::uint64_t{1} << 63) - 1));
    EXPECT_FALSE(seen.insert((std::uint64_t{1} << 63) - 1));

    seen.clear();
    EXPECT_TRUE(seen.insert(0));
    EXPECT_TRUE(seen.insert(7 * 0x10001));
    EXPECT_FALSE(seen.insert(7 * 0x10001));
}

}  // namespace
}  // namespace slidedb::enumeration
