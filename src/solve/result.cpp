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
