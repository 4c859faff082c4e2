// Helpers for end-to-end tests: run the built binary in a temporary folder
// and read the database it wrote.
#pragma once

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace slidedb::e2e {

namespace fs = std::filesystem;

inline std::string test_data(const std::string& rel) { return std::string(SLIDEDB_TEST_DATA) + "/" + rel; }

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// How many times `what` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

inline void write_file(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh folder per test, removed afterwards.
class TempDir {
public:
    TempDir() {
        std::string tmpl = (fs::temp_directory_path() / "slidedb-e2e-XXXXXX").string();
        path_ = mkdtemp(tmpl.data());
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }
    fs::path operator/(const std::string& rel) const { return path_ / rel; }

private:
    fs::path path_;
};

struct Outcome {
    int status = -1;
    std::string out, err;
};

// Runs a shell command in `dir` with its stdout and stderr captured.
inline Outcome run_shell(const TempDir& dir, const std::string& command, const std::string& stdin_text = "") {
    const fs::path out = dir / ".out", err = dir / ".err", in = dir / ".in";
    write_file(in, stdin_text);
    const std::string cmd = "cd '" + dir.path().string() + "' && " + command + " <'" + in.string() + "' >'" +
                            out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(cmd.c_str());
    Outcome r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

// Runs `slidedb ARGS`.
inline Outcome slidedb(const TempDir& dir, const std::string& args, const std::string& stdin_text = "") {
    return run_shell(dir, std::string("'") + SLIDEDB_BINARY + "' " + args, stdin_text);
}

// Starts `slidedb ARGS` in `dir`, its stderr to `err_file` there, and
// returns at once: its pid (the process is slidedb itself, exec'd).
inline pid_t spawn_slidedb(const TempDir& dir, const std::string& args, const std::string& err_file = "err.txt") {
    const std::string cmd = "cd '" + dir.path().string() + "' && exec '" + SLIDEDB_BINARY + "' " + args + " 2> '" +
                            err_file + "'";
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    return pid;
}

// Asks `ready` every 10 ms, for 30 s at most, until it holds; an exception
// (a database not written yet) counts as not yet.
inline bool wait_until(const std::function<bool()>& ready) {
    for (int i = 0; i < 3000; ++i) {
        try {
            if (ready()) return true;
        } catch (const std::exception&) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

// Waits for a process spawned above: its wait status.
inline int wait_status(pid_t pid) {
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    return wstatus;
}

inline std::int64_t count(SQLite::Database& db, const std::string& sql) {
    return db.execAndGet(sql).getInt64();
}

// Every row of a query as text, one line a row: for comparing databases.
inline std::string dump(SQLite::Database& db, const std::string& sql) {
    SQLite::Statement st(db, sql);
    std::string out;
    while (st.executeStep()) {
        for (int c = 0; c < st.getColumnCount(); ++c) {
            out += c ? "|" : "";
            out += st.getColumn(c).isNull() ? "NULL" : st.getColumn(c).getString();
        }
        out += '\n';
    }
    return out;
}

// The database's content that must not depend on timing, jobs or runs.
inline std::string content(const fs::path& db_path) {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    return dump(db, "SELECT id, key, family, width, height, exit_side, exit_row, board, blocks, fixed "
                    "FROM puzzles ORDER BY id") +
           dump(db, "SELECT id, puzzle_id, path, line, kind, format, file_hash, claimed_moves, "
                    "claimed_cluster FROM sources ORDER BY id") +
           dump(db, "SELECT puzzle_id, status, moves, steps, solution, cluster_size, cluster_goals, "
                    "cluster_depth, cluster_complete, examined, max_states, peak_bytes, solver_version, "
                    "hardest_moves, hardest_board, blocked_cells, blockers FROM solutions ORDER BY puzzle_id") +
           dump(db, "SELECT * FROM goal_levels ORDER BY puzzle_id, distance") +
           dump(db, "SELECT * FROM levels ORDER BY puzzle_id, depth") +
           dump(db, "SELECT path, line, message FROM errors ORDER BY path, line, message");
}

}  // namespace slidedb::e2e
