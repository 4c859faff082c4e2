#include "report/table.h"
#include "puzzle/text.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace slidedb {

namespace {


std::string aligned(const Table& t) {
    const std::size_t n = t.columns.size();
    std::vector<std::size_t> width(n);
    for (std::size_t c = 0; c < n; ++c) width[c] = t.columns[c].size();
    for (const auto& row : t.rows)
        for (std::size_t c = 0; c < n; ++c)
            for (const std::string& l : split_lines(row[c])) width[c] = std::max(width[c], l.size());
    auto right = [&](std::size_t c) { return c < t.numeric.size() && t.numeric[c]; };
    std::string out;
    auto emit = [&](const std::vector<std::string>& cells) {
        std::string line;
        for (std::size_t c = 0; c < n; ++c) {
            if (c) line += "  ";
            line += right(c) ? fmt::format("{:>{}}", cells[c], width[c]) : fmt::format("{:<{}}", cells[c], width[c]);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    };
    emit(t.columns);
    std::vector<std::string> rule(n);
    for (std::size_t c = 0; c < n; ++c) rule[c] = std::string(width[c], '-');
    emit(rule);
    for (const auto& row : t.rows) {
        std::vector<std::vector<std::string>> cell_lines(n);
        std::size_t height = 1;
        for (std::size_t c = 0; c < n; ++c) {
            cell_lines[c] = split_lines(row[c]);
            height = std::max(height, cell_lines[c].size());
        }
        for (std::size_t k = 0; k < height; ++k) {
            std::vector<std::string> cells(n);
            for (std::size_t c = 0; c < n; ++c)
                if (k < cell_lines[c].size()) cells[c] = cell_lines[c][k];
            emit(cells);
        }
        if (height > 1) out += '\n';  // a blank line between multi-line rows
    }
    return out;
}

std::string markdown(const Table& t) {
    auto cell = [](const std::string& s) {
        std::string out;
        for (char ch : s) {
            if (ch == '|') out += "\\|";
            else if (ch == '\n') out += "<br>";
            else out += ch;
        }
        return out;
    };
    std::string out = "|";
    for (const auto& c : t.columns) out += fmt::format(" {} |", cell(c));
    out += "\n|";
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        out += c < t.numeric.size() && t.numeric[c] ? " ---: |" : " --- |";
    out += '\n';
    for (const auto& row : t.rows) {
        out += "|";
        for (const auto& v : row) out += fmt::format(" {} |", cell(v));
        out += '\n';
    }
    return out;
}

std::string csv(const Table& t) {
    auto cell = [](const std::string& s) {
        if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
        std::string out = "\"";
        for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return out + '"';
    };
    std::string out;
    auto emit = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            if (c) out += ',';
            out += cell(cells[c]);
        }
        out += "\r\n";
    };
    emit(t.columns);
    for (const auto& row : t.rows) emit(row);
    return out;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char ch : s) {
        switch (ch) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (ch < 0x20) out += fmt::format("\\u{:04x}", ch);
                else out += static_cast<char>(ch);
        }
    }
    return out + '"';
}

std::string json(const Table& t) {
    std::string out = "[";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        out += r ? ",\n {" : "\n {";
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const std::string& v = t.rows[r][c];
            const bool number = c < t.numeric.size() && t.numeric[c];
            if (c) out += ", ";
            out += json_string(t.columns[c]);
            out += ": ";
            out += number ? (v.empty() ? std::string("null") : v) : json_string(v);
        }
        out += "}";
    }
    return out + (t.rows.empty() ? "]\n" : "\n]\n");
}

}  // namespace

Format parse_format(const std::string& name) {
    if (name == "table") return Format::Table;
    if (name == "md" || name == "markdown") return Format::Markdown;
    if (name == "csv") return Format::Csv;
    if (name == "json") return Format::Json;
    throw std::invalid_argument(fmt::format("unknown format '{}' (table, md, csv, json)", name));
}

std::string format_table(const Table& table, Format format) {
    switch (format) {
        case Format::Table: return aligned(table);
        case Format::Markdown: return markdown(table);
        case Format::Csv: return csv(table);
        case Format::Json: return json(table);
    }
    return {};
}

}  // namespace slidedb
