// Hostile use: inputs that could block, SQL that could write or run for
// ever, someone else's database, file names no output should trust.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "e2e.h"
#include "json_check.h"
#include "store/embedded_sql.h"

namespace slidedb::e2e {
namespace {

const char* kFogleman = "BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n";
const std::string kEndless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) ";

std::string bin() { return std::string("'") + SLIDEDB_BINARY + "'"; }

void make_socket(const fs::path& p) {
    const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    ASSERT_LT(p.string().size(), sizeof addr.sun_path);
    std::strcpy(addr.sun_path, p.c_str());
    ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    close(fd);  // the socket file stays
}

// Every file of a folder (names and bytes): what a read-only command must not change.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        files[e.path().lexically_relative(dir).string()] =
            e.is_regular_file() ? std::to_string(std::hash<std::string>{}(slurp(e.path()))) : "<not a file>";
    return files;
}

std::string names(const std::map<std::string, std::string>& files) {
    std::string out;
    for (const auto& [name, bytes] : files) out += name + " ";
    return out;
}

TEST(Hardening, InputsThatCouldBlockAreOneErrorRowEach) {
    TempDir dir;
    write_file(dir / "in/good.txt", kFogleman);
    ASSERT_EQ(mkfifo((dir / "in/fifo").c_str(), 0644), 0);
    ASSERT_EQ(mkfifo((dir / "named_pipe").c_str(), 0644), 0);
    make_socket(dir / "in/sock");
    fs::create_symlink("/dev/zero", dir / "in/zero");
    // Two folder links that lead into each other.
    fs::create_directories(dir / "in/a");
    fs::create_directories(dir / "in/b");
    fs::create_directory_symlink("../b", dir / "in/a/to_b");
    fs::create_directory_symlink("../a", dir / "in/b/to_a");
    write_file(dir / "in/b/lines.txt", "03 ooCoooooCoooAACooooooooooooooooBBooo 60\n");

    // `timeout` turns a hang into status 124 instead of a stuck test.
    const Outcome r = run_shell(dir, "timeout 10 " + bin() + " import in named_pipe /dev/null --db t.db");
    ASSERT_EQ(r.status, 1) << r.err;
    SQLite::Database db((dir / "t.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT path, line, message FROM errors ORDER BY path"),
              "/dev/null|0|is a character device, not a regular file; not read\n"
              "in/a/to_b/to_a|0|symlink loop: leads back to in/a; not followed\n"
              "in/fifo|0|is a named pipe (FIFO), not a regular file; not read\n"
              "in/sock|0|is a socket, not a regular file; not read\n"
              "in/zero|0|is a character device, not a regular file; not read\n"
              "named_pipe|0|is a named pipe (FIFO), not a regular file; not read\n");
    // The files around them are read; b's once, though two paths lead there.
    EXPECT_EQ(dump(db, "SELECT path, line FROM sources ORDER BY path"), "in/a/to_b/lines.txt|1\nin/good.txt|1\n");
    EXPECT_NE(r.err.find("in/fifo: is a named pipe (FIFO), not a regular file; not read\n"), std::string::npos);
}

class ReadOnlySql : public ::testing::Test {
protected:
    void SetUp() override {
        write_file(dir_ / "db/boards.txt", kFogleman);
        ASSERT_EQ(slidedb(dir_, "import db/boards.txt --db db/t.db -q").status, 0);
        fs::remove(dir_ / "db/boards.txt");
    }
    TempDir dir_;
};

TEST_F(ReadOnlySql, NoStatementCreatesChangesOrDeletesAFile) {
    const auto before = snapshot(dir_ / "db");
    ASSERT_EQ(names(before), "t.db ");
    for (const char* sql :
         {"VACUUM INTO 'db/copy.db'", "VACUUM", "ATTACH 'db/other.db' AS o", "PRAGMA journal_mode = DELETE",
          "PRAGMA user_version = 7", "PRAGMA wal_checkpoint(TRUNCATE)", "DELETE FROM puzzles",
          "CREATE TABLE t (x)", "DROP VIEW hardest", "ANALYZE", "REINDEX", "BEGIN IMMEDIATE",
          "INSERT INTO errors (path, line, message, import_id, last_import_id) VALUES ('x', 0, 'y', 1, 1)"}) {
        SCOPED_TRACE(sql);
        const Outcome r = slidedb(dir_, std::string("query \"") + sql + "\" --db db/t.db");
        EXPECT_EQ(r.status, 2);
        EXPECT_EQ(r.err.rfind("slidedb: queries are read-only; the statement was refused and nothing was changed (", 0),
                  0u)
            << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(snapshot(dir_ / "db"), before) << names(snapshot(dir_ / "db"));
    }
    // A second statement is refused before the first runs.
    const Outcome two = slidedb(dir_, "query \"SELECT COUNT(*) FROM puzzles; DELETE FROM puzzles\" --db db/t.db");
    EXPECT_EQ(two.status, 2);
    EXPECT_EQ(two.out, "");
    EXPECT_EQ(two.err,
              "slidedb: one statement at a time: nothing was run, and the text goes on after the first with "
              "`DELETE FROM puzzles`\n");
    // The same rules for a report file, and reports leave no -wal or -shm.
    write_file(dir_ / "evil.sql", "-- section: Copy\nVACUUM INTO 'db/copy.db'\n");
    const Outcome evil = slidedb(dir_, "report --sql evil.sql --db db/t.db");
    EXPECT_EQ(evil.status, 2);
    EXPECT_NE(evil.err.find("queries are read-only"), std::string::npos) << evil.err;
    EXPECT_EQ(slidedb(dir_, "report all --db db/t.db --format json").status, 0);
    EXPECT_EQ(slidedb(dir_, "show 1 --db db/t.db").status, 0);
    const Outcome ok = slidedb(dir_, "query \"SELECT COUNT(*) AS n FROM puzzles\" --db db/t.db --format csv");
    EXPECT_EQ(ok.out, "n\r\n1\r\n");
    EXPECT_EQ(snapshot(dir_ / "db"), before) << names(snapshot(dir_ / "db"));
}

// Runs commands in dir with its folder `db` read-only: with write
// permission taken away, or for root (who writes anywhere) under a
// read-only bind mount. Nothing when neither can be done.
std::optional<Outcome> run_with_db_folder_read_only(const TempDir& dir, const std::string& commands) {
    const std::string db = (dir / "db").string();
    if (geteuid() != 0) {
        fs::permissions(dir / "db", fs::perms::owner_write, fs::perm_options::remove);
        Outcome r = run_shell(dir, commands);
        fs::permissions(dir / "db", fs::perms::owner_write, fs::perm_options::add);
        return r;
    }
    if (run_shell(dir, "unshare -m true").status != 0) return std::nullopt;
    write_file(dir / "ro.sh", "mount --bind '" + db + "' '" + db + "' && mount -o remount,ro,bind '" + db + "' '" +
                                  db + "' && " + commands + "\n");
    return run_shell(dir, "unshare -m sh ro.sh");
}

TEST_F(ReadOnlySql, WorksInAReadOnlyFolder) {
    const auto before = snapshot(dir_ / "db");
    const std::string commands = bin() + " query \"SELECT COUNT(*) AS n FROM puzzles\" --db db/t.db --format csv && " +
                                 bin() + " report summary --db db/t.db > /dev/null";
    const std::optional<Outcome> r = run_with_db_folder_read_only(dir_, commands);
    if (!r) GTEST_SKIP() << "unshare -m is not allowed here";
    EXPECT_EQ(r->status, 0) << r->err;
    EXPECT_EQ(r->out, "n\r\n1\r\n");
    EXPECT_EQ(snapshot(dir_ / "db"), before);
}

// A database that cannot be written, or made, says which and why, instead
// of SQLite's "unable to open database file".
TEST_F(ReadOnlySql, AWriterSaysWhyItCannotWriteTheDatabase) {
    write_file(dir_ / "boards.txt", kFogleman);
    const Outcome none = slidedb(dir_, "import boards.txt --db nowhere/t.db");
    EXPECT_EQ(none.status, 2);
    EXPECT_EQ(none.err, "slidedb: nowhere/t.db: cannot be made: no folder " + (dir_.path() / "nowhere").string() + "\n");
    const auto before = snapshot(dir_ / "db");
    const std::optional<Outcome> r = run_with_db_folder_read_only(
        dir_, bin() + " import boards.txt --db db/t.db; echo $?; " + bin() + " import boards.txt --db db/new.db; echo $?");
    if (!r) GTEST_SKIP() << "unshare -m is not allowed here";
    EXPECT_EQ(r->out, "2\n2\n");
    EXPECT_EQ(r->err, "slidedb: db/t.db: cannot be written (the file or its folder is read-only); reading it works: "
                      "report, query, show, serve\n"
                      "slidedb: db/new.db: cannot be made: folder " + (dir_.path() / "db").string() +
                      " cannot be written\n");
    EXPECT_EQ(snapshot(dir_ / "db"), before);
}

// A database of schema 14 (before the view naming each enumeration's
// command) in a folder that cannot be written, so not brought up to date:
// reports read schema 15's views all the same, as TEMP views.
TEST(ReadOnlyOlderSchema, ReportsReadTheNewerViews) {
    TempDir dir;
    fs::create_directories(dir / "db");
    ASSERT_EQ(slidedb(dir, "enumerate --size 4 --walls 0..0 --db db/t.db").status, 0);
    {
        // Schema 14's own puzzle_sources (from schema 13), without 15's view and index.
        SQLite::Database db((dir / "db/t.db").string(), SQLite::OPEN_READWRITE);
        const std::string_view v13 = schema_files().at(12).text;
        const std::size_t at = v13.find("CREATE VIEW puzzle_sources AS");
        ASSERT_NE(at, std::string_view::npos);
        db.exec("DROP VIEW puzzle_sources");
        db.exec("DROP VIEW enumeration_commands");
        db.exec("DROP INDEX enumerated_cluster");
        db.exec(std::string(v13.substr(at, v13.find(';', at) - at)));
        db.exec("PRAGMA user_version = 14");
    }
    const auto before = snapshot(dir / "db");
    const std::optional<Outcome> r = run_with_db_folder_read_only(
        dir, bin() + " report hardest --format csv --db db/t.db | head -3 | cut -d, -f2- && " + bin() +
                 " query \"SELECT kind, path, COUNT(*) AS n FROM puzzle_sources GROUP BY 1, 2\" --format csv "
                 "--db db/t.db && " + bin() + " query \"PRAGMA user_version\" --format csv --db db/t.db");
    if (!r) GTEST_SKIP() << "unshare -m is not allowed here";
    EXPECT_EQ(r->status, 0) << r->err;
    EXPECT_EQ(r->out,
              "family,size,moves,steps,cluster,examined,ms,source\r\n"  // ids follow the units' order
              "unblock,4x4,7,,34,,,slidedb enumerate --size 4 --walls 0..0\r\n"
              "unblock,4x4,7,,20,,,slidedb enumerate --size 4 --walls 0..0\r\n"
              "kind,path,n\r\nenumeration,slidedb enumerate --size 4 --walls 0..0,32\r\n"
              "user_version\r\n14\r\n");
    EXPECT_EQ(snapshot(dir / "db"), before);
}

// A reader of a database made read-only (chmod 444) leaves its -wal and
// -shm read-only; once the database may be written again, the owner's next
// import failed ("attempt to write a readonly database"). Run as another
// user than root, whom no file mode stops.
TEST(ReadOnlyDatabase, JournalsAReaderLeftDoNotStopTheNextWriter) {
    if (geteuid() != 0 || run_shell(TempDir{}, "command -v setpriv").status != 0)
        GTEST_SKIP() << "needs root and setpriv to run as another user";
    TempDir dir;
    fs::permissions(dir.path(), fs::perms::all);
    write_file(dir / "t3.txt", "1 2 3\n4 5 6\n7 0 8\n");
    write_file(dir / "t4.txt", "1 2 3\n4 5 6\n0 7 8\n");
    const std::string as_nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups " + bin();
    ASSERT_EQ(run_shell(dir, as_nobody + " import t3.txt --db p.db -q").status, 0);
    fs::permissions(dir / "p.db", fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                    fs::perm_options::remove);
    const Outcome read = run_shell(dir, as_nobody + " query 'SELECT COUNT(*) FROM puzzles' --db p.db --format csv");
    ASSERT_EQ(read.status, 0) << read.err;
    ASSERT_TRUE(fs::exists(dir / "p.db-wal"));
    EXPECT_EQ(fs::status(dir / "p.db-wal").permissions() & fs::perms::owner_write, fs::perms::none);
    fs::permissions(dir / "p.db", fs::perms::owner_write, fs::perm_options::add);
    const Outcome again = run_shell(dir, as_nobody + " import t4.txt --db p.db -q");
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(run_shell(dir, as_nobody + " query 'SELECT COUNT(*) FROM puzzles' --db p.db --format csv").out,
              "COUNT(*)\r\n2\r\n");
    // A journal of another user's, read-only: named, nothing written.
    fs::permissions(dir / "p.db", fs::perms::owner_write, fs::perm_options::remove);
    ASSERT_EQ(run_shell(dir, as_nobody + " query 'SELECT 1' --db p.db").status, 0);
    fs::permissions(dir / "p.db", fs::perms::owner_write, fs::perm_options::add);
    ASSERT_EQ(run_shell(dir, "chown root p.db-shm").status, 0);
    const Outcome refused = run_shell(dir, as_nobody + " import t3.txt --db p.db -q");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("p.db-shm: cannot be written, though the database can (left by a reader while the "
                               "database was read-only)"),
              std::string::npos)
        << refused.err;
}

// A database file made read-only (chmod 444) in a folder that may be
// written: SQLite opens it to read without a word, and the first write
// failed naming nothing (import) or the file merged (merge). Named, with
// nothing left beside it.
TEST(ReadOnlyDatabase, AWriteProtectedFileIsNamedByEveryWriter) {
    if (geteuid() != 0 || run_shell(TempDir{}, "command -v setpriv").status != 0)
        GTEST_SKIP() << "needs root and setpriv to run as another user";
    TempDir dir;
    fs::permissions(dir.path(), fs::perms::all);
    write_file(dir / "t3.txt", "1 2 3\n4 5 6\n7 0 8\n");
    const std::string as_nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups " + bin();
    ASSERT_EQ(run_shell(dir, as_nobody + " import t3.txt --db a.db -q").status, 0);
    ASSERT_EQ(run_shell(dir, as_nobody + " import t3.txt --db ro.db -q").status, 0);
    fs::permissions(dir / "ro.db", fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                    fs::perm_options::remove);
    const std::string said = "slidedb: ro.db: cannot be written (the file or its folder is read-only); reading it "
                             "works: report, query, show, serve\n";
    for (const char* command :
         {"import t3.txt --db ro.db -q", "merge a.db --db ro.db", "enumerate --size 4 --db ro.db -q"}) {
        const Outcome r = run_shell(dir, as_nobody + " " + command);
        EXPECT_EQ(r.status, 2) << command;
        EXPECT_EQ(r.err, said) << command;
        EXPECT_FALSE(fs::exists(dir / "ro.db-wal")) << command;
    }
}

// Schema 8, before the difficulty bands' tables: a report that reads them
// says why they are missing and what to do.
// db/t.db in dir as schema `version` made it.
SQLite::Database older_database(const fs::path& dir, std::size_t version) {
    fs::create_directories(dir / "db");
    SQLite::Database db((dir / "db/t.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    for (std::size_t v = 0; v < version; ++v) db.exec(std::string(schema_files().at(v).text));
    db.exec(fmt::format("PRAGMA user_version = {}", version));
    return db;
}

// What slidedb says of a table or column missing from such a database read in place.
std::string older_schema_said(const std::string& missing, std::size_t version) {
    return fmt::format("slidedb: SQL error: no such {} (the database is of schema version {}, older than this "
                       "slidedb's {}, and was not brought up to date because its folder cannot be written; a copy "
                       "in a folder slidedb may write is brought up to date when first opened)\n",
                       missing, version, schema_files().size());
}

TEST(ReadOnlyOlderSchema, AReportNeedingNewerTablesSaysWhy) {
    TempDir dir;
    older_database(dir.path(), 8);
    const std::optional<Outcome> r = run_with_db_folder_read_only(
        dir, bin() + " report summary --format csv --db db/t.db && " + bin() + " report difficulty --db db/t.db");
    if (!r) GTEST_SKIP() << "unshare -m is not allowed here";
    EXPECT_EQ(r->status, 2);
    EXPECT_EQ(r->out.substr(0, r->out.find('\n')), "puzzles,solved,unsolvable,sources,imports,errors,claims_disagreeing\r");
    EXPECT_EQ(r->err, older_schema_said("table: band_rules", 8));
}

// Schema 5, before the tiles' columns: `show` says why they are missing.
TEST(ReadOnlyOlderSchema, ShowNeedingNewerColumnsSaysWhy) {
    TempDir dir;
    {
        SQLite::Database db = older_database(dir.path(), 5);
        db.exec("INSERT INTO imports (started_at, command, jobs) VALUES ('2026-01-01T00:00:00Z', 'x', 1)");
        db.exec("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, "
                "import_id) VALUES ('unblock 6x6 r2 ....AA', 'unblock', 6, 6, 'right', 2, "
                "'......\n......\n....AA\n......\n......\n......', 1, 0, 1)");
    }
    const std::optional<Outcome> r = run_with_db_folder_read_only(dir, bin() + " show 1 --db db/t.db");
    if (!r) GTEST_SKIP() << "unshare -m is not allowed here";
    EXPECT_EQ(r->status, 2);
    EXPECT_EQ(r->out, "");
    EXPECT_EQ(r->err, older_schema_said("column: search", 5));
}

TEST_F(ReadOnlySql, EndlessQueryStopsAtItsTimeLimit) {
    const Outcome r = slidedb(dir_, "query \"" + kEndless + "SELECT COUNT(*) FROM c\" --db db/t.db --timeout 1");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "slidedb: stopped after 1 s (--timeout); the database was not changed\n");
}

TEST_F(ReadOnlySql, CtrlCStopsAnEndlessQueryWithStatus130) {
    const Outcome r = run_shell(dir_, bin() + " query \"" + kEndless +
                                          "SELECT COUNT(*) FROM c\" --db db/t.db 2>err & p=$!; sleep 1; "
                                          "kill -INT $p; wait $p; echo $?");
    EXPECT_EQ(r.out, "130\n");
    EXPECT_EQ(slurp(dir_ / "err"), "slidedb: interrupted; the database was not changed\n");
}

TEST_F(ReadOnlySql, EndlessRowsStreamInLittleMemory) {
    // Rows reach stdout while the statement runs; memory stays flat.
    const Outcome r = run_shell(dir_, "( ( /usr/bin/time -f %M -o rss " + bin() + " query \"" + kEndless +
                                          "SELECT x, 'row' AS what FROM c\" --db db/t.db --timeout 2 --format json; "
                                          "echo $? > status ) | wc -c )");
    EXPECT_EQ(slurp(dir_ / "status"), "1\n");
    EXPECT_GT(std::stoll(r.out), 1'000'000);
    // GNU time writes "Command exited with non-zero status 1" first.
    std::string rss = slurp(dir_ / "rss");
    rss = rss.substr(rss.find_last_of('\n', rss.size() - 2) + 1);
    const long long kb = std::stoll(rss);
    EXPECT_LT(kb, 100 * 1024) << kb << " KB";
}

// A PNG whose header claims 16384 x 2441 pixels of 16-bit RGBA (320 MB of
// rows, within the 40-megapixel limit) over 16 bytes of data: refused, and
// the claim costs address space only, not memory.
TEST(Hardening, APngClaimingFortyMegapixelsOverAFewBytesTakesLittleMemory) {
    TempDir dir;
    auto be32 = [](std::uint32_t v) {
        return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
                           static_cast<char>(v)};
    };
    auto chunk = [&](const std::string& type, const std::string& data) {
        return be32(static_cast<std::uint32_t>(data.size())) + type + data + be32(0);  // CRCs are not read
    };
    const std::string ihdr = be32(16384) + be32(2441) + std::string("\x10\x06\x00\x00\x00", 5);
    // zlib: one stored block of 16 zero bytes, then their Adler-32.
    const std::string z = std::string("\x78\x01\x01\x10\x00\xef\xff", 7) + std::string(16, '\0') + be32(0x00100001);
    write_file(dir / "claim.png",
               std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", z) + chunk("IEND", ""));
    const Outcome r = run_shell(dir, "/usr/bin/time -f %M -o rss " + bin() + " scan claim.png");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.err.find("claim.png"), std::string::npos) << r.err;
    std::string rss = slurp(dir / "rss");
    rss = rss.substr(rss.find_last_of('\n', rss.size() - 2) + 1);
    EXPECT_LT(std::stoll(rss), 100 * 1024) << rss << " KB";
}

TEST(Hardening, ForeignDatabaseIsRefusedAndLeftByteForByte) {
    TempDir dir;
    write_file(dir / "boards.txt", kFogleman);
    fs::create_directories(dir / "db");
    for (const char* mode : {"DELETE", "WAL"}) {
        SCOPED_TRACE(mode);
        fs::remove(dir / "db/mine.db");
        {
            SQLite::Database db((dir / "db/mine.db").string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec(std::string("PRAGMA journal_mode = ") + mode);
            db.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
            db.exec("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER)");
            db.exec("INSERT INTO customers (name) VALUES ('Ada')");
        }
        const auto before = snapshot(dir / "db");
        const Outcome r = slidedb(dir, "import boards.txt --db db/mine.db");
        EXPECT_EQ(r.status, 2);
        EXPECT_EQ(r.err,
                  "slidedb: db/mine.db: not a slidedb database: it holds tables customers, orders and no slidedb "
                  "schema; nothing was changed (--force adds slidedb's tables beside them)\n");
        EXPECT_EQ(snapshot(dir / "db"), before) << names(snapshot(dir / "db"));
    }
    // --force adds slidedb's tables and keeps the others.
    const Outcome forced = slidedb(dir, "import boards.txt --db db/mine.db --force -q");
    EXPECT_EQ(forced.status, 0) << forced.err;
    SQLite::Database db((dir / "db/mine.db").string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(dump(db, "SELECT name FROM customers"), "Ada\n");
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM puzzles"), 1);

    // A file that is not SQLite at all.
    write_file(dir / "db/notes.db", "shopping list\n");
    const auto before = snapshot(dir / "db");
    const Outcome notes = slidedb(dir, "import boards.txt --db db/notes.db");
    EXPECT_EQ(notes.status, 2);
    EXPECT_EQ(notes.err, "slidedb: db/notes.db: file is not a database\n");
    EXPECT_EQ(snapshot(dir / "db"), before) << names(snapshot(dir / "db"));
}

// File names from old archives and hostile ones: every output stays valid.
class HostileNames : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        for (const std::string name : {"latin1 caf\xe9 \xff\xfe.txt", "esc\x1b[31mred.txt", "quote\"back\\slash.txt",
                                       "<script>alert(1)</script>|`tick`.txt", "tab\there.txt", "new\nline.txt"})
            write_file(*dir_ / ("in/" + name), kFogleman);
        write_file(*dir_ / "in/bad \x1b\xff.txt", "AA..\n");
        import_ = new Outcome(slidedb(*dir_, "import in --db t.db"));
    }
    static void TearDownTestSuite() {
        delete import_;
        delete dir_;
    }
    static Outcome query(const std::string& sql, const std::string& format) {
        return slidedb(*dir_, "query \"" + sql + "\" --db t.db --format " + format);
    }
    static TempDir* dir_;
    static Outcome* import_;
};
TempDir* HostileNames::dir_ = nullptr;
Outcome* HostileNames::import_ = nullptr;

TEST_F(HostileNames, ImportNamesThemWithVisibleEscapes) {
    EXPECT_EQ(import_->status, 1);
    EXPECT_NE(import_->err.find("in/bad \\x1b\\xff.txt:1: "), std::string::npos) << import_->err;
    EXPECT_EQ(import_->err.find('\x1b'), std::string::npos);
}

TEST_F(HostileNames, EveryJsonOutputParsesStrictly) {
    for (const std::string args :
         {"query \"SELECT path, line, format FROM sources ORDER BY path\" --format json",
          "query \"SELECT * FROM errors\" --format json", "query \"SELECT * FROM hardest\" --format json",
          "report all --format json", "report puzzle 1 --format json", "report hardest --by steps --format json"}) {
        SCOPED_TRACE(args);
        const Outcome r = slidedb(*dir_, args + " --db t.db");
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(StrictJson::check(r.out), "") << r.out;
    }
    const Outcome paths = query("SELECT path FROM sources WHERE path LIKE '%latin1%'", "json");
    EXPECT_EQ(paths.out, "[\n {\"path\": \"in/latin1 caf\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd.txt\"}\n]\n");
    const Outcome esc = query("SELECT path FROM sources WHERE path LIKE 'in/esc%' OR path LIKE 'in/new%'", "json");
    EXPECT_EQ(esc.out, "[\n {\"path\": \"in/esc\\u001b[31mred.txt\"},\n {\"path\": \"in/new\\nline.txt\"}\n]\n");
}

TEST_F(HostileNames, NonFiniteNumbersAreNullInJson) {
    const Outcome r = query("SELECT 1e999 AS big, -1e999 AS small, 0.5 AS half, 7 AS seven", "json");
    EXPECT_EQ(r.out, "[\n {\"big\": null, \"small\": null, \"half\": 0.5, \"seven\": 7}\n]\n");
    EXPECT_EQ(query("SELECT 1e999 AS big", "table").out, "big\n---\ninf\n");
}

TEST_F(HostileNames, TableOutputShowsControlCharactersAsEscapes) {
    const Outcome r = query("SELECT path FROM sources WHERE path LIKE 'in/esc%' OR path LIKE 'in/tab%'", "table");
    EXPECT_EQ(r.out, "path\n---------------------\nin/esc\\x1b[31mred.txt\nin/tab\\there.txt\n");
    const Outcome errors = query("SELECT path FROM errors", "table");
    EXPECT_EQ(errors.out, "path\n-------------------\nin/bad \\x1b\\xff.txt\n");
}

TEST_F(HostileNames, MarkdownEscapesMarkup) {
    const Outcome r = query("SELECT path FROM sources WHERE path LIKE '%script%' OR path LIKE 'in/quote%'", "md");
    EXPECT_EQ(r.out,
              "| path |\n| --- |\n"
              "| in/&lt;script&gt;alert(1)&lt;/script&gt;\\|\\`tick\\`.txt |\n"
              "| in/quote\"back\\\\slash.txt |\n");
}

TEST_F(HostileNames, CsvFollowsRfc4180) {
    const Outcome r = query("SELECT path, line FROM sources WHERE path LIKE 'in/quote%' OR path LIKE 'in/new%' "
                            "ORDER BY path", "csv");
    EXPECT_EQ(r.out, "path,line\r\n\"in/new\nline.txt\",1\r\n\"in/quote\"\"back\\slash.txt\",1\r\n");
}

}  // namespace
}  // namespace slidedb::e2e
