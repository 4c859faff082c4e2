#include "report/report_sections.h"
#include "puzzle/text.h"
#include "report/escape.h"

#include <sstream>

#include <fmt/format.h>

namespace slidedb {

namespace {


bool parse_chart(const std::string& hint, Chart& chart) {
    std::istringstream in(hint);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.size() < 3) return false;
    Chart c;
    if (words[0] == "bars") c.kind = Chart::Kind::Bars;
    else if (words[0] == "line") c.kind = Chart::Kind::Line;
    else if (words[0] == "points") c.kind = Chart::Kind::Points;
    else return false;
    c.x = words[1];
    c.y = words[2];
    if (words.size() >= 5 && words[words.size() - 2] == "per") {
        c.per = words.back();
        words.resize(words.size() - 2);
    }
    for (std::size_t i = 3; i < words.size(); ++i) {
        if (words[i] == "logy") c.log_y = true;
        else if (c.kind == Chart::Kind::Points && c.weight.empty()) c.weight = words[i];
        else if (c.kind == Chart::Kind::Line) c.more_y.push_back(words[i]);
        else return false;
    }
    chart = c;
    return true;
}

std::string json_key(const std::string& s) { return json_string(s); }

std::string indent_json(const std::string& text, const std::string& pad) {
    std::string out;
    for (char ch : text) {
        out += ch;
        if (ch == '\n') out += pad;
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
    return out;
}

std::string sections_json(const Report& r, const std::string& pad) {
    if (r.sections.empty()) return "{}";
    std::string out = "{";
    for (std::size_t i = 0; i < r.sections.size(); ++i) {
        const ReportSection& s = r.sections[i];
        out += i ? ",\n" + pad : "\n" + pad;
        out += json_key(s.title.empty() ? r.name : s.title) + ": " +
               indent_json(format_table(s.table, Format::Json), pad);
    }
    return out + "\n" + pad.substr(0, pad.size() >= 1 ? pad.size() - 1 : 0) + "}";
}

std::string section_text(const ReportSection& s, Format format) {
    std::string out;
    if (!s.title.empty() && format == Format::Markdown) out += "## " + markdown_cell(s.title) + "\n\n";
    if (!s.title.empty() && format == Format::Table) out += visible(s.title) + "\n\n";
    const bool summarize = s.chart.kind == Chart::Kind::Points &&
                           (format == Format::Table || format == Format::Markdown);
    if (summarize) {
        std::string cols;
        for (const auto& c : s.table.columns) cols += (cols.empty() ? "" : ", ") + c;
        out += fmt::format("{} points ({}): see --format csv, json or html\n", s.table.rows.size(), cols);
    } else {
        out += format_table(s.table, format);
        if (s.table.rows.empty() && format == Format::Table) out += "(none)\n";
        if (s.table.rows.empty() && format == Format::Markdown) out += "\n_none_\n";
    }
    return out;
}

}  // namespace

ReportSection make_section(const std::string& title_line, Table table) {
    ReportSection s;
    s.title = trim(title_line);
    s.table = std::move(table);
    if (const auto bar = s.title.rfind('|'); bar != std::string::npos) {
        Chart c;
        if (parse_chart(s.title.substr(bar + 1), c)) {
            s.chart = c;
            s.title = trim(s.title.substr(0, bar));
        }
    }
    return s;
}

int column_index(const Table& t, const std::string& name) {
    for (std::size_t i = 0; i < t.columns.size(); ++i)
        if (t.columns[i] == name) return static_cast<int>(i);
    return -1;
}

std::string reports_text(const std::vector<Report>& reports, Format format) {
    const bool several = reports.size() > 1;
    if (format == Format::Json) {
        if (!several) return (reports.empty() ? std::string("{}") : sections_json(reports[0], " ")) + "\n";
        std::string out = "{";
        for (std::size_t i = 0; i < reports.size(); ++i)
            out += (i ? ",\n " : "\n ") + json_key(reports[i].name) + ": " + sections_json(reports[i], "  ");
        return out + "\n}\n";
    }
    std::string out;
    for (const Report& r : reports) {
        if (several) {
            if (!out.empty()) out += '\n';
            if (format == Format::Markdown) out += "# " + markdown_cell(r.name) + "\n\n";
            else if (format == Format::Table) out += fmt::format("=== {} ===\n\n", visible(r.name));
        }
        bool first = true;
        for (const ReportSection& s : r.sections) {
            if (!first) out += '\n';
            first = false;
            out += section_text(s, format);
        }
    }
    return out;
}

}  // namespace slidedb
