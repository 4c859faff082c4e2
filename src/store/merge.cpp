#include "store/merge.h"

#include <filesystem>
#include <set>
#include <system_error>
#include <vector>

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "store/database.h"
#include "store/embedded_sql.h"
#include "store/puzzle_record.h"

namespace slidedb {

namespace {

struct Column {
    std::string name;
    bool key;  // INTEGER PRIMARY KEY: the target gives a new one
};

std::vector<Column> columns(SQLite::Database& db, const std::string& schema, const std::string& table) {
    std::vector<Column> out;
    SQLite::Statement st(db, fmt::format("PRAGMA {}.table_info(\"{}\")", schema, table));
    while (st.executeStep())
        out.push_back({st.getColumn(1).getString(),
                       st.getColumn(5).getInt() == 1 && st.getColumn(2).getString() == "INTEGER" &&
                           st.getColumn(1).getString() == "id"});
    return out;
}

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

// The map a column's ids go through, or "" when copied as they are.
std::string id_map(const std::string& column) {
    if (column == "puzzle_id" || column == "enumerated_id") return "merge_puzzle";
    if (column == "import_id" || column == "last_import_id") return "merge_import";
    if (column == "enumeration_id") return "merge_enumeration";
    return "";
}

// Column list shared by src.table and main.table, and the SELECT
// expressions that read them from src with ids translated.
void common_columns(SQLite::Database& db, const std::string& table, bool drop_key, std::string& names,
                    std::string& values) {
    std::set<std::string> target;
    for (const Column& c : columns(db, "main", table)) target.insert(c.name);
    names.clear();
    values.clear();
    for (const Column& c : columns(db, "src", table)) {
        if (!target.count(c.name) || (drop_key && c.key)) continue;
        if (!names.empty()) names += ", ", values += ", ";
        names += quoted(c.name);
        const std::string map = id_map(c.name);
        values += map.empty() ? "s." + quoted(c.name)
                              : fmt::format("(SELECT new FROM temp.{} WHERE old = s.{})", map, quoted(c.name));
    }
}

bool has_table(SQLite::Database& db, const std::string& schema, const std::string& table) {
    SQLite::Statement st(db, fmt::format("SELECT 1 FROM {}.sqlite_master WHERE type = 'table' AND name = ?", schema));
    st.bind(1, table);
    return st.executeStep();
}

// Rows of a table with its own identity: matched on `match` columns, else
// added; the map records old id -> id in the target. The target's rows are
// looked up in a temporary index of those columns, so a file of many runs
// merges in time linear in its rows.
std::uint64_t copy_identified(SQLite::Database& db, const std::string& table, const std::vector<std::string>& match,
                              const std::string& map) {
    if (!has_table(db, "src", table) || !has_table(db, "main", table)) return 0;
    std::string names, values;
    common_columns(db, table, true, names, values);
    std::string same, keys;
    for (const std::string& m : match) {
        same += fmt::format(" AND m.{0} IS s.{0}", quoted(m));
        keys += ", " + quoted(m);
    }
    db.exec("DROP TABLE IF EXISTS temp.merge_rows");
    db.exec(fmt::format("CREATE TEMP TABLE merge_rows AS SELECT id{1} FROM main.{0}", quoted(table), keys));
    db.exec(fmt::format("CREATE INDEX temp.merge_rows_match ON merge_rows ({})", keys.substr(2)));
    SQLite::Statement find(db, fmt::format("SELECT m.id FROM temp.merge_rows m, src.{0} s WHERE s.id = ?{1} LIMIT 1",
                                           quoted(table), same));
    SQLite::Statement insert(db, fmt::format("INSERT INTO main.{0} ({1}) SELECT {2} FROM src.{0} s WHERE s.id = ?",
                                             quoted(table), names, values));
    SQLite::Statement known(db, fmt::format("INSERT INTO temp.merge_rows SELECT ?{1} FROM src.{0} WHERE id = ?",
                                            quoted(table), keys));
    SQLite::Statement put(db, fmt::format("INSERT INTO temp.{} (old, new) VALUES (?, ?)", map));
    std::uint64_t added = 0;
    SQLite::Statement ids(db, fmt::format("SELECT id FROM src.{} ORDER BY id", quoted(table)));
    std::vector<std::int64_t> old;
    while (ids.executeStep()) old.push_back(ids.getColumn(0).getInt64());
    for (const std::int64_t id : old) {
        find.bind(1, id);
        std::int64_t to = 0;
        if (find.executeStep()) {
            to = find.getColumn(0).getInt64();
        } else {
            insert.bind(1, id);
            insert.exec();
            to = db.getLastInsertRowid();
            ++added;
            known.bind(1, to);
            known.bind(2, id);
            known.exec();
            known.reset();
            insert.reset();
        }
        find.reset();
        put.bind(1, id);
        put.bind(2, to);
        put.exec();
        put.reset();
    }
    db.exec("DROP TABLE temp.merge_rows");
    return added;
}

// Merge reads stored rows only. Where the target has an ordinary table, the
// file's object of that name must be one too: a view, a virtual table or a
// column computed as it is read would run what the file's author wrote (an
// endless view, a value of a gigabyte) inside the merge's transaction.
void refuse_computed_tables(SQLite::Database& db, const std::string& from) {
    SQLite::Statement objects(db, "SELECT m.name, s.type, upper(substr(ltrim(s.sql), 1, 14)) = 'CREATE VIRTUAL' "
                                  "FROM main.sqlite_master m JOIN src.sqlite_master s ON s.name = m.name "
                                  "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' "
                                  "AND m.name NOT LIKE 'tally_%'");
    std::vector<std::string> tables;
    while (objects.executeStep()) {
        const std::string name = objects.getColumn(0).getString(), type = objects.getColumn(1).getString();
        if (type != "table" || objects.getColumn(2).getInt() != 0)
            throw StoreError(fmt::format("{}: its '{}' is a {}, not a table of stored rows; nothing of the file was "
                                         "added",
                                         from, name, type == "table" ? "virtual table" : type));
        tables.push_back(name);
    }
    for (const std::string& table : tables) {
        SQLite::Statement cols(db, fmt::format("PRAGMA src.table_xinfo({})", quoted(table)));
        while (cols.executeStep())
            if (const int hidden = cols.getColumn(6).getInt(); hidden == 2 || hidden == 3)
                throw StoreError(fmt::format("{}: its column {}.{} is computed as it is read, not stored; nothing of "
                                             "the file was added",
                                             from, table, cols.getColumn(1).getString()));
    }
}

}  // namespace

MergeTotals merge_database(SQLite::Database& into, const std::string& from, const PuzzleCheck& check) {
    // Checks the file is a slidedb database of this slidedb's schema, read as
    // it is: merge never writes a file it reads, nor runs an older schema's
    // migration over what another made.
    {
        OpenOptions as_it_is;
        as_it_is.bring_up_to_date = false;
        const auto src = open_database(from, Access::ReadOnly, as_it_is);
        if (const int have = schema_version(*src), now = static_cast<int>(schema_files().size()); have < now)
            throw StoreError(fmt::format("{0}: of schema version {1}, older than this slidedb's {2}; merge reads a "
                                         "file as it is and never writes it: bring it up to date by opening it once "
                                         "where it may be written (slidedb report summary --db {0})",
                                         from, have, now));
    }
    // The target named again, under any path: every row would be found
    // there already, so there is nothing to add.
    std::error_code same_error;
    if (std::filesystem::equivalent(from, into.getFilename(), same_error))
        throw StoreError(fmt::format("{}: is the database merged into (--db); nothing to add", from));
    // Rows go into several indexes at once (puzzles by key, family and
    // size; enumerated puzzles by moves and cluster): with SQLite's 2 MiB
    // of cache their pages were written out and read back again and again.
    into.exec("PRAGMA main.cache_size = -65536");
    MergeTotals t;
    try {
        SQLite::Statement attach(into, "ATTACH DATABASE ? AS src");
        attach.bind(1, from);
        attach.exec();
        try {
            refuse_computed_tables(into, from);
            SQLite::Transaction tx(into);
            for (const char* map : {"merge_import", "merge_puzzle", "merge_enumeration"}) {
                into.exec(fmt::format("CREATE TEMP TABLE IF NOT EXISTS {} (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)", map));
                into.exec(fmt::format("DELETE FROM temp.{}", map));
            }
            t.imports = copy_identified(into, "imports", {"started_at", "command", "jobs"}, "merge_import");
            if (has_table(into, "src", "enumerations") && has_table(into, "main", "enumerations")) {
                // Units are numbered by the enumerator that began a database.
                SQLite::Statement other(into, "SELECT s.size, s.enumerator, m.enumerator FROM src.enumerations s "
                                              "JOIN main.enumerations m USING (family, size, min_walls, max_walls, every_cluster) "
                                              "WHERE s.enumerator IS NOT m.enumerator OR s.units IS NOT m.units");
                if (other.executeStep())
                    throw StoreError(fmt::format("{}: its {}x{} enumeration was made by {}, the database's by {}: their "
                                                 "units differ", from, other.getColumn(0).getInt(), other.getColumn(0).getInt(),
                                                 other.getColumn(1).getString(), other.getColumn(2).getString()));
            }
            copy_identified(into, "enumerations", {"family", "size", "min_walls", "max_walls", "every_cluster"},
                            "merge_enumeration");

            if (check) {
                SQLite::Statement fresh(into, fmt::format("SELECT s.id, {} FROM src.puzzles s WHERE NOT EXISTS "
                                                          "(SELECT 1 FROM main.puzzles m WHERE m.key = s.key) ORDER BY s.id",
                                                          puzzle_columns("s")));
                while (fresh.executeStep())
                    if (const std::string why = check(puzzle_from_row(fresh, 1)); !why.empty())
                        throw StoreError(fmt::format("{}: puzzle {}: {}; nothing of the file was added", from,
                                                     fresh.getColumn(0).getInt64(), why));
            }
            std::string names, values;
            common_columns(into, "puzzles", true, names, values);
            const auto before = into.execAndGet("SELECT COUNT(*) FROM main.puzzles").getInt64();
            into.exec(fmt::format("INSERT OR IGNORE INTO main.puzzles ({}) SELECT {} FROM src.puzzles s", names, values));
            t.puzzles_new = static_cast<std::uint64_t>(into.execAndGet("SELECT COUNT(*) FROM main.puzzles").getInt64() - before);
            into.exec("INSERT INTO temp.merge_puzzle (old, new) SELECT s.id, m.id FROM src.puzzles s "
                      "JOIN main.puzzles m ON m.key = s.key");
            t.puzzles_known = static_cast<std::uint64_t>(into.execAndGet("SELECT COUNT(*) FROM src.puzzles").getInt64()) - t.puzzles_new;

            std::vector<std::string> tables;
            SQLite::Statement list(into, "SELECT name FROM src.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                                         "AND name NOT LIKE 'tally_%' "
                                         // the bands come from the families, not from the databases merged
                                         "AND name NOT IN ('imports', 'puzzles', 'enumerations', 'bands', 'band_rules') "
                                         "ORDER BY name");
            while (list.executeStep()) tables.push_back(list.getColumn(0).getString());
            for (const std::string& table : tables) {
                if (!has_table(into, "main", table)) continue;
                common_columns(into, table, true, names, values);
                if (names.empty()) continue;
                SQLite::Statement copy(into, fmt::format("INSERT OR IGNORE INTO main.{0} ({1}) SELECT {2} FROM src.{0} s",
                                                         quoted(table), names, values));
                t.rows += static_cast<std::uint64_t>(copy.exec());
            }
            tx.commit();
        } catch (...) {
            into.exec("DETACH DATABASE src");
            throw;
        }
        into.exec("DETACH DATABASE src");
    } catch (const SQLite::Exception& e) {
        // A full disk is the target's, not the file merged.
        if ((e.getErrorCode() & 0xff) == SQLITE_FULL)
            throw StoreError(fmt::format("{}: {}; nothing of {} was added", into.getFilename(), e.what(), from));
        throw StoreError(fmt::format("{}: {}", from, e.what()));
    }
    return t;
}

}  // namespace slidedb
