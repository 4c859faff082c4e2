#include "report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "puzzle/html.h"

namespace slidedb {

namespace {

constexpr double kWidth = 640, kHeight = 270;
constexpr double kLeft = 64, kRight = 16, kTop = 14, kBottom = 44;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

// A 1-2-5 step giving about `ticks` intervals over span.
double nice_step(double span, int ticks) {
    if (span <= 0) return 1;
    const double raw = span / ticks;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10 * p;
}

// Maps data y to the plot, linear from 0 or in decades. Counts (every
// value whole) tick at whole numbers: no 0.2 of a puzzle.
struct YScale {
    bool log = false;
    bool whole = true;
    double lo = 0, hi = 1;
    YScale(const std::vector<double>& ys, bool log_y) : log(log_y) {
        double top = 0;
        for (double y : ys) {
            top = std::max(top, y);
            whole = whole && y == std::floor(y);
        }
        if (log) {
            lo = 0;
            hi = std::max(1.0, std::ceil(std::log10(std::max(top, 1.0))));
        } else {
            const double step = linear_step(top);
            hi = std::max(step, std::ceil(top / step) * step);
        }
    }
    double linear_step(double span) const {
        const double step = nice_step(span, 5);
        return whole ? std::max(1.0, step) : step;
    }
    double operator()(double y) const {
        const double v = log ? std::log10(std::max(y, 1.0)) : y;
        return kTop + kPlotH * (1 - (v - lo) / (hi - lo));
    }
    std::vector<double> ticks() const {
        std::vector<double> out;
        if (log) {
            const int every = static_cast<int>(std::ceil((hi - lo) / 6));
            for (int k = 0; k <= static_cast<int>(hi); k += std::max(1, every)) out.push_back(std::pow(10.0, k));
        } else {
            const double step = linear_step(hi);
            for (double v = 0; v <= hi + step / 2; v += step) out.push_back(v);
        }
        return out;
    }
};

struct XScale {
    double lo = 0, hi = 1;
    XScale(const std::vector<double>& xs) {
        if (xs.empty()) return;
        lo = *std::min_element(xs.begin(), xs.end());
        hi = *std::max_element(xs.begin(), xs.end());
        if (hi <= lo) hi = lo + 1;
        const double margin = (hi - lo) * 0.03;
        lo -= margin;
        hi += margin;
    }
    double operator()(double x) const { return kLeft + kPlotW * (x - lo) / (hi - lo); }
};

std::string open_svg(const std::string& kind) {
    return fmt::format("<svg class=\"chart {}\" viewBox=\"0 0 {} {}\" role=\"img\">", kind, kWidth, kHeight);
}

std::string y_axis(const YScale& y, const Axes& axes) {
    std::string out;
    for (double t : y.ticks()) {
        const double py = y(t);
        out += fmt::format("<path class=\"gridline\" d=\"M{} {:.1f}H{}\"/>", kLeft, py, kLeft + kPlotW);
        out += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>", kLeft - 6,
                           py + 4, short_number(t));
    }
    out += fmt::format("<text class=\"axis-label\" transform=\"translate(14 {:.1f}) rotate(-90)\" "
                       "text-anchor=\"middle\">{}{}</text>",
                       kTop + kPlotH / 2, html_escape(axes.y_label), axes.log_y ? " (log)" : "");
    return out;
}

std::string x_label(const Axes& axes) {
    return fmt::format("<text class=\"axis-label\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       kLeft + kPlotW / 2, kHeight - 6, html_escape(axes.x_label));
}

std::string x_ticks(const XScale& x, double lo, double hi) {
    std::string out;
    const double step = std::max(1.0, nice_step(hi - lo, 8));
    for (double t = std::ceil(lo / step) * step; t <= hi; t += step)
        out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x(t),
                           kTop + kPlotH + 16, short_number(t));
    return out;
}

std::string frame() {
    return fmt::format("<path class=\"axis\" d=\"M{} {}V{}H{}\"/>", kLeft, kTop, kTop + kPlotH, kLeft + kPlotW);
}

}  // namespace

std::string short_number(double v) {
    const double a = std::fabs(v);
    auto trimmed = [](double x, const char* unit) {
        std::string s = fmt::format("{:.1f}", x);
        if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
        return s + unit;
    };
    if (a >= 1e9) return trimmed(v / 1e9, "G");
    if (a >= 1e6) return trimmed(v / 1e6, "M");
    if (a >= 1e4) return trimmed(v / 1e3, "k");
    if (a == std::floor(a)) return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{:.2g}", v);
}

// A value in a tooltip: whole, or the shortest text that reads back the
// same double, as the tables print it (ticks are short_number's).
std::string tooltip_number(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
}

std::string bar_chart(const std::vector<std::string>& labels, const std::vector<double>& values, const Axes& axes) {
    const YScale y(values, axes.log_y);
    std::string out = open_svg("bars") + y_axis(y, axes);
    const std::size_t n = std::max<std::size_t>(1, values.size());
    const double slot = kPlotW / static_cast<double>(n);
    // Numbers as 12k; labels spaced so they never overlap (about 6.5 units a character).
    std::vector<std::string> shown;
    std::size_t widest = 1;
    for (const std::string& l : labels) {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(l, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        shown.push_back(used == l.size() && !l.empty() ? short_number(v) : l);
        widest = std::max(widest, shown.back().size());
    }
    const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil((static_cast<double>(widest) * 6.5 + 4) / slot)));
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double x = kLeft + slot * static_cast<double>(i);
        const double top = y(values[i]);
        const double h = kTop + kPlotH - top;
        out += fmt::format("<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
                           "<title>{}: {}</title></rect>",
                           x + slot * 0.1, top, slot * 0.8, std::max(h, 0.0), html_escape(labels[i]),
                           tooltip_number(values[i]));
        if (i % every == 0)
            out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                               x + slot / 2, kTop + kPlotH + 16, html_escape(shown[i]));
    }
    return out + frame() + x_label(axes) + "</svg>";
}

std::string line_chart(const std::vector<double>& xs, const std::vector<double>& ys, const Axes& axes) {
    return line_chart(xs, std::vector<Series>{{axes.y_label, ys}}, axes);
}

std::string line_chart(const std::vector<double>& xs, const std::vector<Series>& series, const Axes& axes) {
    static constexpr const char* kColors[] = {"#3a7bd5", "#d1343b", "#2a9d8f", "#e09f3e"};
    std::vector<double> all;
    for (const Series& s : series) all.insert(all.end(), s.y.begin(), s.y.end());
    const YScale y(all, axes.log_y);
    const XScale x(xs);
    std::string out = open_svg("line") + y_axis(y, axes);
    if (!xs.empty()) out += x_ticks(x, xs.front(), xs.back());
    for (std::size_t k = 0; k < series.size(); ++k) {
        const char* color = kColors[k % std::size(kColors)];
        const Series& s = series[k];
        std::string path;
        for (std::size_t i = 0; i < xs.size() && i < s.y.size(); ++i)
            path += fmt::format("{}{:.1f} {:.1f}", i ? "L" : "M", x(xs[i]), y(s.y[i]));
        out += fmt::format("<path class=\"series\" stroke=\"{}\" d=\"{}\"/>", color, path);
        for (std::size_t i = 0; i < xs.size() && i < s.y.size(); ++i)
            out += fmt::format("<circle class=\"dot\" fill=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\">"
                               "<title>{} {}: {}</title></circle>",
                               color, x(xs[i]), y(s.y[i]), html_escape(s.name), tooltip_number(xs[i]),
                               tooltip_number(s.y[i]));
        if (series.size() > 1)
            // Coloured by class (the style sheet's .c0...), as a page whose
            // policy refuses style attributes draws it.
            out += fmt::format("<text class=\"legend c{}\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                               k % std::size(kColors), kLeft + kPlotW - 6, kTop + 14 + 15 * static_cast<double>(k),
                               html_escape(s.name));
    }
    return out + frame() + x_label(axes) + "</svg>";
}

std::string scatter_chart(const std::vector<double>& xs, const std::vector<double>& ys,
                          const std::vector<double>& weight, const Axes& axes) {
    const YScale y(ys, axes.log_y);
    const XScale x(xs);
    std::string out = open_svg("scatter") + y_axis(y, axes);
    if (!xs.empty()) out += x_ticks(x, *std::min_element(xs.begin(), xs.end()), *std::max_element(xs.begin(), xs.end()));
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double w = i < weight.size() ? std::max(weight[i], 1.0) : 1.0;
        out += fmt::format("<circle class=\"point\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>", x(xs[i]), y(ys[i]),
                           std::min(9.0, 1.8 + std::sqrt(w) * 0.9));
    }
    return out + frame() + x_label(axes) + "</svg>";
}

}  // namespace slidedb
