// The SQL files compiled into the binary (see scripts/embed_sql.cmake).
#pragma once

#include <string_view>
#include <vector>

namespace slidedb {

struct SqlFile {
    std::string_view name;  // file name without ".sql", e.g. "001_core"
    std::string_view text;
};

const std::vector<SqlFile>& schema_files();  // in migration order
const std::vector<SqlFile>& report_files();  // sorted by name

}  // namespace slidedb
