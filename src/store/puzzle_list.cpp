#include "store/puzzle_list.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>

#include <fmt/format.h>
#include <sqlite3.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>

#include "store/puzzle_record.h"
#include "store/query.h"

namespace slidedb {

namespace {

// The solutions column each sort names.
const char* sort_column(const std::string& sort) {
    if (sort == "moves") return "s.moves";
    if (sort == "steps") return "s.steps";
    if (sort == "cluster") return "s.cluster_size";
    if (sort == "effort") return "s.examined";
    return nullptr;
}

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


// How many rows a filter lets through, counted up to kFewRows + 1 along its
// index: a filter this selective drives the page's query (its rows read
// through its index, then sorted); past it, the rows are walked in the
// page's order and every filter checked row by row, which meets a match
// soon. Each count reads at most kFewRows index entries (a few ms).
constexpr std::int64_t kFewRows = 20'000;

std::int64_t count_upto(SQLite::Database& db, const std::string& where, const ListFilter& f,
                        std::int64_t most = kFewRows + 1) {
    SQLite::Statement st(db, fmt::format("SELECT COUNT(*) FROM (SELECT 1 FROM {} LIMIT {})", where, most));
    if (where.find(":family") != std::string::npos) st.bind(":family", f.family);
    if (where.find(":status") != std::string::npos) st.bind(":status", f.status);
    st.executeStep();
    return st.getColumn(0).getInt64();
}

// The time a walk in the page's order may take before the most selective
// filter drives instead (the rows it reads are read either way; only the
// plan differs), and the rows a filter may let through to drive then: past
// it, sorting them costs more than walking on.
constexpr std::chrono::milliseconds kWalkTime{20};
constexpr int kWalkOpsStep = 1000;  // steps of SQLite's machine between looks at the clock
constexpr std::int64_t kDriveRows = 200'000;

// Interrupts the connection's statements once `time` has passed, while it
// lives; within an outer budget, at the outer one's end if that comes
// first, which holds again after it.
class WorkBudget {
public:
    WorkBudget(SQLite::Database& db, std::chrono::milliseconds time, WorkBudget* outer = nullptr)
        : db_(db.getHandle()), until_(std::chrono::steady_clock::now() + time), outer_(outer) {
        if (outer_) until_ = std::min(until_, outer_->until_);
        sqlite3_progress_handler(db_, kWalkOpsStep, on_progress, this);
    }
    ~WorkBudget() {
        if (outer_)
            sqlite3_progress_handler(db_, kWalkOpsStep, on_progress, outer_);
        else
            sqlite3_progress_handler(db_, 0, nullptr, nullptr);
    }
    WorkBudget(const WorkBudget&) = delete;
    WorkBudget& operator=(const WorkBudget&) = delete;
    bool spent() const { return std::chrono::steady_clock::now() > until_; }

private:
    static int on_progress(void* self) { return static_cast<WorkBudget*>(self)->spent(); }
    sqlite3* db_;
    std::chrono::steady_clock::time_point until_;
    WorkBudget* outer_;
};

// Rows a page asked for by number skips: before it, or after it counted from the end.
std::int64_t skipped_rows(const ListFilter& f) { return (std::abs(f.page) - 1) * f.per_page; }

bool read_backwards(const ListFilter& f) { return f.cursor ? f.cursor->before : f.page < 0; }

std::string range(const char* column, const std::optional<std::int64_t>& low, const std::optional<std::int64_t>& high) {
    std::string out;
    if (low) out += fmt::format(" AND {} >= {}", column, *low);
    if (high) out += fmt::format(" AND {} <= {}", column, *high);
    return out;
}

// Where a page read from a cursor lies in the order: its rows past the
// cursor's, in the order read. Rows without the figure sorted by (NULL)
// come first in ascending order, last in descending, so a page that
// crosses from one kind to the other is read in two spans, each along the
// sort's index from where it begins.
enum class Span { All, After, NullAfter, Null, NotNull };

// A span as conditions on a part's key and id expressions.
using Bound = std::function<std::string(const std::string& key, const std::string& id)>;

Bound span_bound(const ListFilter& f, bool descending, Span span) {
    return [&f, descending, span](const std::string& key, const std::string& id) -> std::string {
        const char* past = descending ? "<" : ">";
        switch (span) {
        case Span::All:
            return "";
        case Span::After:
            return key.empty() ? fmt::format(" AND {} {} {}", id, past, f.cursor->id)
                               : fmt::format(" AND ({}, {}) {} ({}, {})", key, id, past, *f.cursor->key, f.cursor->id);
        case Span::NullAfter:
            return fmt::format(" AND {} IS NULL AND {} {} {}", key, id, past, f.cursor->id);
        case Span::Null:
            return fmt::format(" AND {} IS NULL", key);
        case Span::NotNull:
            return fmt::format(" AND {} IS NOT NULL", key);
        }
        return "";
    };
}

// Enumerated puzzles without a solved search of their own are listed with
// their enumeration's figures (moves, cluster size) and status
// "enumerated" (or "limit", when a search of theirs stopped at its limit).
// These are the enumerations whose puzzles a filter may let through; a
// puzzle kept by several is listed from the first.
struct ListedEnumeration {
    std::int64_t id = 0;
    bool first = false;  // no enumeration before it has puzzles
};

std::vector<ListedEnumeration> listed_enumerations(SQLite::Database& db, const ListFilter& f) {
    SQLite::Statement st(db,
                         "SELECT id, family, size FROM enumerations n "
                         "WHERE EXISTS (SELECT 1 FROM enumerated e WHERE e.enumeration_id = n.id) ORDER BY id");
    std::vector<ListedEnumeration> out;
    bool first = true;
    while (st.executeStep()) {
        const int size = st.getColumn(2).getInt();
        if ((f.family.empty() || f.family == st.getColumn(1).getString()) &&
            (!f.width || (*f.width == size && *f.height == size)))
            out.push_back({st.getColumn(0).getInt64(), first});
        first = false;
    }
    return out;
}

// One enumeration's puzzles that the filter lets through, to be read in the
// page's order: walked along the index of the figure sorted by (of the
// puzzle's id: the table's key), from where a range of it begins; or, when
// another filter lets few of them through, read through that filter and
// sorted. Listed are those with no solved search of their own, each from
// the first enumeration that kept it.
std::string enumeration_part(SQLite::Database& db, const ListFilter& f, const ListedEnumeration& n,
                             const PathMatch& match, std::int64_t few, const Bound& bound) {
    enum class By { Order, Source, Limit, Moves, Cluster };
    const std::string in = fmt::format("enumerated WHERE enumeration_id = {}", n.id);
    // The filter letting the fewest rows through, when few; else a range
    // of the figure sorted by, read from where it begins; else the order.
    By by = By::Order;
    std::int64_t least = few;
    auto consider = [&](By d, std::int64_t rows) {
        if (rows <= least) by = d, least = rows;
    };
    if (!f.source.empty()) consider(By::Source, match.sources);
    if (f.status == "limit") consider(By::Limit, count_upto(db, "solutions WHERE status = 'limit'", f, few + 1));
    if (f.moves_min || f.moves_max)
        consider(By::Moves, count_upto(db, in + range("moves", f.moves_min, f.moves_max), f, few + 1));
    if (f.cluster_min || f.cluster_max)
        consider(By::Cluster, count_upto(db, in + range("cluster_size", f.cluster_min, f.cluster_max), f, few + 1));
    if (by == By::Order && f.sort == "moves" && (f.moves_min || f.moves_max)) by = By::Moves;
    if (by == By::Order && f.sort == "cluster" && (f.cluster_min || f.cluster_max)) by = By::Cluster;
    // Walked, the sort's index gives the order; driven, the sort is an
    // expression (+) that no index gives, and the few rows are sorted.
    const bool walked = by == By::Order || (by == By::Moves && f.sort == "moves") ||
                        (by == By::Cluster && f.sort == "cluster");
    const std::string sort = walked ? "" : "+";
    std::string part = f.sort == "id" ? fmt::format("SELECT {}e.puzzle_id AS listed_id", sort)
                                      : fmt::format("SELECT e.puzzle_id AS listed_id, {}e.{} AS listed_key", sort,
                                                    f.sort == "moves" ? "moves" : "cluster_size");
    // Walked by id, or driven by the puzzles' ids, the table's key serves:
    // the enumeration is checked row by row.
    const bool by_key = (by == By::Order && f.sort == "id") || by == By::Source || by == By::Limit;
    part += fmt::format(" FROM enumerated e WHERE {}e.enumeration_id = {}", by_key ? "+" : "", n.id);
    part += range(by == By::Moves ? "e.moves" : "+e.moves", f.moves_min, f.moves_max);
    part += range(by == By::Cluster ? "e.cluster_size" : "+e.cluster_size", f.cluster_min, f.cluster_max);
    if (!n.first)
        part += fmt::format(" AND NOT EXISTS (SELECT 1 FROM enumerated d WHERE d.puzzle_id = e.puzzle_id "
                            "AND d.enumeration_id < {})",
                            n.id);
    if (f.status == "enumerated")
        part += " AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = e.puzzle_id)";
    else if (f.status == "limit")
        part += by == By::Limit ? " AND e.puzzle_id IN (SELECT s.puzzle_id FROM solutions s WHERE s.status = 'limit')"
                                : " AND EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = e.puzzle_id "
                                  "AND s.status = 'limit')";
    else
        part += " AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = e.puzzle_id AND s.status = 'solved')";
    // Family and size need no look: the enumeration has the filter's
    // (listed_enumerations), and so have all its puzzles.
    if (by == By::Source)
        part += " AND e.puzzle_id IN (SELECT so.puzzle_id FROM sources so "
                "WHERE so.path IN (SELECT value FROM json_each(:paths)))";
    else if (!f.source.empty())
        part += " AND EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = e.puzzle_id "
                "AND so.path IN (SELECT value FROM json_each(:paths)))";
    return part + bound(f.sort == "id" ? "" : sort + (f.sort == "moves" ? "e.moves" : "e.cluster_size"),
                        sort + "e.puzzle_id");
}

bool has_enumerated(SQLite::Database& db) {
    return db.execAndGet("SELECT EXISTS (SELECT 1 FROM enumerated)").getInt() != 0;
}

// A row as a cursor: its figure sorted by and its id.
std::string list_cursor(const ListFilter& f, const ListRow& r) {
    if (f.sort == "id") return std::to_string(r.id);
    const ListCursor c = cursor_after(f, r);
    return fmt::format("{}.{}", c.key ? std::to_string(*c.key) : std::string("null"), r.id);
}

}  // namespace

ListCursor cursor_after(const ListFilter& f, const ListRow& r) {
    ListCursor c;
    c.id = r.id;
    if (f.sort != "id")
        c.key = f.sort == "moves" ? r.moves : f.sort == "steps" ? r.steps : f.sort == "cluster" ? r.cluster_size
                                                                                                : r.examined;
    return c;
}

namespace {

// One page; `whole`, when given, the budget of the whole reading.
ListPage read_list(SQLite::Database& db, const ListFilter& f, WorkBudget* whole) {
    // Only puzzles with figures (a search stored, or an enumeration) can be
    // sorted or filtered on them: those queries join solutions, or read
    // the enumerations' puzzles beside them.
    const char* order = sort_column(f.sort);
    const bool figures = order || f.moves_min || f.moves_max || f.cluster_min || f.cluster_max ||
                         (!f.status.empty() && f.status != "unsolved");
    // A page past every puzzle is empty, whatever the filter: its rows are
    // never walked to learn it.
    if (!f.cursor &&
        skipped_rows(f) >= db.execAndGet("SELECT n FROM tally_rows WHERE tbl = 'puzzles'").getInt64())
        return {};
    const bool enumerated_any = has_enumerated(db);
    if (f.status == "unsolved") {
        // Puzzles neither searched nor enumerated: none when the tallies
        // count as many searches and enumerated puzzles not searched as
        // puzzles (every puzzle walked to learn it otherwise).
        const std::int64_t missing =
            db.execAndGet("SELECT (SELECT n FROM tally_rows WHERE tbl = 'puzzles') - "
                          "(SELECT COALESCE(SUM(puzzles), 0) FROM tally_moves) - "
                          "(SELECT COALESCE(SUM(puzzles - searched), 0) FROM tally_enumerated)")
                .getInt64();
        if (missing <= 0) return {};
    }
    PathMatch match;
    if (!f.source.empty()) {
        match = matching_paths(db, f.source);
        if (match.sources == 0) return {};
    }
    // The enumerations read beside the searches: sorted by a figure they
    // have (moves, cluster) or filtered on one, and for statuses they can
    // have. Sorted by steps or effort, only searched puzzles have one.
    std::vector<ListedEnumeration> enumerations;
    const bool enumeration_figure = f.sort == "id" || f.sort == "moves" || f.sort == "cluster";
    if (enumerated_any && figures && enumeration_figure &&
        (f.status.empty() || f.status == "enumerated" || f.status == "limit"))
        enumerations = listed_enumerations(db, f);
    if (f.status == "enumerated" && enumerations.empty()) return {};
    // Searches only: every status but "enumerated".
    const bool searches = f.status != "enumerated";
    // Read from a cursor backwards, or counted from the end, the page is
    // read in the other order and turned round.
    const bool backwards = read_backwards(f);
    const bool descending = f.descending != backwards;
    std::vector<Span> spans{Span::All};
    if (f.cursor && !order)
        spans = {Span::After};
    else if (f.cursor && f.cursor->key)
        spans = descending ? std::vector{Span::After, Span::Null} : std::vector{Span::After};
    else if (f.cursor)
        spans = descending ? std::vector{Span::NullAfter} : std::vector{Span::NullAfter, Span::NotNull};
    // By span, each enumeration's part, driven by a filter that lets at
    // most `few` of its rows through.
    std::vector<std::vector<std::string>> enumeration_parts(spans.size());
    auto plan_enumerations = [&](std::int64_t few) {
        for (std::size_t k = 0; k < spans.size(); ++k) {
            enumeration_parts[k].clear();
            for (const ListedEnumeration& n : enumerations)
                enumeration_parts[k].push_back(
                    enumeration_part(db, f, n, match, few, span_bound(f, descending, spans[k])));
        }
    };
    plan_enumerations(kFewRows);

    // The filters with an index, each with its rows; the one that drives
    // the query is the most selective, when it lets few rows through.
    enum class Driver { Order, Source, Family, Size, Status, Moves, Cluster };
    std::vector<std::pair<Driver, std::string>> indexed;
    if (!f.family.empty()) indexed.emplace_back(Driver::Family, "puzzles WHERE family = :family");
    if (f.width)
        indexed.emplace_back(Driver::Size,
                             fmt::format("puzzles WHERE width = {} AND height = {}", *f.width, *f.height));
    if (!f.status.empty() && f.status != "unsolved" && searches)
        indexed.emplace_back(Driver::Status, "solutions WHERE status = :status");
    if (f.moves_min || f.moves_max)
        indexed.emplace_back(Driver::Moves, "solutions WHERE 1" + range("moves", f.moves_min, f.moves_max));
    if (f.cluster_min || f.cluster_max)
        indexed.emplace_back(Driver::Cluster,
                             "solutions WHERE 1" + range("cluster_size", f.cluster_min, f.cluster_max));
    // The filter letting through the fewest rows, counted up to `most`;
    // Order when none lets through `most` or fewer.
    auto most_selective = [&](Driver first, std::int64_t first_rows, std::int64_t most) {
        Driver best = first_rows <= most ? first : Driver::Order;
        std::int64_t least = std::min(first_rows, most);
        for (const auto& [d, where] : indexed) {
            const std::int64_t n = count_upto(db, where, f, most + 1);
            if (n <= least) best = d, least = n;
        }
        return best;
    };
    Driver driver = f.source.empty() ? most_selective(Driver::Order, kFewRows + 1, kFewRows)
                                     : most_selective(Driver::Source, match.sources, kFewRows);
    // A range of the figure sorted by: its index gives both, and the page is
    // read from where the range begins.
    const bool sorted_range = (f.sort == "moves" && (f.moves_min || f.moves_max)) ||
                              (f.sort == "cluster" && (f.cluster_min || f.cluster_max));
    if (sorted_range && driver != Driver::Source) driver = f.sort == "moves" ? Driver::Moves : Driver::Cluster;
    const char* dir = descending ? "DESC" : "ASC";

    // The page's ids first, reading as little as the driver allows; every
    // filter but the driver's is written with a unary + so that SQLite
    // checks it row by row instead of choosing its index. Then the page's
    // rows, in the same order.
    auto page_sql = [&](Driver by, std::size_t span, std::int64_t rows) {
        auto plus = [&](Driver d) { return by == d ? "" : "+"; };
        // Walked in the page's order, SQLite reads the sort's index and stops
        // after a page; driven by a filter, the sort is an expression (+) that
        // no index gives, and its few rows are sorted.
        const std::string walk = by == Driver::Order || (sorted_range && by != Driver::Source) ? "" : "+";
        // Sorted by a figure with no filter on the puzzle itself, the ids come
        // from solutions alone: a deep page skips its rows along the index.
        const bool solutions_only = order && f.family.empty() && !f.width && f.source.empty();
        // Walked by id, the puzzles are the outer loop (CROSS JOIN keeps it):
        // SQLite would rather read every solution and sort.
        const char* join = !figures ? "LEFT JOIN" : by == Driver::Order && !order ? "CROSS JOIN" : "JOIN";
        // The searched puzzles' ids, with the figure sorted by beside them
        // when the enumerations' come too.
        std::string ids = solutions_only ? "SELECT s.puzzle_id AS listed_id"
                          : fmt::format("SELECT {}p.id AS listed_id", enumerations.empty() || order ? "" : walk);
        if (!enumerations.empty() && order) ids += fmt::format(", {}{} AS listed_key", walk, order);
        ids += solutions_only ? " FROM solutions s WHERE 1"
                              : fmt::format(" FROM puzzles p {} solutions s ON s.puzzle_id = p.id WHERE 1", join);
        // Few matching sources: their puzzles looked up by id (SQLite reads the
        // list of ids first), then sorted.
        if (by == Driver::Source)
            ids += " AND p.id IN (SELECT so.puzzle_id FROM sources so "
                   "WHERE so.path IN (SELECT value FROM json_each(:paths)))";
        if (!f.family.empty()) ids += fmt::format(" AND {}p.family = :family", plus(Driver::Family));
        if (f.width)
            ids += fmt::format(" AND {0}p.width = {1} AND {0}p.height = {2}", plus(Driver::Size), *f.width, *f.height);
        if (f.status == "unsolved")
            ids += " AND s.puzzle_id IS NULL";
        else if (!f.status.empty())
            ids += fmt::format(" AND {}s.status = :status", plus(Driver::Status));
        ids += range(by == Driver::Moves ? "s.moves" : "+s.moves", f.moves_min, f.moves_max);
        ids += range(by == Driver::Cluster ? "s.cluster_size" : "+s.cluster_size", f.cluster_min, f.cluster_max);
        if (!f.source.empty() && by != Driver::Source)
            ids += " AND EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = p.id "
                   "AND so.path IN (SELECT value FROM json_each(:paths)))";
        // An enumerated puzzle is listed with the enumeration's figures
        // unless solved by a search of its own; not searched, it is not
        // "unsolved" either.
        if (!enumerations.empty() || (enumerated_any && f.status == "unsolved")) {
            const char* id = solutions_only ? "s.puzzle_id" : "p.id";
            ids += f.status == "unsolved"
                       ? fmt::format(" AND NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.puzzle_id = {})", id)
                       : fmt::format(" AND (s.status = 'solved' OR NOT EXISTS (SELECT 1 FROM enumerated x "
                                     "WHERE x.puzzle_id = {}))", id);
        }
        // From a cursor, along the index of the order when walked.
        if (order)
            ids += span_bound(f, descending, spans[span])(fmt::format("{}{}", walk, order), walk + "s.puzzle_id");
        else
            ids += span_bound(f, descending, spans[span])("", walk + (solutions_only ? "s.puzzle_id" : "p.id"));
        if (!searches) ids.clear();
        const std::string limit = fmt::format(" LIMIT {} OFFSET {}", rows, f.cursor ? 0 : skipped_rows(f));
        if (enumerations.empty()) {
            ids += order ? fmt::format(" ORDER BY {0}{1} {2}, {0}s.puzzle_id {2}", walk, order, dir)
                         : fmt::format(" ORDER BY {}p.id {}", walk, dir);
            ids += limit;
        } else {
            // One part per enumeration, merged with the searched puzzles'
            // in the page's order (a compound SELECT's ORDER BY).
            for (const std::string& part : enumeration_parts[span]) ids += (ids.empty() ? "" : " UNION ALL ") + part;
            ids = fmt::format("SELECT listed_id FROM ({}{}{})", ids,
                              order ? fmt::format(" ORDER BY 2 {0}, 1 {0}", dir) : fmt::format(" ORDER BY 1 {}", dir),
                              limit);
        }

        // Then the page's rows, in the same order: a puzzle's figures are its
        // solved search's, else its first enumeration's, else its search's;
        // with no file of its own, its source is that enumeration's command,
        // as `show` and the hardest report name it.
        std::string sql = fmt::format(
            "SELECT p.id, {}, s.status, s.moves, s.steps, s.cluster_size, s.examined, "
            "(SELECT so.path || CASE WHEN so.line > 0 THEN ':' || so.line ELSE '' END "
            "FROM sources so WHERE so.puzzle_id = p.id ORDER BY so.id LIMIT 1), e.moves AS listed_moves, "
            "e.cluster_size AS listed_cluster, {} AS listed_source, s.cluster_complete "
            "FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id "
            "LEFT JOIN enumerated e ON e.puzzle_id = p.id "
            "AND e.enumeration_id = (SELECT MIN(x.enumeration_id) FROM enumerated x WHERE x.puzzle_id = p.id){} "
            "WHERE p.id IN ({})",
            puzzle_columns("p"), enumerated_any ? "c.command" : "NULL",
            // Rows of an enumeration name its command (enumeration_commands: schema 15's view, a TEMP
            // view on an older database that cannot be written).
            enumerated_any ? " LEFT JOIN enumeration_commands c ON c.id = e.enumeration_id" : "", ids);
        if (enumerations.empty())
            return sql + (order ? fmt::format(" ORDER BY +{0} {1}, +p.id {1}", order, dir)
                                : fmt::format(" ORDER BY +p.id {}", dir));
        // The page's few rows sorted again by the figure listed: the search's
        // when solved, else the enumeration's.
        if (!order) return fmt::format("SELECT * FROM ({}) ORDER BY id {}", sql, dir);
        const bool moves = f.sort == "moves";
        return fmt::format("SELECT * FROM ({0}) ORDER BY CASE WHEN status = 'solved' THEN {1} "
                           "ELSE COALESCE({2}, {1}) END {3}, id {3}",
                           sql, moves ? "moves" : "cluster_size", moves ? "listed_moves" : "listed_cluster", dir);
    };
    // The page's rows, span after span, one more than the page when there are more.
    auto read_span = [&](Driver by, std::size_t span, std::vector<ListRow>& rows) {
        const std::string sql = page_sql(by, span, f.per_page + 1 - static_cast<std::int64_t>(rows.size()));
        SQLite::Statement st(db, sql);
        // Each parameter the statement holds: the enumerations' parts have
        // no family or status of their own to bind.
        auto bind = [&](const char* name, const std::string& value) {
            if (sql.find(name) != std::string::npos) st.bind(name, value);
        };
        bind(":family", f.family);
        bind(":status", f.status);
        bind(":paths", match.paths);
        while (st.executeStep()) {
            ListRow r;
            r.id = st.getColumn(0).getInt64();
            r.puzzle = puzzle_from_row(st, 1);
            const int at = 10;
            r.status = st.getColumn(at).isNull() ? "" : st.getColumn(at).getString();
            r.moves = optional_int(st.getColumn(at + 1));
            r.steps = optional_int(st.getColumn(at + 2));
            r.cluster_size = optional_int(st.getColumn(at + 3));
            r.examined = optional_int(st.getColumn(at + 4));
            r.cluster_complete = st.getColumn(at + 9).getInt() == 1;
            r.source = st.getColumn(at + 5).isNull() ? "" : st.getColumn(at + 5).getString();
            if (r.status != "solved" && !st.getColumn(at + 6).isNull()) {
                r.moves = st.getColumn(at + 6).getInt64();
                r.cluster_size = st.getColumn(at + 7).getInt64();
                r.cluster_complete = true;  // an enumeration counts whole clusters
                if (r.status.empty()) r.status = "enumerated";
            }
            if (r.source.empty() && !st.getColumn(at + 8).isNull()) r.source = st.getColumn(at + 8).getString();
            rows.push_back(std::move(r));
        }
    };
    auto read_page = [&](Driver by) {
        std::vector<ListRow> rows;
        for (std::size_t k = 0; k < spans.size() && static_cast<std::int64_t>(rows.size()) <= f.per_page; ++k)
            read_span(by, k, rows);
        return rows;
    };
    auto read = [&]() {
        const bool filtered = !f.family.empty() || f.width || !f.status.empty() || f.moves_min || f.moves_max ||
                              f.cluster_min || f.cluster_max || !f.source.empty();
        if ((driver != Driver::Order && enumerations.empty()) || !filtered) return read_page(driver);
        // Every filter lets many rows through, yet a walk in the page's order
        // may still meet few of them (a range of moves walked by steps: the
        // order and the filter go together). The walk gets a budget of time;
        // past it, the most selective filter drives after all, the searches'
        // and each enumeration's.
        try {
            WorkBudget budget(db, kWalkTime, whole);
            return read_page(driver);
        } catch (const SQLite::Exception& e) {
            if (e.getErrorCode() != SQLITE_INTERRUPT || (whole && whole->spent())) throw;
        }
        plan_enumerations(kDriveRows);
        return read_page(driver == Driver::Order ? most_selective(Driver::Order, kDriveRows + 1, kDriveRows) : driver);
    };

    ListPage page;
    page.rows = read();
    page.has_more = static_cast<std::int64_t>(page.rows.size()) > f.per_page;
    if (page.has_more) page.rows.pop_back();
    if (backwards) std::reverse(page.rows.begin(), page.rows.end());
    return page;
}

}  // namespace

bool is_list_sort(const std::string& sort) { return sort == "id" || sort_column(sort); }

bool deep_page(const ListFilter& f) { return !f.cursor && skipped_rows(f) > kDeepRows; }

ListPage list_puzzles(SQLite::Database& db, const ListFilter& f, std::optional<double> seconds) {
    // Puzzles neither searched nor enumerated have no figures, and
    // enumerated ones no steps or effort (a search's alone): sorted by one
    // they have not, they come in the order of their ids (the figure's ties).
    ListFilter read = f;
    if (f.status == "unsolved" || (f.status == "enumerated" && (f.sort == "steps" || f.sort == "effort")))
        read.sort = "id";
    ListPage page;
    if (!seconds) {
        page = read_list(db, read, nullptr);
    } else {
        using std::chrono::duration, std::chrono::duration_cast, std::chrono::milliseconds;
        WorkBudget whole(db, duration_cast<milliseconds>(duration<double>(*seconds)));
        try {
            page = read_list(db, read, &whole);
        } catch (const SQLite::Exception& e) {
            if (e.getErrorCode() != SQLITE_INTERRUPT) throw;
            throw QueryStopped(QueryStopped::Why::Timeout,
                               fmt::format("page {}{} skips {} rows and took over {} s", std::abs(f.page),
                                           f.page < 0 ? " from the end" : "", skipped_rows(f), *seconds));
        }
    }
    if (page.rows.empty()) return page;
    // Read forwards, the next page is there when more rows were; a page
    // before, when this one does not start the list. Read backwards, the
    // other way round: from a cursor the rows it was before come after,
    // and counted from the end, the pages nearer the end.
    const bool backwards = read_backwards(f);
    const bool more_after = backwards ? f.cursor || f.page < -1 : page.has_more;
    const bool more_before = backwards ? page.has_more : f.cursor || f.page > 1;
    if (more_after) page.next = list_cursor(f, page.rows.back());
    if (more_before) page.previous = list_cursor(f, page.rows.front());
    return page;
}
}  // namespace slidedb
