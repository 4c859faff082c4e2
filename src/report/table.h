// A result table and the ways slidedb prints one.
#pragma once

#include <string>
#include <vector>

#include "store/table.h"

namespace slidedb {

enum class Format { Table, Markdown, Csv, Json };

// Parses "table", "md", "csv", "json"; throws std::invalid_argument.
Format parse_format(const std::string& name);

// Table: aligned columns; Markdown: a pipe table; CSV: RFC 4180; JSON: an
// array of objects. Multi-line cells (boards) stay whole in every format.
std::string format_table(const Table& table, Format format);

}  // namespace slidedb
