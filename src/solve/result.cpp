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

}  // namespace slidedb
