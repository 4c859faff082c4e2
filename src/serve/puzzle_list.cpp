#include "serve/puzzle_list.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>
#include <SQLiteCpp/Statement.h>

#include "serve/url.h"
#include "store/puzzle_record.h"

namespace slidedb::serve {

namespace {

constexpr std::int64_t kMaxPerPage = 200;
constexpr std::int64_t kMaxPage = 1'000'000;

std::int64_t number(const std::string& name, const std::string& v, std::int64_t low, std::int64_t high) {
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size() || n < low || n > high)
        throw BadRequest(fmt::format("{}: '{}' is not a whole number from {} to {}", name, v, low, high));
    return n;
}

// The solutions column each sort names.
const char* sort_column(const std::string& sort) {
    if (sort == "moves") return "s.moves";
    if (sort == "steps") return "s.steps";
    if (sort == "cluster") return "s.cluster_size";
    if (sort == "effort") return "s.examined";
    return nullptr;
}

// Sources up to which the puzzles of the matching paths are gathered first
// and the page sorted from them; past it, the puzzles are walked in the
// page's order, which meets a match soon when this many sources match.
constexpr std::int64_t kFewSources = 20'000;

// The source paths holding `part` (a JSON array, bound to json_each) and
// how many sources name them. Schema 14 keeps each distinct path once, its
// trigrams indexed: a part of three characters or more is looked up there,
// a shorter one read against every distinct path (fewer than the sources).
struct PathMatch {
    std::string paths;
    std::int64_t sources = 0;
};

PathMatch matching_paths(SQLite::Database& db, const std::string& part) {
    std::size_t chars = 0;
    for (unsigned char ch : part) chars += (ch & 0xC0) != 0x80;
    std::string phrase = "\"";
    for (char ch : part) phrase += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    phrase += '"';
    SQLite::Statement st(
        db, fmt::format("SELECT json_group_array(path), COALESCE(SUM(sources), 0) FROM tally_source_files "
                        "WHERE {}instr(path, :part) > 0",
                        chars >= 3 ? "id IN (SELECT rowid FROM tally_source_files_text "
                                     "WHERE tally_source_files_text MATCH :phrase) AND "
                                   : ""));
    st.bind(":part", part);
    if (chars >= 3) st.bind(":phrase", phrase);
    st.executeStep();
    return {st.getColumn(0).getString(), st.getColumn(1).getInt64()};
}

std::optional<std::int64_t> optional_int(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    return c.getInt64();
}

}  // namespace

ListFilter parse_filter(const std::multimap<std::string, std::string>& params) {
    ListFilter f;
    constexpr std::int64_t big = std::int64_t{1} << 62;
    bool order_given = false;
    for (const auto& [name, v] : params) {
        if (v.empty()) continue;  // an empty field of the form: no filter
        if (name == "family") {
            f.family = v;
        } else if (name == "size") {
            const auto x = v.find('x');
            if (x == std::string::npos) throw BadRequest(fmt::format("size: '{}' is not WxH, e.g. 6x6", v));
            f.width = static_cast<int>(number("size", v.substr(0, x), 1, 64));
            f.height = static_cast<int>(number("size", v.substr(x + 1), 1, 64));
        } else if (name == "status") {
            if (v != "solved" && v != "unsolvable" && v != "limit" && v != "unsolved")
                throw BadRequest(fmt::format("status: '{}' is not solved, unsolvable, limit or unsolved", v));
            f.status = v;
        } else if (name == "moves_min") {
            f.moves_min = number(name, v, 0, big);
        } else if (name == "moves_max") {
            f.moves_max = number(name, v, 0, big);
        } else if (name == "cluster_min") {
            f.cluster_min = number(name, v, 0, big);
        } else if (name == "cluster_max") {
            f.cluster_max = number(name, v, 0, big);
        } else if (name == "source") {
            f.source = v;
        } else if (name == "sort") {
            if (v != "id" && !sort_column(v))
                throw BadRequest(fmt::format("sort: '{}' is not id, moves, steps, cluster or effort", v));
            f.sort = v;
        } else if (name == "order") {
            if (v != "asc" && v != "desc") throw BadRequest(fmt::format("order: '{}' is not asc or desc", v));
            f.descending = v == "desc";
            order_given = true;
        } else if (name == "page") {
            f.page = number(name, v, 1, kMaxPage);
        } else if (name == "per_page") {
            f.per_page = number(name, v, 1, kMaxPerPage);
        }
    }
    // Figures read best largest first; ids in the order they came.
    if (!order_given) f.descending = f.sort != "id";
    return f;
}

std::string filter_query(const ListFilter& f, std::int64_t page) {
    std::vector<std::pair<std::string, std::string>> kv;
    if (!f.family.empty()) kv.emplace_back("family", f.family);
    if (f.width && f.height) kv.emplace_back("size", fmt::format("{}x{}", *f.width, *f.height));
    if (!f.status.empty()) kv.emplace_back("status", f.status);
    if (f.moves_min) kv.emplace_back("moves_min", std::to_string(*f.moves_min));
    if (f.moves_max) kv.emplace_back("moves_max", std::to_string(*f.moves_max));
    if (f.cluster_min) kv.emplace_back("cluster_min", std::to_string(*f.cluster_min));
    if (f.cluster_max) kv.emplace_back("cluster_max", std::to_string(*f.cluster_max));
    if (!f.source.empty()) kv.emplace_back("source", f.source);
    if (f.sort != "id") kv.emplace_back("sort", f.sort);
    if (f.descending != (f.sort != "id")) kv.emplace_back("order", f.descending ? "desc" : "asc");
    if (f.per_page != 50) kv.emplace_back("per_page", std::to_string(f.per_page));
    if (page != 1) kv.emplace_back("page", std::to_string(page));
    std::string out;
    for (const auto& [k, v] : kv) {
        out += out.empty() ? "" : "&";
        out += k + "=" + url_encode(v);
    }
    return out;
}

ListPage list_puzzles(SQLite::Database& db, const ListFilter& f) {
    PathMatch match;
    if (!f.source.empty()) {
        match = matching_paths(db, f.source);
        if (match.sources == 0) return {};
    }
    const bool few = !f.source.empty() && match.sources <= kFewSources;
    // Only puzzles with a search stored have figures to sort or filter on:
    // those queries join solutions, so SQLite can walk its indexes
    // (status, moves), (status, steps), (status, cluster_size), (examined),
    // and schema 11's (moves), (steps).
    const char* order = sort_column(f.sort);
    const bool figures = order || f.moves_min || f.moves_max || f.cluster_min || f.cluster_max ||
                         (!f.status.empty() && f.status != "unsolved");
    // kPuzzleColumns lists bare names; each is qualified with p.
    std::string sql;
    {
        std::string cols = kPuzzleColumns, q;
        std::size_t start = 0;
        while (start < cols.size()) {
            std::size_t comma = cols.find(',', start);
            if (comma == std::string::npos) comma = cols.size();
            std::string name = cols.substr(start, comma - start);
            while (!name.empty() && name.front() == ' ') name.erase(0, 1);
            q += (q.empty() ? "p." : ", p.") + name;
            start = comma + 1;
        }
        sql = fmt::format(
            "SELECT p.id, {}, s.status, s.moves, s.steps, s.cluster_size, s.examined, "
            "(SELECT so.path || CASE WHEN so.line > 0 THEN ':' || so.line ELSE '' END "
            "FROM sources so WHERE so.puzzle_id = p.id ORDER BY so.id LIMIT 1) "
            "FROM {} {} solutions s ON s.puzzle_id = p.id WHERE 1",
            q,
            // Few matching sources: their puzzles first (CROSS JOIN keeps
            // that order of the loops), then sorted.
            few ? "(SELECT DISTINCT so.puzzle_id AS id FROM sources so "
                  "WHERE so.path IN (SELECT value FROM json_each(:paths))) m CROSS JOIN puzzles p ON p.id = m.id"
                : "puzzles p",
            figures ? "JOIN" : "LEFT JOIN");
    }
    // Sorted by a figure, the page is read along that figure's index: the
    // family (most puzzles share one) is checked row by row, not looked up.
    if (!f.family.empty()) sql += order ? " AND +p.family = :family" : " AND p.family = :family";
    if (f.width) sql += fmt::format(" AND p.width = {} AND p.height = {}", *f.width, *f.height);
    if (f.status == "unsolved")
        sql += " AND s.puzzle_id IS NULL";
    else if (!f.status.empty())
        sql += " AND s.status = :status";
    if (f.moves_min) sql += fmt::format(" AND s.moves >= {}", *f.moves_min);
    if (f.moves_max) sql += fmt::format(" AND s.moves <= {}", *f.moves_max);
    if (f.cluster_min) sql += fmt::format(" AND s.cluster_size >= {}", *f.cluster_min);
    if (f.cluster_max) sql += fmt::format(" AND s.cluster_size <= {}", *f.cluster_max);
    if (!f.source.empty() && !few)
        sql += " AND EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = p.id "
               "AND so.path IN (SELECT value FROM json_each(:paths)))";
    const char* dir = f.descending ? "DESC" : "ASC";
    if (order)
        sql += fmt::format(" ORDER BY {} {}, s.puzzle_id {}", order, dir, dir);
    else
        sql += fmt::format(" ORDER BY p.id {}", dir);
    sql += fmt::format(" LIMIT {} OFFSET {}", f.per_page + 1, (f.page - 1) * f.per_page);

    SQLite::Statement st(db, sql);
    if (!f.family.empty()) st.bind(":family", f.family);
    if (!f.status.empty() && f.status != "unsolved") st.bind(":status", f.status);
    if (!f.source.empty()) st.bind(":paths", match.paths);
    ListPage page;
    while (st.executeStep()) {
        if (static_cast<std::int64_t>(page.rows.size()) == f.per_page) {
            page.has_more = true;
            break;
        }
        ListRow r;
        r.id = st.getColumn(0).getInt64();
        r.puzzle = puzzle_from_row(st, 1);
        const int at = 10;
        r.status = st.getColumn(at).isNull() ? "" : st.getColumn(at).getString();
        r.moves = optional_int(st.getColumn(at + 1));
        r.steps = optional_int(st.getColumn(at + 2));
        r.cluster_size = optional_int(st.getColumn(at + 3));
        r.examined = optional_int(st.getColumn(at + 4));
        r.source = st.getColumn(at + 5).isNull() ? "" : st.getColumn(at + 5).getString();
        page.rows.push_back(std::move(r));
    }
    return page;
}

}  // namespace slidedb::serve
