#include "solve/result.h"

namespace slidedb {

std::string_view status_name(Status s) {
    switch (s) {
        case Status::Solved: return "solved";
        case Status::Unsolvable: return "unsolvable";
        case Status::Limit: return "limit";
    }
    return "?";
}

Cut cut_from_name(std::string_view name) {
    for (const Cut c : {Cut::States, Cut::Memory, Cut::Time})
        if (name == cut_name(c)) return c;
    return Cut::None;
}

std::string_view cut_name(Cut c) {
    switch (c) {
        case Cut::None: return "";
        case Cut::States: return "states";
        case Cut::Memory: return "memory";
        case Cut::Time: return "time";
    }
    return "?";
}

}  // namespace slidedb
