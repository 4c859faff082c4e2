#include "store/puzzle_record.h"

#include <type_traits>

#include <SQLiteCpp/Statement.h>
#include <fmt/format.h>

#include "store/query.h"

namespace slidedb {

namespace {

template <class T>
std::optional<T> optional_column(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    if constexpr (std::is_same_v<T, std::string>) return c.getString();
    else return static_cast<T>(c.getInt64());
}

// The limit a search stopped at, as solutions.limit_reason names it.
Cut cut_of(const SQLite::Column& c) { return c.isNull() ? Cut::None : cut_from_name(c.getString()); }

}  // namespace

// The columns puzzle_columns() names, in that order.
std::string puzzle_columns(const std::string& alias) {
    std::string out = alias + ".";
    for (const char* c = kPuzzleColumns; *c; ++c) {
        out += *c;
        if (*c == ' ') out += alias + ".";
    }
    return out;
}

Puzzle puzzle_from_row(const SQLite::Statement& row, int at) {
    Puzzle z;
    z.family = row.getColumn(at).getString();
    z.width = row.getColumn(at + 1).getInt();
    z.height = row.getColumn(at + 2).getInt();
    z.board = row.getColumn(at + 3).getString();
    z.key = row.getColumn(at + 4).getString();
    z.exit_side = optional_column<std::string>(row.getColumn(at + 5));
    z.exit_row = optional_column<int>(row.getColumn(at + 6));
    z.blocks = optional_column<int>(row.getColumn(at + 7));
    z.fixed = optional_column<int>(row.getColumn(at + 8));
    return z;
}

namespace {

std::optional<PuzzleRecord> read_puzzle(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement p(db, std::string("SELECT ") + kPuzzleColumns + " FROM puzzles WHERE id = ?");
    p.bind(1, id);
    if (!p.executeStep()) return std::nullopt;
    PuzzleRecord rec;
    rec.id = id;
    rec.puzzle = puzzle_from_row(p, 0);

    SQLite::Statement s(db, "SELECT status, moves, steps, solution, cluster_size, cluster_goals, "
                            "cluster_depth, cluster_complete, examined, max_states, seconds, "
                            "peak_bytes, solver_version, hardest_moves, hardest_board, blocked_cells, "
                            "blockers, limit_reason, search, reason, cluster_by FROM solutions WHERE puzzle_id = ?");
    s.bind(1, id);
    if (s.executeStep()) {
        SolveResult r;
        const std::string status = s.getColumn(0).getString();
        r.status = status == "solved" ? Status::Solved : status == "limit" ? Status::Limit : Status::Unsolvable;
        if (r.status == Status::Solved) {
            r.moves = s.getColumn(1).getInt();
            r.steps = s.getColumn(2).getInt();
            r.solution = s.getColumn(3).getString();
        }
        r.cluster_size = static_cast<std::uint64_t>(s.getColumn(4).getInt64());
        r.cluster_goals = static_cast<std::uint64_t>(s.getColumn(5).getInt64());
        r.cluster_depth = s.getColumn(6).getInt();
        r.cluster_complete = s.getColumn(7).getInt() != 0;
        r.examined = static_cast<std::uint64_t>(s.getColumn(8).getInt64());
        r.max_states = static_cast<std::uint64_t>(s.getColumn(9).getInt64());
        r.seconds = s.getColumn(10).getDouble();
        r.peak_bytes = static_cast<std::uint64_t>(s.getColumn(11).getInt64());
        rec.solver_version = s.getColumn(12).getString();
        if (!s.getColumn(13).isNull()) {
            r.hardest_moves = s.getColumn(13).getInt();
            r.hardest_board = s.getColumn(14).getString();
        }
        if (!s.getColumn(15).isNull()) r.extras.emplace_back("blocked_cells", s.getColumn(15).getString());
        if (!s.getColumn(16).isNull()) r.extras.emplace_back("blockers", s.getColumn(16).getString());
        r.cut = cut_of(s.getColumn(17));
        // How the family found its figures, and why in words (tiles: parity,
        // IDA*, a cluster counted by formula): what `solve` said, said again.
        for (const auto& [column, name] : {std::pair{18, "search"}, {19, "reason"}, {20, "cluster_by"}})
            if (!s.getColumn(column).isNull()) r.extras.emplace_back(name, s.getColumn(column).getString());
        SQLite::Statement g(db, "SELECT boards FROM goal_levels WHERE puzzle_id = ? ORDER BY distance");
        g.bind(1, id);
        while (g.executeStep()) r.goal_levels.push_back(static_cast<std::uint64_t>(g.getColumn(0).getInt64()));

        SQLite::Statement l(db, "SELECT depth, frontier, examined, fresh, goals FROM levels "
                                "WHERE puzzle_id = ? ORDER BY depth");
        l.bind(1, id);
        while (l.executeStep()) {
            r.levels.push_back({static_cast<std::uint32_t>(l.getColumn(0).getInt()),
                                static_cast<std::uint64_t>(l.getColumn(1).getInt64()),
                                static_cast<std::uint64_t>(l.getColumn(2).getInt64()),
                                static_cast<std::uint64_t>(l.getColumn(3).getInt64()),
                                static_cast<std::uint64_t>(l.getColumn(4).getInt64())});
        }
        rec.result = std::move(r);
    }
    rec.sources = query_table(db,
                              "SELECT path, line, kind, format, claimed_moves, claimed_cluster, "
                              "confidence FROM puzzle_sources WHERE puzzle_id = :id ORDER BY origin, seq",
                              {{"id", std::to_string(id)}});
    return rec;
}

}  // namespace

std::optional<PuzzleRecord> load_puzzle(SQLite::Database& db, std::int64_t id) {
    try {
        return read_puzzle(db, id);
    } catch (const SQLite::Exception& e) {
        const std::string why = e.what();
        if (!why.starts_with("no such table") && !why.starts_with("no such column")) throw;
        throw StoreError(fmt::format("SQL error: {}{}", why, older_schema_hint(db)));
    }
}

bool puzzle_exists(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement st(db, "SELECT 1 FROM puzzles WHERE id = ?");
    st.bind(1, id);
    return st.executeStep();
}

std::optional<KnownPuzzle> find_puzzle(SQLite::Database& db, const std::string& key) {
    SQLite::Statement st(db, "SELECT p.id, s.puzzle_id IS NOT NULL FROM puzzles p "
                             "LEFT JOIN solutions s ON s.puzzle_id = p.id WHERE p.key = ?");
    st.bind(1, key);
    if (!st.executeStep()) return std::nullopt;
    return KnownPuzzle{st.getColumn(0).getInt64(), st.getColumn(1).getInt() != 0};
}

std::optional<Puzzle> first_puzzle_of(SQLite::Database& db, const std::string& family) {
    SQLite::Statement st(db, std::string("SELECT ") + kPuzzleColumns +
                                 " FROM puzzles WHERE family = ? ORDER BY id LIMIT 1");
    st.bind(1, family);
    if (!st.executeStep()) return std::nullopt;
    return puzzle_from_row(st, 0);
}

std::optional<StoredLimit> stored_limit(SQLite::Database& db, const Puzzle& puzzle) {
    SQLite::Statement st(db, "SELECT s.puzzle_id, s.limit_reason, s.cluster_size, s.cluster_complete, s.examined "
                             "FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id "
                             "WHERE p.key = ? AND p.family = ? AND s.status = 'limit'");
    st.bind(1, puzzle.key);
    st.bind(2, puzzle.family);
    if (!st.executeStep()) return std::nullopt;
    StoredLimit out;
    out.id = st.getColumn(0).getInt64();
    SolveResult& r = out.result;
    r.status = Status::Limit;
    r.cut = cut_of(st.getColumn(1));
    r.cluster_size = static_cast<std::uint64_t>(st.getColumn(2).getInt64());
    r.cluster_complete = st.getColumn(3).getInt() != 0;
    r.examined = static_cast<std::uint64_t>(st.getColumn(4).getInt64());
    return out;
}

}  // namespace slidedb
