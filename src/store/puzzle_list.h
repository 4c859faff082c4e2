// The puzzle list: one page of puzzles that a filter lets through, in the
// order of a figure, read from the database (the web app's list and API).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "puzzle/puzzle.h"

namespace slidedb {

// Where a page starts: past a row of the list (`after`), or before one
// (`before`, the page read backwards): the row's figure sorted by (none
// when it has none) and its id. A page read from a cursor is found along
// the sort's index, however deep; `page` then only labels it.
struct ListCursor {
    std::optional<std::int64_t> key;  // unused when sorted by id
    std::int64_t id = 0;
    bool before = false;
};

struct ListFilter {
    std::string family;  // "" any
    std::optional<int> width, height;  // from size=6x6
    // solved, unsolvable, limit, unsolved (neither searched nor enumerated),
    // enumerated (an enumeration's, not searched); "" any
    std::string status;
    std::optional<std::int64_t> moves_min, moves_max, cluster_min, cluster_max;
    std::string source;  // part of a source's path
    std::string sort = "id";  // id, moves, steps, cluster, effort
    bool descending = false;
    std::string order;  // as the URL gave it: asc, desc; "" the sort's usual order
    // From 1; a negative page counts from the end of the list (-1 the
    // last), read in the other order and turned round.
    std::int64_t page = 1;
    std::int64_t per_page = 50;
    std::optional<ListCursor> cursor;
};

// Whether `sort` names an order of the list: id, moves, steps, cluster, effort.
bool is_list_sort(const std::string& sort);

struct ListRow {
    std::int64_t id = 0;
    Puzzle puzzle;
    // the search's status; "enumerated" for an enumerated puzzle not
    // searched, "" for one neither searched nor enumerated
    std::string status;
    // The solved search's figures; else moves and cluster size are the
    // enumeration's, for an enumerated puzzle.
    std::optional<std::int64_t> moves, steps, cluster_size, examined;
    bool cluster_complete = false;  // cluster_size counts the whole cluster
    // its first source: path, and :line for a line of a file; else, for an
    // enumerated puzzle, the enumerating command
    std::string source;
};

struct ListPage {
    std::vector<ListRow> rows;
    bool has_more = false;  // rows past the page, in the order it was read
    // Cursors of the pages beside it, as after= and before= take them
    // (KEY.ID, null.ID, or ID sorted by id); "" when there is none.
    std::string next, previous;
};

// Where the page after row `r` of f's list starts: a walk of the whole
// list (export) goes on from each page's last row.
ListCursor cursor_after(const ListFilter& f, const ListRow& r);

// A page asked for by number that skips over kDeepRows rows walks every
// row before it (or after it, counted from the end): work like a statement's.
constexpr std::int64_t kDeepRows = 10'000;
bool deep_page(const ListFilter& f);

// Given seconds, a page not read within them throws QueryStopped
// ("page 60 skips 11800 rows and took over 10 s").
ListPage list_puzzles(SQLite::Database& db, const ListFilter& f, std::optional<double> seconds = std::nullopt);

}  // namespace slidedb
