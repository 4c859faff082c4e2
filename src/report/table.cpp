#include "report/table.h"
#include "puzzle/text.h"
#include "report/escape.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace slidedb {

namespace {

bool numeric_column(const std::vector<bool>& numeric, std::size_t c) { return c < numeric.size() && numeric[c]; }

// A cell in a JSON object: a number where the column is numeric and the
// text is one; null for an empty numeric cell and for what JSON cannot carry
// (inf, nan). SQL NULL is null in any column (Table::nulls).
std::string json_value(const std::string& v, bool numeric) {
    if (!numeric) return json_string(v);
    if (v.empty()) return "null";
    if (is_json_number(v)) return v;
    if (v == "inf" || v == "-inf" || v == "nan" || v == "-nan") return "null";
    return json_string(v);
}

std::string csv_cell(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + '"';
}

}  // namespace

Format parse_format(const std::string& name) {
    if (name == "table") return Format::Table;
    if (name == "md" || name == "markdown") return Format::Markdown;
    if (name == "csv") return Format::Csv;
    if (name == "json") return Format::Json;
    throw std::invalid_argument(fmt::format("unknown format '{}' (table, md, csv, json)", name));
}

TableStream::TableStream(Format format, Sink sink) : format_(format), sink_(std::move(sink)) {}

void TableStream::header(const Table& first) {
    columns_ = first.columns;
    numeric_ = first.numeric;
    const std::size_t n = columns_.size();
    switch (format_) {
        case Format::Table: {
            // The first rows fix the widths; a wider cell later just sticks out.
            width_.assign(n, 0);
            for (std::size_t c = 0; c < n; ++c) width_[c] = visible(columns_[c]).size();
            for (const auto& row : first.rows)
                for (std::size_t c = 0; c < n; ++c)
                    for (const std::string& l : split_lines(visible(row[c])))
                        width_[c] = std::max(width_[c], l.size());
            std::vector<std::string> rule(n);
            for (std::size_t c = 0; c < n; ++c) rule[c] = std::string(width_[c], '-');
            aligned_row(columns_);
            aligned_row(rule);
            break;
        }
        case Format::Markdown: {
            std::string out = "|";
            for (const auto& c : columns_) out += fmt::format(" {} |", markdown_cell(c));
            out += "\n|";
            for (std::size_t c = 0; c < n; ++c) out += numeric_column(numeric_, c) ? " ---: |" : " --- |";
            sink_(out + '\n');
            break;
        }
        case Format::Csv: csv_row(columns_); break;
        case Format::Json: sink_("["); break;
    }
}

void TableStream::aligned_row(const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        if (c) line += "  ";
        line += numeric_column(numeric_, c) ? fmt::format("{:>{}}", cells[c], width_[c])
                                           : fmt::format("{:<{}}", cells[c], width_[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    sink_(line + '\n');
}

void TableStream::csv_row(const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        if (c) out += ',';
        out += csv_cell(cells[c]);
    }
    sink_(out + "\r\n");
}

void TableStream::add(const Table& chunk) {
    if (!started_) header(chunk);
    started_ = true;
    const std::size_t n = columns_.size();
    for (std::size_t r = 0; r < chunk.rows.size(); ++r) {
        const auto& row = chunk.rows[r];
        switch (format_) {
            case Format::Table: {
                std::vector<std::vector<std::string>> cell_lines(n);
                std::size_t height = 1;
                for (std::size_t c = 0; c < n; ++c) {
                    cell_lines[c] = split_lines(visible(row[c]));
                    height = std::max(height, cell_lines[c].size());
                }
                for (std::size_t k = 0; k < height; ++k) {
                    std::vector<std::string> cells(n);
                    for (std::size_t c = 0; c < n; ++c)
                        if (k < cell_lines[c].size()) cells[c] = cell_lines[c][k];
                    aligned_row(cells);
                }
                if (height > 1) sink_("\n");  // a blank line between multi-line rows
                break;
            }
            case Format::Markdown: {
                std::string out = "|";
                for (const auto& v : row) out += fmt::format(" {} |", markdown_cell(v));
                sink_(out + '\n');
                break;
            }
            case Format::Csv: csv_row(row); break;
            case Format::Json: {
                std::string out = rows_ ? ",\n {" : "\n {";
                for (std::size_t c = 0; c < n; ++c) {
                    if (c) out += ", ";
                    out += json_string(columns_[c]) + ": " +
                           (chunk.is_null(r, c) ? std::string("null")
                                                : json_value(row[c], numeric_column(chunk.numeric, c)));
                }
                sink_(out + "}");
                break;
            }
        }
        ++rows_;
    }
}

void TableStream::finish() {
    if (!started_) add(Table{});
    if (format_ == Format::Json) sink_(rows_ ? "\n]\n" : "]\n");
}

std::string format_table(const Table& table, Format format) {
    std::string out;
    TableStream stream(format, [&out](std::string_view s) { out += s; });
    stream.add(table);
    stream.finish();
    return out;
}

}  // namespace slidedb
