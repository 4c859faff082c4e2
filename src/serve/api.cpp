// The JSON API (README, "serve"): what the pages' scripts call, and what a
// program may call the same way.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <variant>

#include <fmt/format.h>

#include "families/families.h"
#include "image/encode.h"
#include "image/image.h"
#include "report/puzzle_report.h"
#include "report/report_sections.h"
#include "report/table.h"
#include "serve/app.h"
#include "serve/board_work.h"
#include "serve/data_url.h"
#include "serve/json.h"
#include "serve/puzzle_json.h"
#include "serve/puzzle_list.h"
#include "serve/save.h"
#include "serve/sql_box.h"
#include "serve/url.h"
#include "store/puzzle_record.h"
#include "store/query.h"
#include "store/report_data.h"
#include "store/standing.h"

namespace slidedb::serve {

namespace {

std::multimap<std::string, std::string> params_of(const httplib::Request& req) {
    return {req.params.begin(), req.params.end()};
}

// The first puzzle of a request's board text; 400 with the readers' words.
ReadPuzzle board_in(const std::string& text) {
    BoardRead read = read_board(text);
    if (!read.puzzle) throw HttpError(400, error_lines(read.errors));
    return std::move(*read.puzzle);
}

ReadPuzzle board_of(const App& app, const httplib::Request& req) { return board_in(text_body(app, req)); }

// How far a search went: the boards it reached when it stopped inside its
// cluster, else the boards it examined (an informed search, its cluster
// known by formula); "" when neither was counted.
std::string boards_done(const SolveResult& r) {
    if (!r.cluster_complete && r.cluster_size > 0) return fmt::format(" after {} boards", r.cluster_size);
    if (r.examined > 0) return fmt::format(" after examining {} boards", r.examined);
    return "";
}

// A search past its limit is the server's refusal, said plainly.
void refuse_limit(const SolveResult& r, const Limits& limits) {
    if (r.status != Status::Limit) return;
    std::string why;
    switch (r.cut) {
        case Cut::Time: why = fmt::format("its time limit of {} s", limits.solve_seconds); break;
        case Cut::Memory: why = fmt::format("its memory limit of {} bytes", limits.solve_memory); break;
        default: why = fmt::format("its limit of {} boards", limits.solve_states); break;
    }
    std::string reason;
    if (r.cut == Cut::Memory)
        if (const auto said = r.extra("reason")) reason = " (" + *said + ")";
    throw HttpError(503, fmt::format("the search stopped at {}{}{} without reaching the goal", why, reason,
                                     boards_done(r)));
}

// A start whose stored search stopped at a limit as far out as this
// server's own search may go: a hint's search from it would only stop the
// same way, so the stored row answers at once. One stopped sooner (an
// import's smaller --max-states) leaves the server's search to try.
void refuse_stored_limit(App& app, const Puzzle& start) {
    auto db = app.pool.take();
    const auto stored = stored_limit(*db, start);
    if (!stored) return;
    const std::uint64_t reached = stored->result.cluster_size;  // 0: not counted (an informed search)
    if (reached > 0 && reached < app.options.limits.solve_states) return;
    const std::string_view cut = cut_name(stored->result.cut);
    throw HttpError(503, fmt::format("no hint: the stored search of puzzle {} stopped at its {}{}limit{} without "
                                     "reaching the goal, and a hint needs a search that reaches it",
                                     stored->id, cut, cut.empty() ? "" : " ", boards_done(stored->result)));
}

void list(App& app, const httplib::Request& req, httplib::Response& res) {
    const ListFilter f = parse_filter(params_of(req));
    auto db = app.pool.take();
    const ListPage page = read_list_page(app, *db, f);
    Json j;
    j.begin_object().member("page", f.page).member("per_page", f.per_page).member("has_more", page.has_more);
    // Cursors for after= and before=: the way to page through every row.
    auto cursor = [](const std::string& c) { return c.empty() ? std::optional<std::string>() : std::optional(c); };
    j.member("next", cursor(page.next)).member("previous", cursor(page.previous));
    j.key("puzzles").begin_array();
    for (const ListRow& r : page.rows) {
        j.begin_object()
            .member("id", r.id)
            .member("family", r.puzzle.family)
            .member("size", fmt::format("{}x{}", r.puzzle.width, r.puzzle.height))
            .member("status", r.status)
            .member("moves", r.moves)
            .member("steps", r.steps)
            .member("cluster_size", r.cluster_size)
            .member("examined", r.examined)
            .member("source", r.source)
            .end_object();
    }
    j.end_array().end_object();
    json_reply(res, j.str());
}

void puzzle(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::int64_t id = std::stoll(req.matches[1]);
    auto db = app.pool.take();
    const auto rec = load_puzzle(*db, id);
    if (!rec) throw HttpError(404, fmt::format("no puzzle with id {}", id));
    const Family& family = family_of(rec->puzzle);
    Json j;
    j.begin_object().member("id", rec->id);
    puzzle_members(j, family, rec->puzzle);
    j.key("sources").table(rec->sources);
    j.key("solution");
    if (rec->result) {
        j.begin_object();
        result_members(j, *rec->result);
        j.member("solver_version", rec->solver_version);
        j.end_object();
    } else {
        j.null();
    }
    j.key("rank");
    if (const auto s = puzzle_standing(*db, id)) {
        j.begin_object()
            .member("size", s->size)
            .member("moves", s->moves)
            .member("walls", s->walls)
            .member("easier", s->easier)
            .member("harder", s->harder)
            .member("total", s->total)
            .member("harder_than", s->harder_than())
            .member("sentence", s->sentence())
            .member("cluster_puzzle", s->cluster_puzzle)
            .member("cluster_moves", s->cluster_moves)
            .member("cluster_size", s->cluster_size)
            .end_object();
    } else {
        j.null();
    }
    j.end_object();
    json_reply(res, j.str());
}

void validate(App& app, const httplib::Request& req, httplib::Response& res) {
    const BoardRead read = read_board(text_body(app, req));
    Json j;
    j.begin_object().member("ok", read.puzzle.has_value() && read.errors.empty()).member("puzzles", read.puzzles);
    j.key("errors").begin_array();
    for (const ReadError& e : read.errors) j.begin_object().member("line", e.line).member("message", e.message).end_object();
    j.end_array().member("message", error_lines(read.errors));
    if (read.puzzle) {
        const Puzzle& p = read.puzzle->puzzle;
        const Family& family = family_of(p);
        j.member("format", read.puzzle->format);
        puzzle_members(j, family, p);
        j.member("svg", family.board_svg(p, {}, 20));
    }
    j.end_object();
    json_reply(res, j.str());
}

void solve(App& app, const httplib::Request& req, httplib::Response& res) {
    const ReadPuzzle read = board_of(app, req);
    const Family& family = family_of(read.puzzle);
    SolveResult r;
    {
        WorkSlot slot(app.searches);
        r = family.solve(read.puzzle, solve_options(app.options.limits));
    }
    refuse_limit(r, app.options.limits);
    Json j;
    j.begin_object();
    puzzle_members(j, family, read.puzzle);
    j.key("result").begin_object();
    result_members(j, r);
    j.end_object();
    picture_members(j, read.puzzle, r);
    j.end_object();
    json_reply(res, j.str());
}

void hint(App& app, const httplib::Request& req, httplib::Response& res) {
    // The board as the body, the moves in the URL; or both in the body as a
    // form (board=...&moves=...), as the player sends them: its list of
    // moves outgrows a URL (8 KiB, about 1,300 moves).
    // A form is told by its media type and its board field: curl sends
    // board text as a form's type unless told otherwise.
    const std::string& body = text_body(app, req);
    const std::string form_board = is_form_type(req.get_header_value("Content-Type")) ? form_field(body, "board") : "";
    const bool form = !form_board.empty();
    if (form && req.has_param("moves")) throw HttpError(400, "moves go in the form or the URL, not both");
    const ReadPuzzle read = board_in(form ? form_board : body);
    const Family& family = family_of(read.puzzle);
    const std::string moves = form ? form_field(body, "moves") : req.get_param_value("moves");
    // As a URL's parameters are (the server's pre-routing check).
    if (moves.find('\0') != std::string::npos) throw HttpError(400, nul_refusal("moves"));
    if (moves.size() > app.options.limits.text_bytes) throw HttpError(413, "too many moves");
    // The moves first: an illegal one is refused (400) whatever the search.
    family.position(read.puzzle, moves);
    Hint h;
    try {
        refuse_stored_limit(app, read.puzzle);
        {
            WorkSlot slot(app.searches);
            h = serve::hint(family, read.puzzle, moves, solve_options(app.options.limits));
        }
        if (h.status == Status::Limit) {
            SolveResult r;
            r.status = h.status;
            r.cut = h.cut;
            refuse_limit(r, app.options.limits);
        }
    } catch (const std::exception& e) {
        // No hint, but the moves are legal: the player makes them all the
        // same. A search refused (a table not built) or past the limits.
        const auto* http = dynamic_cast<const HttpError*>(&e);
        if (http ? http->status != 503 : !dynamic_cast<const SearchRefused*>(&e)) throw;
        if (http && http->retry_after > 0) res.set_header("Retry-After", std::to_string(http->retry_after));
        Json j;
        j.begin_object().member("error", std::string(e.what()));
        j.member("moves_played", static_cast<std::uint64_t>(count_moves(moves))).end_object();
        json_reply(res, j.str(), 503);
        return;
    }
    Json j;
    j.begin_object().member("moves_played", static_cast<std::uint64_t>(h.moves));
    j.member("solvable", h.status == Status::Solved);
    j.key("distance");
    h.distance >= 0 ? j.value(h.distance) : j.null();
    j.member("solved", h.distance == 0).member("move", h.move);
    // Every move of every family can be taken back: a board the goal cannot
    // be reached from shares its cluster with the start, which was never
    // solvable either.
    if (h.status != Status::Solved)
        j.member("message", "this puzzle is unsolvable: no sequence of moves leads from its start to the goal");
    j.end_object();
    json_reply(res, j.str());
}

// The board a picture shows as the import reads it, and the scanner's
// debug picture (what it saw, or why it refused) as a PNG data: URL.
void scan(App& app, const httplib::Request& req, httplib::Response& res) {
    if (req.body.size() > app.options.limits.image_bytes)
        throw HttpError(413, fmt::format("the picture is {} bytes; pictures are taken up to {} bytes",
                                         req.body.size(), app.options.limits.image_bytes));
    if (req.body.empty()) throw HttpError(400, "no picture in the body: send the PNG or JPEG file's bytes");
    if (!is_picture_bytes(req.body)) {
        const std::string other = other_picture_refusal(req.body);
        throw HttpError(415, other.empty() ? "the body is not a PNG or JPEG picture (board text goes to /api/solve)"
                                           : other);
    }
    Json j;
    j.begin_object().key("puzzles").begin_array();
    std::string error;
    std::optional<Image> debug;
    {
        // The scanner's work is a search of the picture: it takes a slot.
        WorkSlot slot(app.searches);
        auto decoded = decode_image(req.body);
        if (auto* e = std::get_if<DecodeError>(&decoded)) {
            error = e->message;
        } else {
            PictureScan scan = scan_picture(std::get<Image>(decoded), true);
            debug = std::move(scan.debug);
            if (auto* e = std::get_if<PictureError>(&scan.result)) {
                error = e->message;
            } else {
                const PictureRead& p = std::get<PictureRead>(scan.result);
                const Family& family = family_of(p.puzzle);
                j.begin_object();
                puzzle_members(j, family, p.puzzle);
                j.member("format", req.body.starts_with("\x89PNG") ? "png" : "jpeg")
                    .member("svg", family.board_svg(p.puzzle, {}, 20));
                j.member("confidence", p.confidence).member("exit_seen", p.exit_seen);
                j.member("image_width", p.image_width).member("image_height", p.image_height);
                j.member("description", scan.description);
                j.end_object();
            }
        }
    }
    j.end_array().key("errors").begin_array();
    if (!error.empty()) j.value(error);
    j.end_array();
    j.key("debug_png");
    debug ? j.value(data_url("image/png", encode_png(*debug))) : j.null();
    j.end_object();
    json_reply(res, j.str(), error.empty() ? 200 : 422);
}

void save(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::size_t limit = std::max(app.options.limits.text_bytes, app.options.limits.image_bytes);
    if (req.body.size() > limit) throw HttpError(413, "the body is too large to save");
    // A picture is read as an upload, anything else as board text.
    if (req.body.size() > app.options.limits.text_bytes && !is_picture_bytes(req.body))
        throw HttpError(413, fmt::format("text is taken up to {} bytes", app.options.limits.text_bytes));
    const std::vector<Saved> saved = save_board(app, req.body);
    Json j;
    j.begin_object().key("saved").begin_array();
    for (const Saved& s : saved)
        j.begin_object().member("id", s.id).member("key", s.key).member("new", s.is_new).end_object();
    j.end_array().end_object();
    json_reply(res, j.str());
}

void query(App& app, const httplib::Request& req, httplib::Response& res) {
    const std::string sql = req.get_param_value("sql");
    if (sql.size() > app.options.limits.text_bytes) throw HttpError(413, "the statement is too long");
    if (sql.empty()) throw HttpError(400, "no statement: give it as ?sql=...");
    const std::string format = req.has_param("format") ? req.get_param_value("format") : "";
    auto db = app.pool.take();
    if (!format.empty()) {
        if (format != "csv" && format != "json") throw HttpError(400, "format: csv or json");
        if (format == "csv") {
            // A CSV asked for: a refusal is text too, not JSON.
            auto refuse = [&res](int status, const std::string& message) {
                res.status = status;
                res.set_content(message + "\n", "text/plain; charset=utf-8");
            };
            try {
                const WorkSlot slot(app.statements);
                SqlDownload d = sql_download(*db, sql, Format::Csv, app.options.limits);
                res.set_header("Content-Disposition", "attachment; filename=\"query.csv\"");
                body_reply(res, std::move(d.text), "text/csv; charset=utf-8");
            } catch (const HttpError& e) {
                refuse(e.status, e.what());
            } catch (const QueryStopped& e) {
                refuse(503, e.what());
            } catch (const StoreError& e) {
                refuse(400, e.what());
            }
            return;
        }
        const WorkSlot slot(app.statements);
        SqlDownload d = sql_download(*db, sql, Format::Json, app.options.limits);
        res.set_header("Content-Disposition", "attachment; filename=\"query.json\"");
        body_reply(res, std::move(d.text), "application/json; charset=utf-8");
        return;
    }
    const std::int64_t page = req.has_param("page") ? page_number(req.get_param_value("page")) : 1;
    const WorkSlot slot(app.statements);
    const SqlPage p = sql_page(*db, sql, page, app.options.limits);
    Json j;
    j.begin_object().member("page", page).member("has_more", p.has_more).key("table").table(p.table).end_object();
    json_reply(res, j.str());
}

void report(App& app, const httplib::Request& req, httplib::Response& res) {
    const WorkSlot slot(app.statements);
    auto db = app.pool.take();
    const std::string name = req.matches[1];
    Report r = run_report(app, *db, name, params_of(req));
    // A built-in report's boards as `slidedb report` gives them: each reads back.
    const bool own = std::any_of(app.options.user_reports.begin(), app.options.user_reports.end(),
                                 [&](const auto& u) { return u.first == name; });
    if (!own)
        draw_report_boards(r, req.has_param("id") ? std::optional(std::stoll(req.get_param_value("id"))) : std::nullopt,
                           [&db](std::int64_t id) { return load_picture(*db, id); });
    json_reply(res, reports_text({r}, Format::Json));
}

}  // namespace

void add_api(App& app, Router& router) {
    auto bind = [&app](void (*f)(App&, const httplib::Request&, httplib::Response&)) {
        return [&app, f](const httplib::Request& req, httplib::Response& res) { f(app, req, res); };
    };
    router.get(R"(/api/puzzles)", bind(list));
    router.get(R"(/api/puzzles/(\d{1,18}))", bind(puzzle));
    router.post(R"(/api/validate)", bind(validate));
    router.post(R"(/api/solve)", bind(solve));
    router.post(R"(/api/hint)", bind(hint));
    router.post(R"(/api/scan)", bind(scan));
    router.post(R"(/api/save)", bind(save));
    router.get(R"(/api/query)", bind(query));
    router.get(R"(/api/reports/([A-Za-z0-9_.-]{1,100}))", bind(report));
}

}  // namespace slidedb::serve
