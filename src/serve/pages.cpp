// The pages: summary, puzzle list, a puzzle (with its player and a board to
// play), the editor, the screenshot upload, the SQL box and the reports.
// Everything from the database or a request is escaped on its way in.
#include <fmt/format.h>

#include "families/families.h"
#include "puzzle/html.h"
#include "report/html_page.h"
#include "report/player_js.h"
#include "serve/app.h"
#include "serve/assets.h"
#include "serve/layout.h"
#include "serve/puzzle_json.h"
#include "serve/puzzle_list.h"
#include "serve/same_origin.h"
#include "serve/sql_box.h"
#include "serve/url.h"
#include "store/puzzle_record.h"
#include "store/report_data.h"
#include "store/query.h"
#include "store/standing.h"

namespace slidedb::serve {

namespace {

std::multimap<std::string, std::string> params_of(const httplib::Request& req) {
    return {req.params.begin(), req.params.end()};
}

std::string number_cell(const std::optional<std::int64_t>& v) {
    return v ? fmt::format("<td class=\"num\">{}</td>", *v) : "<td class=\"num\"></td>";
}

std::string report_html(const App& app, SQLite::Database& db, const Report& r, std::vector<std::int64_t> featured = {}) {
    (void)app;
    PageOptions o;
    o.featured = std::move(featured);
    return html_main({r}, [&db](std::int64_t id) { return load_picture(db, id); }, o);
}

void home(App& app, const httplib::Request&, httplib::Response& res) {
    auto db = app.pool.take();
    const Report r = run_report(app, *db, "summary", {});
    const std::string body = fmt::format("<h1>The database</h1><p class=\"sub\">{}</p>", html_escape(app.options.db)) +
                             report_html(app, *db, r);
    html_reply(res, page_html("slidedb: " + app.options.db, body));
}

std::string select_html(const std::string& name, const std::vector<std::pair<std::string, std::string>>& options,
                        const std::string& chosen) {
    std::string out = fmt::format("<select name=\"{}\">", name);
    for (const auto& [value, label] : options)
        out += fmt::format("<option value=\"{}\"{}>{}</option>", html_escape(value), value == chosen ? " selected" : "",
                           html_escape(label));
    return out + "</select>";
}

std::string optional_text(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : ""; }

void list_page(App& app, const httplib::Request& req, httplib::Response& res) {
    const ListFilter f = parse_filter(params_of(req));
    auto db = app.pool.take();
    const ListPage page = read_list_page(app, *db, f);
    std::vector<std::pair<std::string, std::string>> families_opt{{"", "any family"}};
    for (const Family* fam : families()) families_opt.emplace_back(std::string(fam->name()), std::string(fam->name()));
    std::string body = "<h1>Puzzles</h1><form class=\"filters\" method=\"get\" action=\"/puzzles\">";
    body += select_html("family", families_opt, f.family);
    body += fmt::format("<label>size <input name=\"size\" size=\"4\" placeholder=\"6x6\" value=\"{}\"></label>",
                        f.width ? fmt::format("{}x{}", *f.width, *f.height) : "");
    body += select_html("status",
                        {{"", "any status"}, {"solved", "solved"}, {"unsolvable", "unsolvable"}, {"limit", "limit"},
                         {"enumerated", "enumerated"}, {"unsolved", "not searched"}},
                        f.status);
    body += fmt::format(
        "<label>moves <input name=\"moves_min\" size=\"3\" value=\"{}\">&ndash;<input name=\"moves_max\" size=\"3\" "
        "value=\"{}\"></label>",
        optional_text(f.moves_min), optional_text(f.moves_max));
    body += fmt::format(
        "<label>cluster <input name=\"cluster_min\" size=\"6\" value=\"{}\">&ndash;<input name=\"cluster_max\" "
        "size=\"6\" value=\"{}\"></label>",
        optional_text(f.cluster_min), optional_text(f.cluster_max));
    body += fmt::format("<label>source <input name=\"source\" size=\"14\" value=\"{}\"></label>", html_escape(f.source));
    body += "<label>sort " +
            select_html("sort",
                        {{"id", "id"}, {"moves", "moves"}, {"steps", "steps"}, {"cluster", "cluster"}, {"effort", "effort"}},
                        f.sort) +
            "</label>";
    // Figures sort largest first and ids oldest first unless told otherwise;
    // the menu shows what the URL asked for.
    body += select_html("order", {{"", "usual order"}, {"asc", "ascending"}, {"desc", "descending"}}, f.order);
    body += "<button type=\"submit\" id=\"filter\">Filter</button></form>";
    body += "<table class=\"list\"><thead><tr><th class=\"num\">id</th><th>board</th><th>family</th><th>size</th>"
            "<th>status</th><th class=\"num\">moves</th><th class=\"num\">steps</th><th class=\"num\">cluster</th>"
            "<th class=\"num\">effort</th><th>source</th></tr></thead><tbody>";
    for (const ListRow& r : page.rows) {
        std::string svg;
        try {
            svg = family_of(r.puzzle).board_svg(r.puzzle, {r.id, {}, {}}, 10);
        } catch (const PuzzleError&) {
        }
        body += fmt::format(
            "<tr data-id=\"{0}\"><td class=\"num\"><a href=\"/puzzles/{0}\">{0}</a></td><td class=\"thumb\"><a "
            "href=\"/puzzles/{0}\">{1}</a></td><td>{2}</td><td>{3}x{4}</td><td>{5}</td>",
            r.id, svg, html_escape(r.puzzle.family), r.puzzle.width, r.puzzle.height,
            html_escape(r.status.empty() ? "not searched" : r.status));
        body += number_cell(r.moves) + number_cell(r.steps) + number_cell(r.cluster_size) + number_cell(r.examined);
        body += "<td class=\"text\">" + html_escape(r.source) + "</td></tr>";
    }
    body += "</tbody></table>";
    if (page.rows.empty()) body += "<p class=\"empty\">No puzzle matches.</p>";
    body += "<p class=\"pager\">";
    // Pages beside this one start from its first and last rows (cursors),
    // so however deep, each is read along the sort's index; the page's
    // number only labels it. The first and the last page need none: the
    // last is the list read from its end (page -1), and pages counted from
    // there are numbered -2, -3, ...
    auto link = [&](const char* rel, const std::string& query, const char* text) {
        body += fmt::format("<a rel=\"{}\" href=\"/puzzles?{}\">{}</a>", rel, html_escape(query), text);
    };
    if (!page.previous.empty()) {
        link("first", filter_query(f, 1), "&laquo; first");
        body += " ";
        link("prev",
             f.page == 2 ? filter_query(f, 1) : filter_query(f, f.page - 1) + "&before=" + url_encode(page.previous),
             "&larr; previous");
        body += " ";
    }
    body += f.page > 0 ? fmt::format("page {}", f.page)
                       : f.page == -1 ? std::string("last page") : fmt::format("page {} from the end", -f.page);
    if (!page.next.empty()) {
        body += " ";
        link("next",
             f.page == -2 ? filter_query(f, -1) : filter_query(f, f.page + 1) + "&after=" + url_encode(page.next),
             "next &rarr;");
        body += " ";
        link("last", filter_query(f, -1), "last &raquo;");
    }
    body += "</p>";
    html_reply(res, page_html("slidedb: puzzles", body));
}

void puzzle_page(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::int64_t id = std::stoll(req.matches[1]);
    auto db = app.pool.take();
    const auto rec = load_puzzle(*db, id);
    if (!rec) throw HttpError(404, fmt::format("no puzzle with id {}", id));
    const Family& family = family_of(rec->puzzle);
    std::string body = fmt::format("<h1>Puzzle {}</h1><p class=\"sub\">{}</p>", id, html_escape(family.summary(rec->puzzle)));
    // The optimum the player is told: the stored search's, else the
    // enumeration's when the puzzle is an enumerated one (its moves are
    // its cluster's greatest distance to the goal, found by the search).
    std::string optimum = rec->result && rec->result->moves >= 0 ? std::to_string(rec->result->moves) : "";
    const auto standing = puzzle_standing(*db, id);
    if (optimum.empty() && standing && standing->cluster_puzzle == id) optimum = std::to_string(standing->cluster_moves);
    if (standing) {
        const Standing& s = *standing;
        body += fmt::format("<p class=\"rank\" id=\"rank\">Rank: {} moves, {}</p>", s.moves, html_escape(s.sentence()));
        if (s.cluster_puzzle && *s.cluster_puzzle != id)
            body += fmt::format("<p>Cluster: enumerated as <a href=\"/puzzles/{0}\">puzzle {0}</a> ({1} moves, {2} boards)</p>",
                                *s.cluster_puzzle, s.cluster_moves, s.cluster_size);
    }
    // Play it yourself: the bare board, moved by the page's script and
    // checked by the server (/api/hint) after every move.
    const std::string text = file_text(family, rec->puzzle);
    body += fmt::format(
        "<section class=\"play\" data-board=\"{}\" data-optimum=\"{}\"><h3>Play it yourself</h3>"
        "<div class=\"playboard\">{}</div><div class=\"controls\">"
        "<button type=\"button\" data-act=\"undo\">Undo</button><button type=\"button\" data-act=\"reset\">Reset</button>"
        "<button type=\"button\" data-act=\"hint\">Hint</button><button type=\"button\" data-act=\"distance\">Distance</button>"
        "<span class=\"played\">0 moves</span></div><p class=\"message\" aria-live=\"polite\"></p></section>",
        html_escape(text), optimum, family.board_svg(rec->puzzle, {id, {}, {}}, 40));
    body += fmt::format(
        "<p class=\"actions\"><a href=\"/api/puzzles/{0}/file\" download>Export</a> "
        "<a href=\"/editor#board={1}\">Open in the editor</a> <a href=\"/api/puzzles/{0}\">JSON</a></p>",
        id, html_escape(url_encode(text)));
    const Report r = run_report(app, *db, "puzzle", {{"id", std::to_string(id)}});
    body += "<h2>The solution and the search</h2>" + report_html(app, *db, r, {id});
    html_reply(res, page_html(fmt::format("slidedb: puzzle {}", id), body));
}

void puzzle_file(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::int64_t id = std::stoll(req.matches[1]);
    auto db = app.pool.take();
    const auto rec = load_puzzle(*db, id);
    if (!rec) throw HttpError(404, fmt::format("no puzzle with id {}", id));
    res.set_header("Content-Disposition", fmt::format("attachment; filename=\"puzzle-{}.txt\"", id));
    res.set_content(file_text(family_of(rec->puzzle), rec->puzzle), "text/plain; charset=utf-8");
}

// Why Save is off, under the buttons of a read-only server's pages.
std::string read_only_note(const App& app) {
    return app.options.read_only ? "Save is off: the server runs with --read-only, so it stores nothing." : "";
}

// Every family's mouse editor (assets editor_<family>.js): the page loads
// them all and the script picks one by the family the API names.
std::string editor_scripts() {
    std::string out;
    for (const Asset& a : assets())
        if (a.name.starts_with("editor_") && a.name.ends_with(".js"))
            out += fmt::format("<script src=\"/assets/{}\"></script>", a.name);
    return out;
}

void editor_page(App& app, const httplib::Request&, httplib::Response& res) {
    // A board to start from per family: the first of the database's.
    std::string starts;
    auto db = app.pool.take();
    std::string options;
    for (const Family* f : families()) {
        std::string text;
        if (const auto first = first_puzzle_of(*db, std::string(f->name()))) text = file_text(*f, *first);
        options += fmt::format("<option value=\"{0}\" data-start=\"{1}\">{0}: {2}</option>", html_escape(f->name()),
                               html_escape(text), html_escape(f->description()));
    }
    std::string body = fmt::format(
        "<h1>Board editor</h1><section class=\"editor\"{}>"
        "<p><label>Family <select id=\"family\">{}</select></label> <button type=\"button\" id=\"new\">"
        "The database's first</button> <button type=\"button\" id=\"empty\">An empty board</button></p>"
        "<div id=\"canvas\" class=\"boardcanvas\"></div>"
        "<div class=\"editrow\"><textarea id=\"board\" rows=\"12\" cols=\"40\" spellcheck=\"false\" "
        "placeholder=\"A board in its family's file format\"></textarea><div id=\"preview\"></div></div>"
        "<p id=\"check\" class=\"message\" aria-live=\"polite\"></p>"
        "<p class=\"controls\"><button type=\"button\" id=\"solve\">Solve</button>"
        "<button type=\"button\" id=\"export\">Export</button><button type=\"button\" id=\"share\">Share</button>"
        "<button type=\"button\" id=\"save\"{}>Save</button></p><p id=\"saved\" class=\"message\">{}</p>"
        "<div id=\"result\"></div></section>{}",
        app.options.read_only ? " data-read-only=\"1\"" : "", options,
        app.options.read_only ? " disabled title=\"the server is read-only\"" : "", read_only_note(app),
        editor_scripts());
    html_reply(res, page_html("slidedb: board editor", body));
}

void upload_page(App& app, const httplib::Request&, httplib::Response& res) {
    std::string body = fmt::format(
        "<h1>Read a screenshot</h1><section class=\"upload\"{}>"
        "<div id=\"drop\" class=\"drop\">Drop a PNG or JPEG here, or <input type=\"file\" id=\"picture\" "
        "accept=\"image/png,image/jpeg\"> (up to {} bytes)</div>"
        "<p id=\"scanned\" class=\"message\" aria-live=\"polite\"></p><div id=\"preview\"></div>"
        "<p class=\"controls\"><button type=\"button\" id=\"solve\" disabled>Solve</button>"
        "<button type=\"button\" id=\"edit\" disabled>Open in the editor</button>"
        "<button type=\"button\" id=\"save\" disabled{}>Save</button></p><p id=\"saved\" class=\"message\">{}</p>"
        "<div id=\"result\"></div></section>",
        app.options.read_only ? " data-read-only=\"1\"" : "", app.options.limits.image_bytes,
        app.options.read_only ? " title=\"the server is read-only\"" : "", read_only_note(app));
    html_reply(res, page_html("slidedb: screenshot", body));
}

std::string table_html(const Table& t) {
    std::string out = "<table class=\"sql\"><thead><tr>";
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        out += fmt::format("<th{}>{}</th>", c < t.numeric.size() && t.numeric[c] ? " class=\"num\"" : "",
                           html_escape(t.columns[c]));
    out += "</tr></thead><tbody>";
    for (const auto& row : t.rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool num = c < t.numeric.size() && t.numeric[c];
            out += fmt::format("<td class=\"{}\">{}</td>", num ? "num" : "text", html_escape(row[c]));
        }
        out += "</tr>";
    }
    return out + "</tbody></table>";
}

void query_page(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::string sql = req.get_param_value("sql");
    std::string body = fmt::format(
        "<h1>Ask the database</h1><form method=\"get\" action=\"/query\" class=\"sqlbox\">"
        "<textarea name=\"sql\" rows=\"6\" cols=\"80\" spellcheck=\"false\" placeholder=\"SELECT * FROM hardest LIMIT 10\">{}</textarea>"
        "<p><button type=\"submit\" id=\"run\">Run</button> One read-only statement, as <code>slidedb query</code> "
        "runs it; it stops after {} s.</p></form>",
        html_escape(sql), app.options.limits.sql_seconds);
    if (!sql.empty() && SameOrigin::from_another_site(req)) {
        // A link from another site fills the box; running it is the user's.
        body += "<p id=\"notrun\">A link from another site filled in this statement; it has not run. Read it, "
                "then press Run.</p>";
    } else if (!sql.empty()) {
        if (sql.size() > app.options.limits.text_bytes) throw HttpError(413, "the statement is too long");
        const std::int64_t page = req.has_param("page") ? page_number(req.get_param_value("page")) : 1;
        const WorkSlot slot(app.statements);
        auto db = app.pool.take();
        std::string result;
        int status = 200;
        try {
            const SqlPage p = sql_page(*db, sql, page, app.options.limits);
            const std::string q = url_encode(sql);
            result = table_html(p.table);
            // A download gives up to download_rows rows: past them, no link
            // that could only be refused.
            const std::string download =
                p.too_many_to_download
                    ? fmt::format("<span id=\"nodownload\">over {} rows: too many to download; narrow the "
                                  "statement (LIMIT)</span>",
                                  app.options.limits.download_rows)
                    : fmt::format("download <a id=\"csv\" href=\"/api/query?sql={0}&amp;format=csv\">CSV</a> "
                                  "<a id=\"json\" href=\"/api/query?sql={0}&amp;format=json\">JSON</a>",
                                  html_escape(q));
            result += fmt::format("<p class=\"pager\">{}page {}{} &middot; {}</p>",
                                  page > 1 ? fmt::format("<a href=\"/query?sql={}&amp;page={}\">&larr; previous</a> ", html_escape(q), page - 1) : "",
                                  page,
                                  p.has_more ? fmt::format(" <a href=\"/query?sql={}&amp;page={}\">next &rarr;</a>", html_escape(q), page + 1) : "",
                                  download);
        } catch (const QueryStopped& e) {
            result = "<p class=\"error\" id=\"sqlerror\">" + html_escape(e.what()) + "</p>";
            status = 503;
        } catch (const StoreError& e) {
            // The statement's own fault: shown under the box, which keeps it.
            result = "<p class=\"error\" id=\"sqlerror\">" + html_escape(e.what()) + "</p>";
            status = 400;
        }
        body += result;
        html_reply(res, page_html("slidedb: ask the database", body), status);
        return;
    }
    html_reply(res, page_html("slidedb: ask the database", body));
}

void reports_page(App& app, const httplib::Request&, httplib::Response& res) {
    std::string body = "<h1>Reports</h1><ul class=\"reports\">";
    for (const std::string& n : report_names(app))
        body += fmt::format("<li><a href=\"/reports/{0}\">{0}</a></li>", html_escape(n));
    body += "</ul>";
    html_reply(res, page_html("slidedb: reports", body));
}

void report_page(App& app, const httplib::Request& req, httplib::Response& res) {
    const WorkSlot slot(app.statements);
    auto db = app.pool.take();
    const std::string name = req.matches[1];
    const Report r = run_report(app, *db, name, params_of(req));
    html_reply(res, page_html("slidedb: " + name, "<h1>" + html_escape(name) + "</h1>" + report_html(app, *db, r)));
}

void asset(const httplib::Request& req, httplib::Response& res) {
    const std::string name = req.matches[1];
    auto type = [](const std::string& n) {
        return n.ends_with(".css")   ? "text/css; charset=utf-8"
               : n.ends_with(".svg") ? "image/svg+xml"
                                     : "text/javascript; charset=utf-8";
    };
    if (name == "report.css") return res.set_content(std::string(report_style()), type(name));
    if (name == "player.js") return res.set_content(std::string(player_js()), type(name));
    for (const Asset& a : assets())
        if (a.name == name) return res.set_content(std::string(a.text), type(name));
    throw HttpError(404, "no such asset");
}

// Where a browser looks for the icon unasked; the pages name it too.
void favicon(const httplib::Request&, httplib::Response& res) {
    for (const Asset& a : assets())
        if (a.name == "favicon.svg") return res.set_content(std::string(a.text), "image/svg+xml");
    throw HttpError(404, "no icon");
}

}  // namespace

void add_pages(App& app, Router& router) {
    auto bind = [&app](void (*f)(App&, const httplib::Request&, httplib::Response&)) {
        return [&app, f](const httplib::Request& req, httplib::Response& res) { f(app, req, res); };
    };
    router.get("/", bind(home));
    router.get("/puzzles", bind(list_page));
    router.get(R"(/puzzles/(\d{1,18}))", bind(puzzle_page));
    router.get(R"(/api/puzzles/(\d{1,18})/file)", bind(puzzle_file));
    router.get("/editor", bind(editor_page));
    router.get("/upload", bind(upload_page));
    router.get("/query", bind(query_page));
    router.get("/reports", bind(reports_page));
    router.get(R"(/reports/([A-Za-z0-9_.-]{1,100}))", bind(report_page));
    router.get(R"(/assets/([A-Za-z0-9_-]{1,60}\.(?:js|css|svg)))", asset);
    router.get("/favicon.ico", favicon);
}

}  // namespace slidedb::serve
