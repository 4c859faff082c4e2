#include "store/database.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include "store/bands.h"
#include "store/embedded_sql.h"
#include "store/query.h"
#include "store/read_only.h"

namespace slidedb {

namespace {

using Clock = std::chrono::steady_clock;

// Runs fn again while another connection holds the lock it needs, until the
// deadline. SQLite's busy handler already waits inside most calls; this
// covers the ones it does not (changing the journal mode, WAL recovery).
template <class Fn>
auto retry_busy(Clock::time_point deadline, Fn fn) {
    auto pause = std::chrono::milliseconds(2);
    for (;;) {
        try {
            return fn();
        } catch (const SQLite::Exception& e) {
            if ((e.getErrorCode() & 0xff) != SQLITE_BUSY || Clock::now() >= deadline) throw;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(100));
    }
}

// Tables and views a program other than SQLite made.
std::vector<std::string> user_tables(SQLite::Database& db) {
    std::vector<std::string> names;
    SQLite::Statement st(db, "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') "
                             "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (st.executeStep()) names.push_back(st.getColumn(0).getString());
    return names;
}

bool holds(const std::vector<std::string>& names, const char* name) {
    return std::find(names.begin(), names.end(), std::string(name)) != names.end();
}

std::string listed(const std::vector<std::string>& names) {
    std::string out;
    const std::size_t shown = std::min<std::size_t>(names.size(), 5);
    for (std::size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + names[i];
    if (names.size() > shown) out += fmt::format(" and {} more", names.size() - shown);
    return out;
}

// Refuses a SQLite file some other program made, before anything is written.
void refuse_foreign(SQLite::Database& db, const std::string& path, bool force) {
    // One read transaction: the version and the tables of one snapshot, even
    // while another import creates the schema.
    SQLite::Transaction snapshot(db);
    const int version = schema_version(db);
    const std::vector<std::string> tables = user_tables(db);
    snapshot.commit();
    const bool ours = holds(tables, "imports") && holds(tables, "puzzles");
    if (version > 0 && !ours)
        throw StoreError(fmt::format("{}: not a slidedb database: PRAGMA user_version is {} and it holds {}; "
                                     "nothing was changed",
                                     path, version, tables.empty() ? "no tables" : "tables " + listed(tables)));
    if (version == 0 && !tables.empty() && !force)
        throw StoreError(fmt::format("{}: not a slidedb database: it holds tables {} and no slidedb schema; "
                                     "nothing was changed (--force adds slidedb's tables beside them)",
                                     path, listed(tables)));
}

void migrate(SQLite::Database& db, const std::string& path, Clock::time_point deadline) {
    const auto& files = schema_files();
    if (schema_version(db) == static_cast<int>(files.size())) return;
    // A migration may copy a table to change its columns (SQLite's way):
    // foreign keys are off while it runs, and checked whole before it
    // commits, so a migration that broke one leaves the database as it was.
    db.exec("PRAGMA foreign_keys = OFF");
    // Every missing file in one write transaction, the version read again
    // under the lock: another import may have migrated the file meanwhile.
    retry_busy(deadline, [&] { db.exec("BEGIN IMMEDIATE"); });
    try {
        const int have = schema_version(db);
        if (have > static_cast<int>(files.size()))
            throw StoreError(fmt::format("{}: database schema version {} is newer than this slidedb "
                                         "knows ({}); upgrade slidedb",
                                         path, have, files.size()));
        for (int v = have; v < static_cast<int>(files.size()); ++v) {
            db.exec(std::string(files[static_cast<std::size_t>(v)].text));
            SQLite::Statement check(db, "PRAGMA foreign_key_check");
            if (check.executeStep())
                throw StoreError(fmt::format("{}: schema file {} leaves a broken reference in table {}", path,
                                             files[static_cast<std::size_t>(v)].name,
                                             check.getColumn(0).getString()));
            db.exec(fmt::format("PRAGMA user_version = {}", v + 1));
        }
        db.exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db.getHandle(), "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_exec(db.getHandle(), "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
        throw;
    }
    db.exec("PRAGMA foreign_keys = ON");
}

// A URI for sqlite3_open_v2: '%', '?' and '#' would otherwise end the path.
std::string file_uri(const std::string& path, const char* query) {
    std::string uri = path.starts_with('/') ? "file://" : "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) uri += fmt::format("%{:02X}", c);
        else uri += static_cast<char>(c);
    }
    return uri + "?" + query;
}

bool cannot_open(const SQLite::Exception& e) {
    const int code = e.getErrorCode() & 0xff;
    return code == SQLITE_CANTOPEN || code == SQLITE_READONLY || code == SQLITE_PERM;
}

// A database that may be read but not written, said the same wherever it is met.
StoreError cannot_be_written(const std::string& path) {
    return StoreError(fmt::format("{}: cannot be written (the file or its folder is read-only); reading it works: "
                                  "report, query, show, serve",
                                  path));
}

bool access_ok(const std::string& path) {
    const auto folder = std::filesystem::absolute(path).parent_path();
    return access(path.c_str(), W_OK) == 0 && access(folder.c_str(), W_OK) == 0;
}

void check_readable_schema(SQLite::Database& db, const std::string& path) {
    const int have = schema_version(db);
    if (have == 0) throw StoreError(fmt::format("{}: not a slidedb database (no schema)", path));
    if (have > static_cast<int>(schema_files().size()))
        throw StoreError(fmt::format("{}: database schema version {} is newer than this slidedb knows; "
                                     "upgrade slidedb",
                                     path, have));
}

// The statements of a schema file, split where SQLite says one is complete
// (so a semicolon inside a trigger's body or a string does not split).
std::vector<std::string> statements_of(std::string_view text) {
    std::vector<std::string> out;
    std::string sql;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find(';', at), text.size() - 1) + 1;
        sql.append(text.substr(at, end - at));
        at = end;
        if (sqlite3_complete(sql.c_str())) out.push_back(std::exchange(sql, {}));
    }
    return out;
}

// A database of an older schema that cannot be written keeps its old views,
// and reports and the web app read views the newer schema files define. Each
// view those files create is made again as a TEMP view of this connection,
// which hides the old one of its name; one that does not compile against the
// old tables is dropped again, leaving the old view (or none).
void add_newer_views(SQLite::Database& db, int have) {
    const auto& files = schema_files();
    std::vector<std::string> names;
    for (std::size_t v = static_cast<std::size_t>(have); v < files.size(); ++v) {
        for (const std::string& statement : statements_of(files[v].text)) {
            const std::string_view sql = past_blank_sql(statement);
            constexpr std::string_view kCreate = "CREATE VIEW ";
            if (!sql.starts_with(kCreate)) continue;
            const std::string_view rest = sql.substr(kCreate.size());
            const std::string name(rest.substr(0, rest.find_first_of(" \t\r\n")));
            db.exec(fmt::format("DROP VIEW IF EXISTS temp.{}", name));
            db.exec(fmt::format("CREATE TEMP VIEW {}", rest));
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
    }
    for (const std::string& name : names) {
        sqlite3_stmt* st = nullptr;
        const int rc = sqlite3_prepare_v2(db.getHandle(), fmt::format("SELECT * FROM temp.{}", name).c_str(), -1,
                                          &st, nullptr);
        sqlite3_finalize(st);
        if (rc != SQLITE_OK) db.exec(fmt::format("DROP VIEW temp.{}", name));
    }
}

// A reading connection. Opened read-write when the folder allows it, so
// that, as the last connection, it removes the -wal and -shm files it made;
// read-only otherwise; and immutable when not even the -shm can be made
// (a read-only folder or medium, where no one can be writing either).
std::unique_ptr<SQLite::Database> open_reader(const std::string& path, bool temporaries_in_memory) {
    if (!std::filesystem::exists(path))
        throw StoreError(fmt::format("{}: no such database (run `slidedb import` first)", path));
    std::vector<std::pair<std::string, int>> tries;
    if (access(path.c_str(), W_OK) == 0) tries.emplace_back(file_uri(path, "mode=rw"), SQLite::OPEN_READWRITE);
    tries.emplace_back(file_uri(path, "mode=ro"), SQLite::OPEN_READONLY);
    tries.emplace_back(file_uri(path, "mode=ro&immutable=1"), SQLite::OPEN_READONLY);
    for (std::size_t i = 0; i < tries.size(); ++i) {
        try {
            auto db = std::make_unique<SQLite::Database>(tries[i].first, tries[i].second | SQLITE_OPEN_URI);
            db->setBusyTimeout(10'000);
            if (temporaries_in_memory) db->exec("PRAGMA temp_store = MEMORY");  // before the authorizer refuses it
            check_readable_schema(*db, path);  // the first read: makes or maps the -shm
            const int have = schema_version(*db);
            if (have < static_cast<int>(schema_files().size())) add_newer_views(*db, have);
            make_read_only(db->getHandle());
            return db;
        } catch (const SQLite::Exception& e) {
            if (!cannot_open(e) || i + 1 == tries.size()) throw;
        }
    }
    return nullptr;
}

// A reader of the database while it was read-only (chmod 444) leaves its
// -wal and -shm behind, made read-only as the database was then; once the
// database may be written again, the next writer failed on them ("attempt to
// write a readonly database", naming nothing). Made writable again when this
// user owns them; named when another does.
void make_journals_writable(const std::string& path) {
    struct stat db {};
    if (::stat(path.c_str(), &db) != 0 || ::access(path.c_str(), W_OK) != 0) return;
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::string journal = path + suffix;
        struct stat st {};
        if (::stat(journal.c_str(), &st) != 0 || ::access(journal.c_str(), W_OK) == 0) continue;
        if (st.st_uid != ::geteuid() || ::chmod(journal.c_str(), (st.st_mode & 07777) | (db.st_mode & 0222)) != 0)
            throw StoreError(fmt::format("{}: cannot be written, though the database can (left by a reader while "
                                         "the database was read-only): make it writable, or remove it while no "
                                         "one uses the database",
                                         journal));
    }
}

std::unique_ptr<SQLite::Database> open_writer(const std::string& path, const OpenOptions& options) {
    make_journals_writable(path);
    const auto deadline = Clock::now() + options.busy_wait;
    auto db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    // SQLite opens a write-protected file to read without a word; the first
    // write would fail naming nothing (or, in a merge, the file merged).
    if (sqlite3_db_readonly(db->getHandle(), "main") == 1)
        throw cannot_be_written(path);
    const auto wait_ms = std::chrono::duration_cast<std::chrono::milliseconds>(options.busy_wait).count();
    sqlite3_busy_timeout(db->getHandle(), static_cast<int>(std::min<long long>(wait_ms, 1 << 30)));
    retry_busy(deadline, [&] { refuse_foreign(*db, path, options.force); });
    retry_busy(deadline, [&] { db->exec("PRAGMA journal_mode = WAL"); });
    db->exec("PRAGMA synchronous = NORMAL");  // WAL + NORMAL: a crash loses at most the last batch
    db->exec("PRAGMA foreign_keys = ON");
    migrate(*db, path, deadline);
    if (!options.bands.empty() && !bands_current(*db, options.bands))
        retry_busy(deadline, [&] { write_bands(*db, options.bands); });
    return db;
}

}  // namespace

int schema_version(SQLite::Database& db) { return db.execAndGet("PRAGMA user_version").getInt(); }

std::unique_ptr<SQLite::Database> open_database(const std::string& path, Access access,
                                                const OpenOptions& options) {
    // SQLite takes an empty name for a private database that vanishes when
    // closed: a script's unset variable would lose the whole run's work.
    if (path.empty()) throw StoreError("--db: an empty path; name the database file");
    try {
        if (access == Access::ReadWrite) return open_writer(path, options);
        auto db = open_reader(path, options.temporaries_in_memory);
        // A database of an older schema, or other bands, is brought up to
        // date first when it may be written, since reports read what the
        // newer files add.
        const bool old = schema_version(*db) < static_cast<int>(schema_files().size()) ||
                         (!options.bands.empty() && !bands_current(*db, options.bands));
        if (old && options.bring_up_to_date && access_ok(path)) {
            db.reset();
            open_writer(path, options).reset();
            db = open_reader(path, options.temporaries_in_memory);
        }
        return db;
    } catch (const SQLite::Exception& e) {
        const int code = e.getErrorCode() & 0xff;
        if (access == Access::ReadWrite && (code == SQLITE_READONLY || code == SQLITE_CANTOPEN)) {
            const auto folder = std::filesystem::absolute(path).parent_path();
            if (!std::filesystem::exists(path) && !std::filesystem::is_directory(folder))
                throw StoreError(fmt::format("{}: cannot be made: no folder {}", path, folder.string()));
            if (!std::filesystem::exists(path) && ::access(folder.c_str(), W_OK) != 0)
                throw StoreError(fmt::format("{}: cannot be made: folder {} cannot be written", path, folder.string()));
            if (std::filesystem::exists(path) && !access_ok(path))
                throw cannot_be_written(path);
        }
        throw StoreError(fmt::format("{}: {}", path, e.what()));
    }
}

void limit_sqlite_memory(std::uint64_t bytes) { sqlite3_hard_heap_limit64(static_cast<sqlite3_int64>(bytes)); }

void limit_value_bytes(SQLite::Database& db, std::size_t bytes) {
    sqlite3_limit(db.getHandle(), SQLITE_LIMIT_LENGTH, static_cast<int>(std::min<std::size_t>(bytes, 1'000'000'000)));
}

}  // namespace slidedb
