#include "store/import_writer.h"

#include <ctime>
#include <iterator>
#include <type_traits>

#include <fmt/format.h>


namespace slidedb {

std::string solver_version(const SolveResult& r) {
    return fmt::format("slidedb-{} 1", r.extra("search").value_or("bfs"));
}

namespace {

constexpr std::uint64_t kBatchPuzzles = 4000;
constexpr auto kBatchTime = std::chrono::seconds(2);
constexpr std::size_t kLevelRows = 16;  // levels bound in one statement

// To the millisecond, as the enumeration's runs: merge tells runs apart by
// their start, command and jobs.
std::string utc_now() {
    const auto now = std::chrono::system_clock::now();
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    return fmt::format("{}.{:03}Z", buf, ms);
}

template <class T>
void bind_optional(SQLite::Statement& st, int index, const std::optional<T>& v) {
    if (!v) st.bind(index);
    else if constexpr (std::is_same_v<T, std::string>) st.bind(index, *v);
    else st.bind(index, static_cast<std::int64_t>(*v));
}

}  // namespace

ImportWriter::ImportWriter(SQLite::Database& db, const std::string& command, int jobs, bool resolve)
    : db_(db), resolve_(resolve) {
    // An INSERT that fires triggers keeps a copy of every page it changes
    // (its statement journal) until it ends; past 64 KiB that copy goes to a
    // temporary file, and the import wrote each page twice through the
    // kernel. The writer's statements each touch a few pages: in memory.
    temp_store_ = db_.execAndGet("PRAGMA temp_store").getInt();
    db_.exec("PRAGMA temp_store = MEMORY");
    SQLite::Statement run(db_, "INSERT INTO imports (started_at, command, jobs) VALUES (?, ?, ?)");
    run.bind(1, utc_now());
    run.bind(2, command);
    run.bind(3, jobs);
    run.exec();
    import_id_ = db_.getLastInsertRowid();

    find_puzzle_ = std::make_unique<SQLite::Statement>(
        db_, "SELECT p.id, s.moves, s.cluster_size, s.cluster_complete, s.status FROM puzzles p "
             "LEFT JOIN solutions s ON s.puzzle_id = p.id WHERE p.key = ?");
    insert_puzzle_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, "
             "fixed, import_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert_source_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT OR IGNORE INTO sources (puzzle_id, path, line, kind, format, file_hash, "
             "claimed_moves, claimed_cluster, image_width, image_height, box_x, box_y, box_w, "
             "box_h, cell_px, confidence, exit_seen, import_id, file) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    // A solution is replaced by a DELETE and an INSERT, which the tallies of
    // schema 5 follow (REPLACE would not fire their triggers).
    delete_solution_ = std::make_unique<SQLite::Statement>(db_, "DELETE FROM solutions WHERE puzzle_id = ?");
    insert_solution_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO solutions (puzzle_id, status, moves, steps, solution, "
             "cluster_size, cluster_goals, cluster_depth, cluster_complete, examined, max_states, "
             "seconds, peak_bytes, solver_version, import_id, hardest_moves, hardest_board, "
             "blocked_cells, blockers, limit_reason, search, reason, cluster_by) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    delete_levels_ = std::make_unique<SQLite::Statement>(db_, "DELETE FROM levels WHERE puzzle_id = ?");
    delete_goal_levels_ = std::make_unique<SQLite::Statement>(db_, "DELETE FROM goal_levels WHERE puzzle_id = ?");
    // A puzzle's levels go in a few statements, not one per row, in their
    // order: each statement opens and closes a savepoint and a journal of
    // its own, which cost more than the row. Goal levels are one JSON array
    // of counts; levels, of five columns each, go kLevelRows rows a
    // statement (taking columns out of JSON arrays cost more than binding).
    insert_goal_levels_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO goal_levels (puzzle_id, distance, boards) SELECT ?1, key, value FROM json_each(?2)");
    for (const std::size_t rows : {std::size_t{1}, kLevelRows}) {
        std::string sql = "INSERT INTO levels (puzzle_id, depth, frontier, examined, fresh, goals) VALUES ";
        for (std::size_t i = 0; i < rows; ++i) sql += i ? ", (?, ?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?, ?)";
        (rows == 1 ? insert_level_ : insert_levels_) = std::make_unique<SQLite::Statement>(db_, sql);
    }
    upsert_error_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO errors (path, line, message, import_id, last_import_id) "
             "VALUES (?, ?, ?, ?, ?) "
             "ON CONFLICT (path, line, message) DO UPDATE SET last_import_id = excluded.last_import_id");
}

// An open batch rolls back: the run did not finish.
ImportWriter::~ImportWriter() {
    try {
        batch_.reset();
        db_.exec(fmt::format("PRAGMA temp_store = {}", temp_store_));
    } catch (const SQLite::Exception&) {
        // The connection is closing with the run; nothing to restore then.
    }
}

std::unordered_set<std::string> ImportWriter::known_keys() {
    std::unordered_set<std::string> keys;
    if (resolve_) return keys;
    SQLite::Statement st(db_, "SELECT p.key FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id");
    while (st.executeStep()) keys.insert(st.getColumn(0).getString());
    return keys;
}

// A batch takes the write lock when its first part arrives, not before, and
// takes it at once (IMMEDIATE): a deferred transaction that read first could
// not upgrade to writing once another import has committed.
void ImportWriter::begin_batch() {
    batch_ = std::make_unique<SQLite::Transaction>(db_, SQLite::TransactionBehavior::IMMEDIATE);
    LevelTallies::defer(db_);
    batch_puzzles_ = 0;
    batch_started_ = std::chrono::steady_clock::now();
}

std::vector<std::string> ImportWriter::write(const FoundFile& file, bool last_part) {
    std::vector<std::string> notes;
    if (!batch_) begin_batch();
    totals_.files += last_part ? 1 : 0;
    for (const FoundPuzzle& p : file.puzzles) write_puzzle(file, p, notes);
    for (const FoundError& e : file.errors) {
        SQLite::Statement& st = *upsert_error_;
        st.bind(1, file.path);
        st.bind(2, e.line);
        st.bind(3, e.message);
        st.bind(4, import_id_);
        st.bind(5, import_id_);
        st.exec();
        st.reset();
        ++totals_.errors;
    }
    batch_puzzles_ += file.puzzles.size() + file.errors.size();
    if (batch_puzzles_ >= kBatchPuzzles || std::chrono::steady_clock::now() - batch_started_ > kBatchTime) {
        level_tallies_.flush(db_);
        batch_->commit();
        batch_.reset();
    }
    return notes;
}

void ImportWriter::write_puzzle(const FoundFile& file, const FoundPuzzle& p,
                                std::vector<std::string>& notes) {
    std::int64_t id = 0;
    // What the database says of this puzzle; -1 where it says nothing.
    int moves = -1;
    std::int64_t cluster = -1;
    bool have_solution = false;
    bool decided = false;  // solved or unsolvable: a search stopped at a limit tells nothing of a claim
    {
        SQLite::Statement& st = *find_puzzle_;
        st.bind(1, p.puzzle.key);
        if (st.executeStep()) {
            id = st.getColumn(0).getInt64();
            have_solution = !st.getColumn(3).isNull();
            if (!st.getColumn(1).isNull()) moves = st.getColumn(1).getInt();
            if (have_solution && st.getColumn(3).getInt() == 1) cluster = st.getColumn(2).getInt64();
            decided = have_solution && st.getColumn(4).getString() != "limit";
        }
        st.reset();
    }
    const bool is_new = id == 0;
    if (is_new) {
        SQLite::Statement& st = *insert_puzzle_;
        const Puzzle& z = p.puzzle;
        st.bind(1, z.key);
        st.bind(2, z.family);
        st.bind(3, z.width);
        st.bind(4, z.height);
        bind_optional(st, 5, z.exit_side);
        bind_optional(st, 6, z.exit_row);
        st.bind(7, z.board);
        bind_optional(st, 8, z.blocks);
        bind_optional(st, 9, z.fixed);
        st.bind(10, import_id_);
        st.exec();
        st.reset();
        id = db_.getLastInsertRowid();
        ++totals_.puzzles_new;
    } else {
        ++totals_.puzzles_known;
    }
    // A new puzzle always arrives solved; a known one only with --resolve.
    if (p.result && (is_new || resolve_ || !have_solution)) {
        write_solution(id, *p.result, is_new);
        const SolveResult& r = *p.result;
        moves = r.status == Status::Solved ? r.moves : -1;
        cluster = r.cluster_complete ? static_cast<std::int64_t>(r.cluster_size) : -1;
        decided = r.status != Status::Limit;
        if (is_new) {
            ++(r.status == Status::Solved ? totals_.solved
               : r.status == Status::Unsolvable ? totals_.unsolvable : totals_.limit);
        } else {
            ++totals_.searched_again[r.status == Status::Solved ? 0 : r.status == Status::Unsolvable ? 1 : 2];
        }
    }

    SQLite::Statement& st = *insert_source_;
    st.bind(1, id);
    st.bind(2, file.path);
    st.bind(3, p.line);
    st.bind(4, !file.kind.empty() ? file.kind : file.is_image ? "screenshot" : "board-file");
    st.bind(5, p.format);
    st.bind(6, file.hash);
    bind_optional(st, 7, p.claimed_moves);
    bind_optional(st, 8, p.claimed_cluster);
    if (p.screenshot) {
        const ScreenshotInfo& s = *p.screenshot;
        st.bind(9, s.image_width);
        st.bind(10, s.image_height);
        st.bind(11, s.box.x);
        st.bind(12, s.box.y);
        st.bind(13, s.box.w);
        st.bind(14, s.box.h);
        st.bind(15, s.box.cell_px);
        st.bind(16, s.confidence);
        st.bind(17, s.exit_seen ? 1 : 0);
    } else {
        for (int i = 9; i <= 17; ++i) st.bind(i);
    }
    st.bind(18, import_id_);
    st.bind(19, file.file.empty() ? file.path : file.file);
    st.exec();
    st.reset();

    // Claims are checked against what is stored, new or not.
    const std::string where = p.line > 0 ? fmt::format("{}:{}", file.path, p.line) : file.path;
    if (!decided) {
        if (p.claimed_moves || p.claimed_cluster)
            notes.push_back(fmt::format("{}: {}", where, kClaimNotChecked));
        return;
    }
    const std::vector<std::string> said = claim_disagreements(p.claimed_moves, p.claimed_cluster, moves, cluster);
    for (const std::string& s : said) notes.push_back(fmt::format("{}: {}", where, s));
    if (!said.empty()) ++totals_.claim_mismatches;
}

void ImportWriter::write_solution(std::int64_t puzzle_id, const SolveResult& r, bool is_new) {
    // A puzzle new to the database has nothing to replace yet.
    auto clear = [&](SQLite::Statement& st) {
        if (is_new) return;
        st.bind(1, puzzle_id);
        st.exec();
        st.reset();
    };
    clear(*delete_solution_);
    SQLite::Statement& st = *insert_solution_;
    st.bind(1, puzzle_id);
    st.bind(2, std::string(status_name(r.status)));
    if (r.status == Status::Solved) {
        st.bind(3, r.moves);
        st.bind(4, r.steps);
        st.bind(5, r.solution);
    } else {
        st.bind(3);
        st.bind(4);
        st.bind(5);
    }
    st.bind(6, static_cast<std::int64_t>(r.cluster_size));
    st.bind(7, static_cast<std::int64_t>(r.cluster_goals));
    st.bind(8, r.cluster_depth);
    st.bind(9, r.cluster_complete ? 1 : 0);
    st.bind(10, static_cast<std::int64_t>(r.examined));
    st.bind(11, static_cast<std::int64_t>(r.max_states));
    st.bind(12, r.seconds);
    st.bind(13, static_cast<std::int64_t>(r.peak_bytes));
    st.bind(14, solver_version(r));
    st.bind(15, import_id_);
    if (r.hardest_moves >= 0) {
        st.bind(16, r.hardest_moves);
        st.bind(17, r.hardest_board);
    } else {
        st.bind(16);
        st.bind(17);
    }
    // The family's extras, NULL where it found none.
    bind_optional(st, 18, r.extra("blocked_cells"));
    bind_optional(st, 19, r.extra("blockers"));
    if (r.cut != Cut::None) st.bind(20, std::string(cut_name(r.cut)));
    else st.bind(20);
    bind_optional(st, 21, r.extra("search"));
    bind_optional(st, 22, r.extra("reason"));
    bind_optional(st, 23, r.extra("cluster_by"));
    st.exec();
    st.reset();

    if (!is_new) {
        // The delete trigger counts the old levels out at once: the levels
        // summed so far go in first, so the tallies change in row order.
        level_tallies_.flush(db_);
        LevelTallies::defer(db_);
    }
    clear(*delete_levels_);
    for (std::size_t first = 0; first < r.levels.size();) {
        const std::size_t rows = r.levels.size() - first >= kLevelRows ? kLevelRows : 1;
        SQLite::Statement& lv = rows == 1 ? *insert_level_ : *insert_levels_;
        for (std::size_t i = 0; i < rows; ++i) {
            const Level& l = r.levels[first + i];
            const int at = static_cast<int>(6 * i);
            lv.bind(at + 1, puzzle_id);
            lv.bind(at + 2, static_cast<std::int64_t>(l.depth));
            lv.bind(at + 3, static_cast<std::int64_t>(l.frontier));
            lv.bind(at + 4, static_cast<std::int64_t>(l.examined));
            lv.bind(at + 5, static_cast<std::int64_t>(l.fresh));
            lv.bind(at + 6, static_cast<std::int64_t>(l.goals));
        }
        lv.exec();
        lv.reset();
        first += rows;
    }
    level_tallies_.add(r.levels);
    clear(*delete_goal_levels_);
    if (!r.goal_levels.empty()) {
        rows_.clear();
        for (const std::uint64_t boards : r.goal_levels)
            fmt::format_to(std::back_inserter(rows_), "{}{}", rows_.empty() ? "[" : ",", boards);
        rows_ += ']';
        SQLite::Statement& gl = *insert_goal_levels_;
        gl.bind(1, puzzle_id);
        gl.bindNoCopy(2, rows_);
        gl.exec();
        gl.reset();
    }
}

ImportTotals ImportWriter::finish(double seconds, bool whole) {
    if (!batch_) begin_batch();
    SQLite::Statement st(db_, "UPDATE imports SET finished_at = ?, files = ?, puzzles_new = ?, "
                              "puzzles_known = ?, errors = ?, seconds = ? WHERE id = ?");
    if (whole) st.bind(1, utc_now());
    else st.bind(1);
    st.bind(2, static_cast<std::int64_t>(totals_.files));
    st.bind(3, static_cast<std::int64_t>(totals_.puzzles_new));
    st.bind(4, static_cast<std::int64_t>(totals_.puzzles_known));
    st.bind(5, static_cast<std::int64_t>(totals_.errors));
    st.bind(6, seconds);
    st.bind(7, import_id_);
    st.exec();
    level_tallies_.flush(db_);
    batch_->commit();
    batch_.reset();
    return totals_;
}

}  // namespace slidedb
