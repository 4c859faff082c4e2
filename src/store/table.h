// Rows read from the database, as text: what queries hand the reports.
#pragma once

#include <string>
#include <vector>

namespace slidedb {

struct Table {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;  // cells as text; NULL is "" (and marked in nulls)
    std::vector<bool> numeric;                   // per column: right-align, unquoted in JSON
    // Per row, which cells were SQL NULL, so that JSON tells them from empty
    // text; a row past its end (a table made by hand) has none.
    std::vector<std::vector<bool>> nulls = {};

    bool is_null(std::size_t row, std::size_t column) const {
        return row < nulls.size() && column < nulls[row].size() && nulls[row][column];
    }
};

}  // namespace slidedb
