// Rows read from the database, as text: what queries hand the reports.
#pragma once

#include <string>
#include <vector>

namespace slidedb {

struct Table {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;  // cells as text; NULL is ""
    std::vector<bool> numeric;                   // per column: right-align, unquoted in JSON
};

}  // namespace slidedb
