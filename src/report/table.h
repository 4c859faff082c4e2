// A result table and the ways slidedb prints one.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "store/table.h"

namespace slidedb {

enum class Format { Table, Markdown, Csv, Json };

// Parses "table", "md", "csv", "json"; throws std::invalid_argument.
Format parse_format(const std::string& name);

// Table: aligned columns, control characters shown as escapes; Markdown: a
// pipe table, markup escaped; CSV: RFC 4180; JSON: an array of objects,
// always valid (see report/escape.h). Multi-line cells (boards) stay whole
// in every format.
std::string format_table(const Table& table, Format format);

// The same, printed as the rows arrive, in chunks: the first chunk names the
// columns (and, for the table format, fixes the column widths).
class TableStream {
public:
    using Sink = std::function<void(std::string_view)>;
    TableStream(Format format, Sink sink);
    void add(const Table& chunk);
    void finish();  // closes the JSON array; prints the header of an empty result

private:
    void header(const Table& first);
    void aligned_row(const std::vector<std::string>& cells);
    void csv_row(const std::vector<std::string>& cells);

    Format format_;
    Sink sink_;
    bool started_ = false;
    std::size_t rows_ = 0;
    std::vector<std::string> columns_;
    std::vector<bool> numeric_;
    std::vector<std::size_t> width_;
};

}  // namespace slidedb
