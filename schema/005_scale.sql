-- slidedb database, version 5: one set of sources per file, and the figures
-- the reports need, kept up to date as puzzles are stored.

-- A file's identity is its canonical path (symbolic links, "." and ".."
-- resolved): "rs.txt", "./rs.txt" and its absolute path are one file, with
-- one set of sources. `path` keeps the spelling first met, for display. NULL
-- for sources stored before this version.
ALTER TABLE sources ADD COLUMN file TEXT;
CREATE UNIQUE INDEX sources_file ON sources (file, line, puzzle_id);

-- What cut a search short: 'states' (--max-states), 'memory'
-- (--max-memory, or the machine ran out) or 'time' (--time-limit, for an
-- informed search); NULL for a search that ran whole.
-- A search cut short keeps status 'limit' when it had found no solution yet,
-- or 'solved' with cluster_complete = 0.
ALTER TABLE solutions ADD COLUMN limit_reason TEXT CHECK (limit_reason IN ('states', 'memory', 'time'));
UPDATE solutions SET limit_reason = 'states' WHERE cluster_complete = 0;

-- Tallies. The reports read these small tables instead of every row of
-- `solutions`, `levels` and `sources`, so they take the same time on a
-- million puzzles as on a thousand. Triggers keep them up to date on every
-- INSERT and DELETE, and on an UPDATE of the figures of `solutions` (an
-- UPDATE of `levels` or `sources` by hand leaves their tallies behind). A row
-- whose count falls to zero is removed, so MIN and MAX over a tally are exact.

-- Rows in the big tables.
CREATE TABLE tally_rows (
    tbl  TEXT PRIMARY KEY,  -- 'puzzles' or 'sources'
    n    INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Puzzles of each family.
CREATE TABLE tally_families (
    family  TEXT PRIMARY KEY,
    puzzles INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Solutions by family, status and optimal moves (-1 when not solved), with
-- the sums behind averages and Pearson's r.
CREATE TABLE tally_moves (
    family    TEXT NOT NULL,
    status    TEXT NOT NULL,
    moves     INTEGER NOT NULL,
    puzzles   INTEGER NOT NULL,
    complete  INTEGER NOT NULL,  -- of those, searched whole
    blocked   INTEGER NOT NULL,  -- of those, with blocked cells named
    cluster   REAL NOT NULL,     -- sum of cluster_size (REAL: a few tiles clusters, n*m!/2, pass 2^63)
    examined  INTEGER NOT NULL,  -- sum of examined
    cluster2  REAL NOT NULL,     -- sum of cluster_size squared
    examined2 REAL NOT NULL,     -- sum of examined squared
    cluster_examined REAL NOT NULL,  -- sum of cluster_size * examined
    PRIMARY KEY (family, status, moves)
) STRICT, WITHOUT ROWID;

-- Cluster sizes in buckets 1, 2, 5, 10, 20, 50, ... (from `low` to `high`).
CREATE TABLE tally_cluster_buckets (
    low     INTEGER NOT NULL,
    status  TEXT NOT NULL,
    high    INTEGER NOT NULL,
    puzzles INTEGER NOT NULL,
    PRIMARY KEY (low, status)
) STRICT, WITHOUT ROWID;

-- Solved puzzles by moves and by boards examined or cluster size, each
-- rounded to 1/50 of a decade: the points of the patterns report's plots.
CREATE TABLE tally_moves_examined (
    moves    INTEGER NOT NULL,
    examined INTEGER NOT NULL,
    puzzles  INTEGER NOT NULL,
    PRIMARY KEY (moves, examined)
) STRICT, WITHOUT ROWID;
CREATE TABLE tally_moves_cluster (
    moves   INTEGER NOT NULL,
    cluster INTEGER NOT NULL,
    puzzles INTEGER NOT NULL,
    PRIMARY KEY (moves, cluster)
) STRICT, WITHOUT ROWID;

-- Levels with boards, by depth: sums behind the mean and the geometric mean
-- of the frontier; and each frontier size met at each depth, for the largest.
CREATE TABLE tally_levels (
    depth       INTEGER PRIMARY KEY,
    puzzles     INTEGER NOT NULL,
    frontier    INTEGER NOT NULL,  -- sum of frontier
    ln_frontier REAL NOT NULL,     -- sum of ln(frontier)
    examined    INTEGER NOT NULL   -- sum of examined
) STRICT;
CREATE TABLE tally_level_frontiers (
    depth    INTEGER NOT NULL,
    frontier INTEGER NOT NULL,
    levels   INTEGER NOT NULL,
    PRIMARY KEY (depth, frontier)
) STRICT, WITHOUT ROWID;

-- Solved puzzles whose cluster holds a harder start, by the difference.
CREATE TABLE tally_headroom (
    headroom INTEGER PRIMARY KEY,
    puzzles  INTEGER NOT NULL
) STRICT;

-- Sources by kind and format, with how many distinct puzzles and files.
CREATE TABLE tally_sources (
    kind    TEXT NOT NULL,
    format  TEXT NOT NULL,
    sources INTEGER NOT NULL,
    puzzles INTEGER NOT NULL,
    files   INTEGER NOT NULL,
    PRIMARY KEY (kind, format)
) STRICT, WITHOUT ROWID;

-- Puzzles met in more than one source, with how many.
CREATE TABLE tally_shared (
    puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles (id),
    sources   INTEGER NOT NULL
) STRICT;
CREATE INDEX tally_shared_most ON tally_shared (sources DESC, puzzle_id);

-- Sources whose claimed figures disagree with the search (see the view
-- claim_mismatches, which now reads this table).
CREATE TABLE tally_claim_mismatches (
    source_id INTEGER PRIMARY KEY REFERENCES sources (id)
) STRICT;

-- Indexes for the reports' orderings and per-group extremes.
CREATE INDEX solutions_status_steps ON solutions (status, steps);
CREATE INDEX solutions_status_moves_examined ON solutions (status, moves, examined);
CREATE INDEX solutions_status_cluster ON solutions (status, cluster_size);
CREATE INDEX solutions_headroom ON solutions (hardest_moves - moves DESC, puzzle_id)
    WHERE status = 'solved' AND hardest_moves > moves;

-- The claim check, in one place for the triggers and the view.
DROP VIEW claim_mismatches;
CREATE VIEW claim_mismatches AS
SELECT so.path, so.line, so.puzzle_id, so.claimed_moves, s.moves,
       so.claimed_cluster, s.cluster_size
  FROM tally_claim_mismatches m
  JOIN sources so ON so.id = m.source_id
  JOIN solutions s ON s.puzzle_id = so.puzzle_id;

---------------------------------------------------------------- the tallies now

INSERT INTO tally_rows VALUES ('puzzles', (SELECT COUNT(*) FROM puzzles)),
                              ('sources', (SELECT COUNT(*) FROM sources));

INSERT INTO tally_families SELECT family, COUNT(*) FROM puzzles GROUP BY family;

INSERT INTO tally_moves
SELECT p.family, status, COALESCE(moves, -1), COUNT(*), SUM(cluster_complete), SUM(COALESCE(blocked_cells, '') <> ''),
       SUM(1.0 * cluster_size), SUM(examined), SUM(1.0 * cluster_size * cluster_size),
       SUM(1.0 * examined * examined), SUM(1.0 * cluster_size * examined)
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id GROUP BY 1, 2, 3;

INSERT INTO tally_cluster_buckets
SELECT d * k, status, d * CASE k WHEN 1 THEN 2 WHEN 2 THEN 5 ELSE 10 END - 1, COUNT(*)
  FROM (SELECT status, d, CASE WHEN n >= 5 * d THEN 5 WHEN n >= 2 * d THEN 2 ELSE 1 END AS k
          FROM (SELECT status, cluster_size AS n,
                       CAST(pow(10, floor(log10(cluster_size))) AS INTEGER) AS d
                  FROM solutions WHERE cluster_size > 0))
 GROUP BY 1, 2;

INSERT INTO tally_moves_examined
SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(examined, 1))) / 50)) AS INTEGER), COUNT(*)
  FROM solutions WHERE status = 'solved' GROUP BY 1, 2;
INSERT INTO tally_moves_cluster
SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(cluster_size, 1))) / 50)) AS INTEGER), COUNT(*)
  FROM solutions WHERE status = 'solved' GROUP BY 1, 2;

INSERT INTO tally_levels
SELECT depth, COUNT(*), SUM(frontier), SUM(ln(frontier)), SUM(examined)
  FROM levels WHERE frontier > 0 GROUP BY depth;
INSERT INTO tally_level_frontiers
SELECT depth, frontier, COUNT(*) FROM levels WHERE frontier > 0 GROUP BY depth, frontier;

INSERT INTO tally_headroom
SELECT hardest_moves - moves, COUNT(*) FROM solutions
 WHERE status = 'solved' AND hardest_moves > moves GROUP BY 1;

INSERT INTO tally_sources
SELECT kind, format, COUNT(*), COUNT(DISTINCT puzzle_id), COUNT(DISTINCT path)
  FROM sources GROUP BY kind, format;

INSERT INTO tally_shared
SELECT puzzle_id, COUNT(*) FROM sources GROUP BY puzzle_id HAVING COUNT(*) > 1;

INSERT INTO tally_claim_mismatches
SELECT so.id FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id
 WHERE (so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT s.moves)
    OR (so.claimed_cluster IS NOT NULL AND s.cluster_complete = 1
        AND so.claimed_cluster <> s.cluster_size);

---------------------------------------------------------------- and from now on

CREATE TRIGGER tally_puzzle_in AFTER INSERT ON puzzles BEGIN
    UPDATE tally_rows SET n = n + 1 WHERE tbl = 'puzzles';
    INSERT INTO tally_families VALUES (new.family, 1) ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
END;
CREATE TRIGGER tally_puzzle_out AFTER DELETE ON puzzles BEGIN
    UPDATE tally_rows SET n = n - 1 WHERE tbl = 'puzzles';
    UPDATE tally_families SET puzzles = puzzles - 1 WHERE family = old.family;
    DELETE FROM tally_families WHERE family = old.family AND puzzles = 0;
END;

CREATE TRIGGER tally_solution_in AFTER INSERT ON solutions BEGIN
    INSERT INTO tally_moves VALUES (
        COALESCE((SELECT family FROM puzzles WHERE id = new.puzzle_id), ''), new.status, COALESCE(new.moves, -1), 1, new.cluster_complete,
        COALESCE(new.blocked_cells, '') <> '', 1.0 * new.cluster_size, new.examined,
        1.0 * new.cluster_size * new.cluster_size, 1.0 * new.examined * new.examined,
        1.0 * new.cluster_size * new.examined)
    ON CONFLICT DO UPDATE SET
        puzzles = puzzles + 1, complete = complete + excluded.complete,
        blocked = blocked + excluded.blocked, cluster = cluster + excluded.cluster,
        examined = examined + excluded.examined, cluster2 = cluster2 + excluded.cluster2,
        examined2 = examined2 + excluded.examined2,
        cluster_examined = cluster_examined + excluded.cluster_examined;
    INSERT INTO tally_cluster_buckets
    SELECT d * k, new.status, d * CASE k WHEN 1 THEN 2 WHEN 2 THEN 5 ELSE 10 END - 1, 1
      FROM (SELECT d, CASE WHEN new.cluster_size >= 5 * d THEN 5
                           WHEN new.cluster_size >= 2 * d THEN 2 ELSE 1 END AS k
              FROM (SELECT CAST(pow(10, floor(log10(new.cluster_size))) AS INTEGER) AS d))
     WHERE new.cluster_size > 0
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_moves_examined
    SELECT new.moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(new.examined, 1))) / 50)) AS INTEGER), 1
     WHERE new.status = 'solved'
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_moves_cluster
    SELECT new.moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(new.cluster_size, 1))) / 50)) AS INTEGER), 1
     WHERE new.status = 'solved'
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_headroom
    SELECT new.hardest_moves - new.moves, 1
     WHERE new.status = 'solved' AND new.hardest_moves > new.moves
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT OR IGNORE INTO tally_claim_mismatches
    SELECT so.id FROM sources so
     WHERE so.puzzle_id = new.puzzle_id
       AND ((so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT new.moves)
            OR (so.claimed_cluster IS NOT NULL AND new.cluster_complete = 1
                AND so.claimed_cluster <> new.cluster_size));
END;

CREATE TRIGGER tally_solution_out AFTER DELETE ON solutions BEGIN
    UPDATE tally_moves SET
        puzzles = puzzles - 1, complete = complete - old.cluster_complete,
        blocked = blocked - (COALESCE(old.blocked_cells, '') <> ''),
        cluster = cluster - 1.0 * old.cluster_size, examined = examined - old.examined,
        cluster2 = cluster2 - 1.0 * old.cluster_size * old.cluster_size,
        examined2 = examined2 - 1.0 * old.examined * old.examined,
        cluster_examined = cluster_examined - 1.0 * old.cluster_size * old.examined
     WHERE family = COALESCE((SELECT family FROM puzzles WHERE id = old.puzzle_id), '')
       AND status = old.status AND moves = COALESCE(old.moves, -1);
    DELETE FROM tally_moves WHERE status = old.status AND moves = COALESCE(old.moves, -1) AND puzzles = 0;
    UPDATE tally_cluster_buckets SET puzzles = puzzles - 1
     WHERE old.cluster_size BETWEEN low AND high AND status = old.status;
    DELETE FROM tally_cluster_buckets WHERE puzzles = 0;
    UPDATE tally_moves_examined SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND moves = old.moves
       AND examined = CAST(ROUND(pow(10, ROUND(50 * log10(MAX(old.examined, 1))) / 50)) AS INTEGER);
    DELETE FROM tally_moves_examined WHERE moves = old.moves AND puzzles = 0;
    UPDATE tally_moves_cluster SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND moves = old.moves
       AND cluster = CAST(ROUND(pow(10, ROUND(50 * log10(MAX(old.cluster_size, 1))) / 50)) AS INTEGER);
    DELETE FROM tally_moves_cluster WHERE moves = old.moves AND puzzles = 0;
    UPDATE tally_headroom SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND old.hardest_moves > old.moves
       AND headroom = old.hardest_moves - old.moves;
    DELETE FROM tally_headroom WHERE headroom = old.hardest_moves - old.moves AND puzzles = 0;
    DELETE FROM tally_claim_mismatches
     WHERE source_id IN (SELECT id FROM sources WHERE puzzle_id = old.puzzle_id);
END;

-- An UPDATE by hand counts as the old row going and the new one coming.
CREATE TRIGGER tally_solution_change
AFTER UPDATE OF status, moves, cluster_size, cluster_complete, examined, blocked_cells, hardest_moves
ON solutions BEGIN
    UPDATE tally_moves SET
        puzzles = puzzles - 1, complete = complete - old.cluster_complete,
        blocked = blocked - (COALESCE(old.blocked_cells, '') <> ''),
        cluster = cluster - 1.0 * old.cluster_size, examined = examined - old.examined,
        cluster2 = cluster2 - 1.0 * old.cluster_size * old.cluster_size,
        examined2 = examined2 - 1.0 * old.examined * old.examined,
        cluster_examined = cluster_examined - 1.0 * old.cluster_size * old.examined
     WHERE family = COALESCE((SELECT family FROM puzzles WHERE id = old.puzzle_id), '')
       AND status = old.status AND moves = COALESCE(old.moves, -1);
    DELETE FROM tally_moves WHERE status = old.status AND moves = COALESCE(old.moves, -1) AND puzzles = 0;
    UPDATE tally_cluster_buckets SET puzzles = puzzles - 1
     WHERE old.cluster_size BETWEEN low AND high AND status = old.status;
    DELETE FROM tally_cluster_buckets WHERE puzzles = 0;
    UPDATE tally_moves_examined SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND moves = old.moves
       AND examined = CAST(ROUND(pow(10, ROUND(50 * log10(MAX(old.examined, 1))) / 50)) AS INTEGER);
    DELETE FROM tally_moves_examined WHERE moves = old.moves AND puzzles = 0;
    UPDATE tally_moves_cluster SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND moves = old.moves
       AND cluster = CAST(ROUND(pow(10, ROUND(50 * log10(MAX(old.cluster_size, 1))) / 50)) AS INTEGER);
    DELETE FROM tally_moves_cluster WHERE moves = old.moves AND puzzles = 0;
    UPDATE tally_headroom SET puzzles = puzzles - 1
     WHERE old.status = 'solved' AND old.hardest_moves > old.moves
       AND headroom = old.hardest_moves - old.moves;
    DELETE FROM tally_headroom WHERE headroom = old.hardest_moves - old.moves AND puzzles = 0;
    DELETE FROM tally_claim_mismatches
     WHERE source_id IN (SELECT id FROM sources WHERE puzzle_id = old.puzzle_id);
    INSERT INTO tally_moves VALUES (
        COALESCE((SELECT family FROM puzzles WHERE id = new.puzzle_id), ''), new.status, COALESCE(new.moves, -1), 1, new.cluster_complete,
        COALESCE(new.blocked_cells, '') <> '', 1.0 * new.cluster_size, new.examined,
        1.0 * new.cluster_size * new.cluster_size, 1.0 * new.examined * new.examined,
        1.0 * new.cluster_size * new.examined)
    ON CONFLICT DO UPDATE SET
        puzzles = puzzles + 1, complete = complete + excluded.complete,
        blocked = blocked + excluded.blocked, cluster = cluster + excluded.cluster,
        examined = examined + excluded.examined, cluster2 = cluster2 + excluded.cluster2,
        examined2 = examined2 + excluded.examined2,
        cluster_examined = cluster_examined + excluded.cluster_examined;
    INSERT INTO tally_cluster_buckets
    SELECT d * k, new.status, d * CASE k WHEN 1 THEN 2 WHEN 2 THEN 5 ELSE 10 END - 1, 1
      FROM (SELECT d, CASE WHEN new.cluster_size >= 5 * d THEN 5
                           WHEN new.cluster_size >= 2 * d THEN 2 ELSE 1 END AS k
              FROM (SELECT CAST(pow(10, floor(log10(new.cluster_size))) AS INTEGER) AS d))
     WHERE new.cluster_size > 0
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_moves_examined
    SELECT new.moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(new.examined, 1))) / 50)) AS INTEGER), 1
     WHERE new.status = 'solved'
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_moves_cluster
    SELECT new.moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(new.cluster_size, 1))) / 50)) AS INTEGER), 1
     WHERE new.status = 'solved'
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT INTO tally_headroom
    SELECT new.hardest_moves - new.moves, 1
     WHERE new.status = 'solved' AND new.hardest_moves > new.moves
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
    INSERT OR IGNORE INTO tally_claim_mismatches
    SELECT so.id FROM sources so
     WHERE so.puzzle_id = new.puzzle_id
       AND ((so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT new.moves)
            OR (so.claimed_cluster IS NOT NULL AND new.cluster_complete = 1
                AND so.claimed_cluster <> new.cluster_size));
END;

CREATE TRIGGER tally_level_in AFTER INSERT ON levels WHEN new.frontier > 0 BEGIN
    INSERT INTO tally_levels VALUES (new.depth, 1, new.frontier, ln(new.frontier), new.examined)
    ON CONFLICT DO UPDATE SET
        puzzles = puzzles + 1, frontier = frontier + excluded.frontier,
        ln_frontier = ln_frontier + excluded.ln_frontier, examined = examined + excluded.examined;
    INSERT INTO tally_level_frontiers VALUES (new.depth, new.frontier, 1)
    ON CONFLICT DO UPDATE SET levels = levels + 1;
END;

CREATE TRIGGER tally_level_out AFTER DELETE ON levels WHEN old.frontier > 0 BEGIN
    UPDATE tally_levels SET
        puzzles = puzzles - 1, frontier = frontier - old.frontier,
        ln_frontier = ln_frontier - ln(old.frontier), examined = examined - old.examined
     WHERE depth = old.depth;
    DELETE FROM tally_levels WHERE depth = old.depth AND puzzles = 0;
    UPDATE tally_level_frontiers SET levels = levels - 1
     WHERE depth = old.depth AND frontier = old.frontier;
    DELETE FROM tally_level_frontiers WHERE depth = old.depth AND frontier = old.frontier AND levels = 0;
END;

CREATE TRIGGER tally_source_in AFTER INSERT ON sources BEGIN
    UPDATE tally_rows SET n = n + 1 WHERE tbl = 'sources';
    INSERT INTO tally_sources VALUES (
        new.kind, new.format, 1,
        NOT EXISTS (SELECT 1 FROM sources WHERE kind = new.kind AND format = new.format
                       AND puzzle_id = new.puzzle_id AND id <> new.id),
        NOT EXISTS (SELECT 1 FROM sources WHERE path = new.path AND kind = new.kind
                       AND format = new.format AND id <> new.id))
    ON CONFLICT DO UPDATE SET
        sources = sources + 1, puzzles = puzzles + excluded.puzzles, files = files + excluded.files;
    INSERT INTO tally_shared
    SELECT new.puzzle_id, COUNT(*) FROM sources WHERE puzzle_id = new.puzzle_id HAVING COUNT(*) > 1
    ON CONFLICT DO UPDATE SET sources = excluded.sources;
    INSERT OR IGNORE INTO tally_claim_mismatches
    SELECT new.id FROM solutions s
     WHERE s.puzzle_id = new.puzzle_id
       AND ((new.claimed_moves IS NOT NULL AND new.claimed_moves IS NOT s.moves)
            OR (new.claimed_cluster IS NOT NULL AND s.cluster_complete = 1
                AND new.claimed_cluster <> s.cluster_size));
END;

CREATE TRIGGER tally_source_out AFTER DELETE ON sources BEGIN
    UPDATE tally_rows SET n = n - 1 WHERE tbl = 'sources';
    UPDATE tally_sources SET
        sources = sources - 1,
        puzzles = puzzles - (NOT EXISTS (SELECT 1 FROM sources WHERE kind = old.kind AND format = old.format
                                            AND puzzle_id = old.puzzle_id)),
        files = files - (NOT EXISTS (SELECT 1 FROM sources WHERE path = old.path AND kind = old.kind
                                        AND format = old.format))
     WHERE kind = old.kind AND format = old.format;
    DELETE FROM tally_sources WHERE kind = old.kind AND format = old.format AND sources = 0;
    DELETE FROM tally_shared WHERE puzzle_id = old.puzzle_id;
    INSERT INTO tally_shared
    SELECT old.puzzle_id, COUNT(*) FROM sources WHERE puzzle_id = old.puzzle_id HAVING COUNT(*) > 1;
    DELETE FROM tally_claim_mismatches WHERE source_id = old.id;
END;
