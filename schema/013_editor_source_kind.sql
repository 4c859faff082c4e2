-- slidedb database, version 13: a source of kind `editor`, a board made in
-- the web app's editor and saved there (`slidedb serve`).
--
-- SQLite cannot change a CHECK constraint in place, so `sources` is rebuilt
-- (SQLite's procedure for a table change): the views and the triggers that
-- name it are dropped, a new table with the same columns in the same order
-- takes every row with its id (the foreign keys of tally_shared and
-- tally_claim_mismatches still point at the same rows; slidedb applies
-- schema files with foreign keys off and checks them whole before the
-- commit), the old table goes, the new one takes its name, then its indexes,
-- triggers and views are made again as version 12 had them. The tallies
-- stay as they are: no row is added or removed.

DROP VIEW hardest;
DROP VIEW unsolvable;
DROP VIEW claim_mismatches;
DROP VIEW puzzle_sources;
DROP TRIGGER tally_solution_in;
DROP TRIGGER tally_solution_out;
DROP TRIGGER tally_solution_change;

CREATE TABLE sources_new (
    id         INTEGER PRIMARY KEY,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
    path       TEXT NOT NULL,       -- as given on the command line, or found below it
    line       INTEGER NOT NULL,    -- 1-based line where the puzzle starts; 0 for images
    kind       TEXT NOT NULL CHECK (kind IN ('board-file', 'screenshot', 'editor')),
    format     TEXT NOT NULL,       -- grid, framed, lines, blocks, png, jpeg
    file_hash  TEXT NOT NULL,       -- FNV-1a 64 of the file's bytes, hex
    claimed_moves   INTEGER,        -- what the file said the optimum is, if anything
    claimed_cluster INTEGER,        -- what the file said the cluster size is
    -- screenshots only
    image_width  INTEGER,
    image_height INTEGER,
    box_x INTEGER, box_y INTEGER, box_w INTEGER, box_h INTEGER,  -- the board, in pixels
    cell_px    REAL,                -- cell pitch in pixels
    confidence REAL,                -- 0..1, how sure the scanner was
    exit_seen  INTEGER,             -- 0: no frame in the picture, exit assumed right
    import_id  INTEGER NOT NULL REFERENCES imports (id),
    file       TEXT,                -- the canonical path (schema 5)
    UNIQUE (path, line, puzzle_id)
) STRICT;
INSERT INTO sources_new (id, puzzle_id, path, line, kind, format, file_hash, claimed_moves, claimed_cluster, image_width, image_height, box_x, box_y, box_w, box_h, cell_px, confidence, exit_seen, import_id, file)
SELECT id, puzzle_id, path, line, kind, format, file_hash, claimed_moves, claimed_cluster, image_width, image_height, box_x, box_y, box_w, box_h, cell_px, confidence, exit_seen, import_id, file
  FROM sources;
DROP TABLE sources;
ALTER TABLE sources_new RENAME TO sources;

CREATE INDEX sources_puzzle ON sources (puzzle_id);
CREATE INDEX sources_path ON sources (path, line);
CREATE INDEX sources_kind ON sources (kind, format, puzzle_id, path);
CREATE UNIQUE INDEX sources_file ON sources (file, line, puzzle_id);

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

CREATE VIEW hardest AS
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.moves, s.steps, s.cluster_size,
       s.examined, s.seconds,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'solved'
 ORDER BY s.moves DESC, s.steps DESC, s.cluster_size DESC, p.id;

CREATE VIEW unsolvable AS
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.cluster_size, s.cluster_complete, p.board,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'unsolvable'
 ORDER BY s.cluster_size DESC, p.id;

CREATE VIEW claim_mismatches AS
SELECT so.path, so.line, so.puzzle_id, so.claimed_moves, s.moves,
       so.claimed_cluster, s.cluster_size
  FROM tally_claim_mismatches m
  JOIN sources so ON so.id = m.source_id
  JOIN solutions s ON s.puzzle_id = so.puzzle_id;

CREATE VIEW puzzle_sources AS
SELECT s.puzzle_id, 0 AS origin, s.id AS seq, s.path, s.line, s.kind, s.format,
       s.claimed_moves, s.claimed_cluster, s.confidence
  FROM sources s
UNION ALL
SELECT x.puzzle_id, 1, x.enumeration_id,
       'slidedb enumerate --size ' || e.size || ' --walls ' || e.min_walls || '..' || e.max_walls,
       x.unit, 'enumeration', e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls || ' walls',
       x.moves, x.cluster_size, NULL
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id;
