// A report as slidedb runs it: named sections of rows, each with an optional
// chart hint, and the text formats of a whole report.
//
// A report file separates its statements with lines "-- section: Title"; the
// title may end with a chart hint after a bar, "-- section: Title | KIND X Y
// [WEIGHT] [logy]", naming result columns:
//   bars X Y            a bar per row (a histogram)
//   line X Y [Y2...]    a line through the rows per Y column (a profile)
//   points X Y [W]      a scatter plot, W rows per point; the text formats
//                       table and md print only how many points there are
// Any kind may end with "per COLUMN": a chart of its own for each value of
// that column (each family on its own), titled with the value.
// The HTML page draws the chart; the other formats print the rows.
#pragma once

#include <string>
#include <vector>

#include "report/table.h"

namespace slidedb {

struct Chart {
    enum class Kind { None, Bars, Line, Points };
    Kind kind = Kind::None;
    std::string x, y, weight;  // column names
    std::vector<std::string> more_y;  // line: further series
    bool log_y = false;
    std::string per;  // a chart for each value of this column; "" for one chart
};

struct ReportSection {
    std::string title;  // without the chart hint
    Chart chart;
    Table table;
};

struct Report {
    std::string name;  // "summary", "hardest", ... or the --sql file
    std::vector<ReportSection> sections;
};

// Splits "Title | bars x y" into the title and the hint. A hint that does
// not parse is kept as part of the title.
ReportSection make_section(const std::string& title_line, Table table);

// Index of a column by name, or -1.
int column_index(const Table& t, const std::string& name);

// table, md, csv, json. One report prints as before (JSON: an object of
// sections); several reports are set apart by their names (JSON: an object of
// reports, each an object of sections).
std::string reports_text(const std::vector<Report>& reports, Format format);

}  // namespace slidedb
