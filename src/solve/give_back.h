// A search's working memory that a thread keeps for its next search (the
// visited set, the path), given back when the search ends unless the
// options keep it: a batch reuses it puzzle after puzzle, a server that
// idles between requests returns to its idle size.
#pragma once

#include <tuple>
#include <type_traits>

namespace slidedb {

template <class... Held>
class GiveBackAfter {
public:
    GiveBackAfter(bool give_back, Held&... held) : give_back_(give_back), held_(held...) {}
    ~GiveBackAfter() {
        if (give_back_) std::apply([](auto&... h) { ((h = std::remove_reference_t<decltype(h)>{}), ...); }, held_);
    }
    GiveBackAfter(const GiveBackAfter&) = delete;
    GiveBackAfter& operator=(const GiveBackAfter&) = delete;

private:
    bool give_back_;
    std::tuple<Held&...> held_;
};

}  // namespace slidedb
