// The budget request bodies share in the server, and whom it lets go.
#include "serve/body_budget.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

namespace slidedb::serve {
namespace {

using std::chrono::milliseconds;

// A connection's two ends: the server's, given to a hold, and the client's,
// which sees the end of the stream once the server's is shut down.
struct Connection {
    Connection() { EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fd), 0); }
    ~Connection() {
        close(fd[0]);
        close(fd[1]);
    }
    int server() const { return fd[0]; }
    bool let_go() const {
        pollfd p{fd[1], POLLIN, 0};
        char c;
        return poll(&p, 1, 0) == 1 && recv(fd[1], &c, 1, MSG_DONTWAIT) == 0;
    }
    int fd[2];
};

constexpr std::size_t kOwn = 1000, kShared = 10000;

TEST(BodyBudget, EachBodyHoldsItsOwnBytesThenDrawsOnTheSharedOnes) {
    BodyBudget budget(kOwn, kShared, milliseconds(60'000));
    Connection a, b, c;
    BodyBudget::Hold first(budget, a.server()), second(budget, b.server());
    EXPECT_TRUE(first.grow_to(kOwn + 6000));
    EXPECT_TRUE(second.grow_to(kOwn + 4000));  // exactly the rest
    {
        BodyBudget::Hold third(budget, c.server());
        EXPECT_TRUE(third.grow_to(kOwn));  // its own bytes
        EXPECT_FALSE(third.grow_to(kOwn + 1));  // none idle long enough: refused at once
    }
    second.shrink_to(kOwn + 3000);
    BodyBudget::Hold fourth(budget, c.server());
    EXPECT_TRUE(fourth.grow_to(kOwn + 1000));
    EXPECT_FALSE(fourth.grow_to(kOwn + 1001));
    EXPECT_EQ(budget.let_go_count(), 0u);
    EXPECT_FALSE(a.let_go() || b.let_go() || c.let_go());
}

// The body silent longest goes, and the newcomer gets its room as soon as
// it ends; a body whole (being answered) or whose bytes keep coming stays.
TEST(BodyBudget, LetsGoTheBodySilentLongestForANewcomer) {
    BodyBudget budget(kOwn, kShared, milliseconds(50));
    Connection answered, silent_longest, silent, fresh;
    BodyBudget::Hold whole(budget, answered.server());
    ASSERT_TRUE(whole.grow_to(kOwn + 3000));
    whole.whole();
    auto oldest = std::make_unique<BodyBudget::Hold>(budget, silent_longest.server());
    ASSERT_TRUE(oldest->grow_to(kOwn + 3000));
    std::this_thread::sleep_for(milliseconds(20));
    BodyBudget::Hold other(budget, silent.server());
    ASSERT_TRUE(other.grow_to(kOwn + 3000));
    std::this_thread::sleep_for(milliseconds(60));  // both silent past 50 ms now, the answered one longer
    // The thread reading the body let go sees its connection end, and its hold ends.
    std::thread reader([&] {
        while (!silent_longest.let_go()) std::this_thread::sleep_for(milliseconds(1));
        oldest.reset();
    });
    BodyBudget::Hold newcomer(budget, fresh.server());
    EXPECT_TRUE(newcomer.grow_to(kOwn + 2000));
    reader.join();
    EXPECT_EQ(budget.let_go_count(), 1u);
    EXPECT_FALSE(answered.let_go());
    EXPECT_FALSE(silent.let_go());
    EXPECT_FALSE(fresh.let_go());
    // One more: the other silent one goes; then only bytes still coming.
    std::thread second_reader([&] {
        while (!silent.let_go()) std::this_thread::sleep_for(milliseconds(1));
    });
    Connection late;
    BodyBudget::Hold later(budget, late.server());
    EXPECT_FALSE(later.grow_to(kOwn + 5000));  // the room comes only once `other` ends, and it never does here
    second_reader.join();
    EXPECT_EQ(budget.let_go_count(), 2u);
    EXPECT_FALSE(answered.let_go());
}

}  // namespace
}  // namespace slidedb::serve
