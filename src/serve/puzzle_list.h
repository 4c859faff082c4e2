// The puzzle list's filters and sort read from a URL's query, and written
// back into one; the rows come from the store (store/puzzle_list.h).
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include "store/puzzle_list.h"

namespace slidedb::serve {

// A parameter that does not parse; its message names it.
struct BadRequest : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Reads the filter from a URL's parameters; unknown names are ignored, a
// value that does not fit throws BadRequest.
ListFilter parse_filter(const std::multimap<std::string, std::string>& params);

// A page of the SQL box's answer: 1 .. the most pages; throws BadRequest.
std::int64_t page_number(const std::string& v);

// The filter back as a URL query ("family=unblock&sort=moves"), with page;
// no cursor.
std::string filter_query(const ListFilter& f, std::int64_t page);

}  // namespace slidedb::serve
