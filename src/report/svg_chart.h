// Charts as inline SVG: bars (histograms), a line (profiles) and a scatter
// plot, with axes, ticks and a tooltip per bar or dot. No script needed.
#pragma once

#include <string>
#include <vector>

namespace slidedb {

struct Axes {
    std::string x_label, y_label;
    bool log_y = false;  // decades on the y axis; values below 1 are drawn at 1
};

// One bar per label, in order.
std::string bar_chart(const std::vector<std::string>& labels, const std::vector<double>& values, const Axes& axes);

// A line through (x, y), x ascending.
std::string line_chart(const std::vector<double>& x, const std::vector<double>& y, const Axes& axes);

// Several lines over the same x, each named in a legend.
struct Series {
    std::string name;
    std::vector<double> y;
};
std::string line_chart(const std::vector<double>& x, const std::vector<Series>& series, const Axes& axes);

// A dot per (x, y); weight (rows behind the dot) sets its size, and may be empty.
std::string scatter_chart(const std::vector<double>& x, const std::vector<double>& y,
                          const std::vector<double>& weight, const Axes& axes);

// 950, 12k, 3.4M: short tick labels.
std::string short_number(double v);

}  // namespace slidedb
