#include "report/html_page.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "families/families.h"
#include "puzzle/html.h"
#include "report/player.h"
#include "report/player_js.h"
#include "report/state_space.h"
#include "report/svg_chart.h"
#include "puzzle/text.h"

namespace slidedb {

namespace {

constexpr const char* kStyle = R"css(
:root { --ink: #1f2933; --muted: #66717f; --line: #e2e6ea; --accent: #d1343b; --bg: #fbfaf7; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header { padding: 22px 32px 12px; background: #fff; border-bottom: 1px solid var(--line); }
header h1 { margin: 0; font-size: 24px; }
header p { margin: 4px 0 0; color: var(--muted); }
nav { margin-top: 10px; display: flex; gap: 14px; flex-wrap: wrap; }
nav a { color: var(--accent); text-decoration: none; font-weight: 600; }
main { max-width: 1120px; margin: 0 auto; padding: 8px 32px 48px; }
h2 { margin: 34px 0 6px; font-size: 21px; border-bottom: 2px solid var(--accent); display: inline-block; }
h3 { margin: 22px 0 8px; font-size: 16px; }
table { border-collapse: collapse; background: #fff; border: 1px solid var(--line); }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: middle; text-align: left; }
th { background: #f2f4f6; font-weight: 600; font-size: 13px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.text { max-width: 420px; overflow-wrap: anywhere; }
tr:nth-child(even) td { background: #fcfcfd; }
pre.boardtext { margin: 0; font: 13px/1.1 ui-monospace, monospace; }
.figures { display: flex; flex-wrap: wrap; gap: 12px; }
.figure { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 96px; }
.figure b { display: block; font-size: 26px; font-variant-numeric: tabular-nums; }
.figure span { color: var(--muted); font-size: 13px; }
.empty, .note { color: var(--muted); }
details > summary { cursor: pointer; color: var(--muted); margin: 6px 0; }
svg.chart { width: 100%; max-width: 680px; height: auto; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
svg.chart .bar { fill: #3a7bd5; } svg.chart .bar:hover { fill: var(--accent); }
svg.chart .point { fill: #3a7bd5; fill-opacity: .28; }
svg.chart .series { fill: none; stroke-width: 2; }
svg.chart .legend { font-size: 12px; font-weight: 600; }
svg.chart .legend.c0 { fill: #3a7bd5; } svg.chart .legend.c1 { fill: #d1343b; } svg.chart .legend.c2 { fill: #2a9d8f; } svg.chart .legend.c3 { fill: #e09f3e; }
svg.chart .axis { fill: none; stroke: #9aa5b1; } svg.chart .gridline { stroke: #eef1f4; }
svg.chart text { font-size: 11px; fill: var(--muted); } svg.chart .axis-label { font-size: 12px; fill: var(--ink); }
svg.board { display: block; }
svg.board .frame { fill: #5b4636; } svg.board .floor, svg.board .exit { fill: #efe3c8; }
svg.board .arrow { fill: var(--accent); opacity: .7; }
svg.board .grid { stroke: #dccca8; stroke-width: 1; fill: none; }
svg.board .fixed { fill: #3e4249; }
svg.board g.block { transition: transform .35s ease; }
svg.board g.block text { fill: #fff; font-weight: 700; text-anchor: middle; dominant-baseline: central; font-family: system-ui, sans-serif; }
svg.board g.blocker rect { stroke: #111; stroke-width: 2; }
svg.board .blocked { fill: rgba(209, 52, 59, .28); stroke: var(--accent); stroke-width: 1.5; stroke-dasharray: 3 2; }
svg.board.blocks .floor { stroke: #dccca8; stroke-width: 1; } svg.board .goal { fill: rgba(209, 52, 59, .22); }
.player.small svg.board { width: 132px; }
.player.large svg.board { width: 320px; }
.player.large { margin: 18px 0 8px; }
.player:focus { outline: 2px solid #ffd166; outline-offset: 2px; border-radius: 6px; }
.featured { display: flex; gap: 32px; flex-wrap: wrap; align-items: flex-start; }
.player.done svg.board g.prisoner rect, .player.done svg.board g.prisoner path { filter: drop-shadow(0 0 3px #ffd166); }
.controls { display: flex; gap: 3px; align-items: center; margin-top: 4px; }
.controls button { font-size: 12px; padding: 1px 6px; border: 1px solid #c8ced5; border-radius: 4px; background: #fff; cursor: pointer; }
.controls button:disabled { opacity: .4; cursor: default; }
svg.graph { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 6px; }
.counter { font-size: 12px; color: var(--muted); margin-left: 4px; font-variant-numeric: tabular-nums; }
)css";

std::string anchor(const std::string& s) {
    std::string out;
    for (char ch : s) out += std::isalnum(static_cast<unsigned char>(ch)) ? static_cast<char>(std::tolower(ch)) : '-';
    return out;
}


double number(const std::string& s) {
    try {
        return s.empty() ? 0.0 : std::stod(s);
    } catch (const std::exception&) {
        return 0.0;
    }
}

std::string chart_svg(const ReportSection& s);

// "per COLUMN": one chart for each value of the column, in the rows' order.
std::string charts_per(const ReportSection& s) {
    const int pi = column_index(s.table, s.chart.per);
    if (pi < 0) return {};
    std::vector<std::string> values;
    for (const auto& row : s.table.rows)
        if (std::find(values.begin(), values.end(), row[static_cast<std::size_t>(pi)]) == values.end())
            values.push_back(row[static_cast<std::size_t>(pi)]);
    std::string out;
    for (const std::string& value : values) {
        ReportSection one = s;
        one.chart.per.clear();
        std::erase_if(one.table.rows, [&](const auto& row) { return row[static_cast<std::size_t>(pi)] != value; });
        out += "<h4>" + html_escape(s.chart.per + ": " + value) + "</h4>" + chart_svg(one);
    }
    return out;
}

std::string chart_svg(const ReportSection& s) {
    if (!s.chart.per.empty()) return charts_per(s);
    const Table& t = s.table;
    const int xi = column_index(t, s.chart.x), yi = column_index(t, s.chart.y);
    if (xi < 0 || yi < 0 || t.rows.empty()) return {};
    const int wi = s.chart.weight.empty() ? -1 : column_index(t, s.chart.weight);
    Axes axes{s.chart.x, s.chart.y, s.chart.log_y};
    std::vector<std::string> labels;
    std::vector<double> xs, ys, ws;
    for (const auto& row : t.rows) {
        labels.push_back(row[static_cast<std::size_t>(xi)]);
        xs.push_back(number(row[static_cast<std::size_t>(xi)]));
        ys.push_back(number(row[static_cast<std::size_t>(yi)]));
        if (wi >= 0) ws.push_back(number(row[static_cast<std::size_t>(wi)]));
    }
    switch (s.chart.kind) {
        case Chart::Kind::Bars: return bar_chart(labels, ys, axes);
        case Chart::Kind::Line: {
            std::vector<Series> series{{s.chart.y, ys}};
            for (const std::string& name : s.chart.more_y) {
                const int ci = column_index(t, name);
                if (ci < 0) continue;
                Series more{name, {}};
                for (const auto& row : t.rows) more.y.push_back(number(row[static_cast<std::size_t>(ci)]));
                series.push_back(std::move(more));
            }
            if (series.size() > 1) axes.y_label = "boards";
            return line_chart(xs, series, axes);
        }
        case Chart::Kind::Points: return scatter_chart(xs, ys, ws, axes);
        case Chart::Kind::None: break;
    }
    return {};
}

// A one-row table of numbers reads best as a row of figures.
bool is_figures(const Table& t) {
    if (t.rows.size() != 1 || t.columns.size() < 3) return false;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (c >= t.numeric.size() || !t.numeric[c]) return false;
    return true;
}

std::string figures_html(const Table& t) {
    std::string out = "<div class=\"figures\">";
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        std::string name = t.columns[c];
        for (char& ch : name)
            if (ch == '_') ch = ' ';
        out += fmt::format("<div class=\"figure\"><b>{}</b><span>{}</span></div>", html_escape(t.rows[0][c]),
                           html_escape(name));
    }
    return out + "</div>";
}

class PageWriter {
public:
    PageWriter(const PictureLookup& lookup, const PageOptions& options) : lookup_(lookup), options_(options) {}

    std::string state_space(std::int64_t id) {
        if (!lookup_) return {};
        const auto p = lookup_(id);
        return p ? state_space_html(*p) : std::string();
    }

    std::string picture(std::int64_t id, const std::string& size) {
        if (!lookup_) return {};
        const auto p = lookup_(id);
        return p ? player_html(*p, size) : std::string();
    }

    // A board given as text (no id): a still picture.
    // `family` and `exit` come from the row's columns of those names, when
    // it has them; a board of no family given is taken as the first family's.
    std::string board_picture(const std::string& text, const std::string& family, const std::string& exit) {
        PuzzlePicture p;
        p.puzzle.family = family.empty() ? std::string(families().front()->name()) : family;
        p.puzzle.board = text;
        if (!exit.empty()) p.puzzle.exit_side = exit;
        const std::string picture = player_html(p, "small");
        return picture.empty() ? "<pre class=\"boardtext\">" + html_escape(text) + "</pre>" : picture;
    }

    // `charted`: the section has a chart, which replaces a text histogram column.
    std::string table_html(const Table& t, bool charted) {
        if (t.rows.empty()) return "<p class=\"empty\">none</p>";
        const int id_col = column_index(t, "id");
        const int board_col = column_index(t, "board");
        const int exit_col = column_index(t, "exit");
        const int family_col = column_index(t, "family");
        const int hist_col = charted ? column_index(t, "histogram") : -1;
        const bool pictures = t.rows.size() <= options_.max_pictures;
        // With an id and no board column, the picture goes right after the id.
        const bool add_picture = pictures && id_col >= 0 && board_col < 0 && lookup_;
        std::string out = "<table><thead><tr>";
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (static_cast<int>(c) == hist_col) continue;
            const bool num = c < t.numeric.size() && t.numeric[c];
            out += fmt::format("<th{}>{}</th>", num ? " class=\"num\"" : "", html_escape(t.columns[c]));
            if (add_picture && static_cast<int>(c) == id_col) out += "<th>board</th>";
        }
        out += "</tr></thead><tbody>";
        for (const auto& row : t.rows) {
            out += "<tr>";
            std::string id_picture;
            if (pictures && id_col >= 0) {
                const std::string& v = row[static_cast<std::size_t>(id_col)];
                if (!v.empty()) id_picture = picture(static_cast<std::int64_t>(number(v)), "small");
            }
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                const int ci = static_cast<int>(c);
                if (ci == hist_col) continue;
                const std::string& v = row[c];
                if (ci == board_col && pictures) {
                    const std::string exit = exit_col >= 0 ? row[static_cast<std::size_t>(exit_col)] : "";
                    const std::string family = family_col >= 0 ? row[static_cast<std::size_t>(family_col)] : "";
                    out += "<td>" + (!id_picture.empty() ? id_picture : board_picture(v, family, exit)) + "</td>";
                } else if (c < t.numeric.size() && t.numeric[c]) {
                    out += "<td class=\"num\">" + html_escape(v) + "</td>";
                } else if (v.find('\n') != std::string::npos) {
                    out += "<td><pre class=\"boardtext\">" + html_escape(v) + "</pre></td>";
                } else {
                    out += "<td class=\"text\">" + html_escape(v) + "</td>";
                }
                if (add_picture && ci == id_col) out += "<td>" + id_picture + "</td>";
            }
            out += "</tr>";
        }
        return out + "</tbody></table>";
    }

    std::string section_html(const ReportSection& s) {
        std::string out;
        if (!s.title.empty()) out += "<h3>" + html_escape(s.title) + "</h3>";
        const std::string chart = chart_svg(s);
        if (s.chart.kind == Chart::Kind::Points) {
            if (chart.empty()) return out + "<p class=\"empty\">none</p>";
            return out + chart +
                   fmt::format("<p class=\"note\">{} points; a dot's size grows with the puzzles it stands for.</p>",
                               s.table.rows.size());
        }
        out += chart;
        if (is_figures(s.table)) return out + figures_html(s.table);
        const std::string table = table_html(s.table, !chart.empty());
        if (!chart.empty() && s.table.rows.size() > 12)
            return out + "<details><summary>the numbers</summary>" + table + "</details>";
        const bool has_pictures = column_index(s.table, "id") >= 0 || column_index(s.table, "board") >= 0;
        if (s.table.rows.size() > 25 && !has_pictures)
            return out + fmt::format("<details><summary>{} rows</summary>", s.table.rows.size()) + table + "</details>";
        return out + table;
    }

private:
    const PictureLookup& lookup_;
    const PageOptions& options_;
};

}  // namespace

std::string_view report_style() { return kStyle; }

namespace {

struct MainPart {
    std::string nav, body;
};

MainPart main_part(const std::vector<Report>& reports, const PictureLookup& lookup, const PageOptions& options) {
    PageWriter w(lookup, options);
    std::string body;
    std::string nav;
    const bool several = reports.size() > 1;
    // Featured puzzles stand beside the first section (the puzzle's figures).
    bool beside_done = options.featured.empty();
    if (!beside_done) {
        body += "<div class=\"featured\">";
        for (std::int64_t id : options.featured) body += w.picture(id, "large");
        if (!reports.empty() && !reports[0].sections.empty())
            body += "<section>" + w.section_html(reports[0].sections[0]) + "</section>";
        body += "</div>";
    }
    for (const Report& r : reports) {
        const std::string id = "report-" + anchor(r.name);
        if (several) {
            nav += fmt::format("<a href=\"#{}\">{}</a>", id, html_escape(r.name));
            body += fmt::format("<h2 id=\"{}\">{}</h2>", id, html_escape(r.name));
        }
        for (const ReportSection& s : r.sections) {
            if (!beside_done) {  // already drawn beside the featured puzzles
                beside_done = true;
                continue;
            }
            body += "<section>" + w.section_html(s) + "</section>";
        }
    }
    // The featured puzzles' clusters close the page: large pictures.
    for (std::int64_t id : options.featured) body += w.state_space(id);
    return {nav, body};
}

}  // namespace

std::string html_main(const std::vector<Report>& reports, const PictureLookup& lookup, const PageOptions& options) {
    MainPart m = main_part(reports, lookup, options);
    return m.nav.empty() ? m.body : "<nav>" + m.nav + "</nav>" + m.body;
}

std::string html_page(const std::vector<Report>& reports, const PictureLookup& lookup, const PageOptions& options) {
    const auto [nav, body] = main_part(reports, lookup, options);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
    out += "<title>" + html_escape(options.title) + "</title><style>" + kStyle + "</style></head>\n<body>";
    out += "<header><h1>" + html_escape(options.title) + "</h1>";
    if (!options.subtitle.empty()) out += "<p>" + html_escape(options.subtitle) + "</p>";
    if (!nav.empty()) out += "<nav>" + nav + "</nav>";
    out += "</header>\n<main>" + body + "</main>\n<script>" + std::string(player_js()) + "</script></body></html>\n";
    return out;
}

}  // namespace slidedb
