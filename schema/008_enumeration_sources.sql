-- slidedb database, version 8: an enumerated puzzle is a source of its own,
-- of kind `enumeration`, beside the files and screenshots it may also come
-- from. Its figures (moves, cluster size, goal distances) are the
-- enumeration's; `solutions` holds a search only when one was run.

-- Every source of every puzzle: the rows of `sources`, then one per
-- enumeration that kept the puzzle (path: the command that enumerates it;
-- line: its work unit; the moves and cluster it found as the claim).
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

-- Distinct enumerated puzzles by moves, and how many of them were searched
-- too (those count in tally_moves as well).
CREATE TABLE tally_enumerated (
    moves    INTEGER PRIMARY KEY,
    puzzles  INTEGER NOT NULL,
    boards   INTEGER NOT NULL,  -- in their clusters
    searched INTEGER NOT NULL,
    searched_boards INTEGER NOT NULL
) STRICT;

INSERT INTO tally_sources
SELECT 'enumeration', e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls || ' walls',
       COUNT(*), COUNT(*), 1
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id
 GROUP BY e.id;
UPDATE tally_rows SET n = n + (SELECT COUNT(*) FROM enumerated) WHERE tbl = 'sources';
INSERT INTO tally_enumerated
SELECT moves, COUNT(*), SUM(cluster_size), SUM(searched), SUM(cluster_size * searched)
  FROM (SELECT MIN(x.moves) AS moves, MIN(x.cluster_size) AS cluster_size,
               EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = x.puzzle_id) AS searched
          FROM enumerated x GROUP BY x.puzzle_id)
 GROUP BY moves;

-- Enumerated puzzles of each enumeration by moves: ranks and the patterns
-- report read this instead of counting millions of rows.
CREATE TABLE tally_enumeration_moves (
    enumeration_id  INTEGER NOT NULL REFERENCES enumerations (id),
    moves           INTEGER NOT NULL,
    puzzles         INTEGER NOT NULL,
    boards          INTEGER NOT NULL,  -- in their clusters
    largest_cluster INTEGER NOT NULL,
    PRIMARY KEY (enumeration_id, moves)
) STRICT, WITHOUT ROWID;
INSERT INTO tally_enumeration_moves
SELECT enumeration_id, moves, COUNT(*), SUM(cluster_size), MAX(cluster_size)
  FROM enumerated GROUP BY enumeration_id, moves;

-- Enumerated puzzles by cluster size (its number of digits), walls and
-- blocks, for the patterns report.
CREATE TABLE tally_enumeration_shapes (
    enumeration_id INTEGER NOT NULL REFERENCES enumerations (id),
    digits     INTEGER NOT NULL,  -- of the cluster size: 10^(digits-1) <= size < 10^digits
    walls      INTEGER NOT NULL,
    blocks     INTEGER NOT NULL,
    puzzles    INTEGER NOT NULL,
    moves_sum  INTEGER NOT NULL,
    most_moves INTEGER NOT NULL,
    PRIMARY KEY (enumeration_id, digits, walls, blocks)
) STRICT, WITHOUT ROWID;
INSERT INTO tally_enumeration_shapes
SELECT enumeration_id, length(cluster_size), walls, blocks, COUNT(*), SUM(moves), MAX(moves)
  FROM enumerated GROUP BY 1, 2, 3, 4;

-- The enumeration each size is ranked in: the widest wall range, then one
-- that visited every cluster, then the newest.
CREATE VIEW ranking_enumeration AS
SELECT e.size, e.id FROM enumerations e
 WHERE NOT EXISTS (SELECT 1 FROM enumerations f WHERE f.size = e.size
                    AND (f.max_walls - f.min_walls, f.every_cluster, f.id) >
                        (e.max_walls - e.min_walls, e.every_cluster, e.id));

-- Where a puzzle stands, as in version 7, counted from the tally.
DROP VIEW puzzle_rank;
CREATE VIEW puzzle_rank AS
WITH moved AS (
    SELECT p.id, p.width, p.height,
           COALESCE((SELECT s.moves FROM solutions s WHERE s.puzzle_id = p.id AND s.status = 'solved'),
                    (SELECT MIN(x.moves) FROM enumerated x WHERE x.puzzle_id = p.id)) AS moves
      FROM puzzles p WHERE p.family = 'unblock' AND p.exit_side = 'right')
SELECT m.id AS puzzle_id, b.id AS enumeration_id, b.size, m.moves,
       (SELECT COALESCE(SUM(t.puzzles), 0) FROM tally_enumeration_moves t
         WHERE t.enumeration_id = b.id AND t.moves < m.moves) AS easier,
       (SELECT COALESCE(SUM(t.puzzles), 0) FROM tally_enumeration_moves t WHERE t.enumeration_id = b.id) AS total
  FROM moved m JOIN ranking_enumeration b ON b.size = m.width AND m.height = m.width
 WHERE m.moves IS NOT NULL;

CREATE TRIGGER tally_enumerated_in AFTER INSERT ON enumerated BEGIN
    UPDATE tally_rows SET n = n + 1 WHERE tbl = 'sources';
    INSERT INTO tally_enumeration_moves VALUES (new.enumeration_id, new.moves, 1, new.cluster_size, new.cluster_size)
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1, boards = boards + excluded.boards,
        largest_cluster = MAX(largest_cluster, excluded.largest_cluster);
    INSERT INTO tally_enumeration_shapes
    VALUES (new.enumeration_id, length(new.cluster_size), new.walls, new.blocks, 1, new.moves, new.moves)
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1, moves_sum = moves_sum + excluded.moves_sum,
        most_moves = MAX(most_moves, excluded.most_moves);
    INSERT INTO tally_sources
    SELECT 'enumeration', e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls || ' walls', 1, 1,
           NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.enumeration_id = new.enumeration_id
                          AND x.puzzle_id <> new.puzzle_id)
      FROM enumerations e WHERE e.id = new.enumeration_id
    ON CONFLICT DO UPDATE SET sources = sources + 1, puzzles = puzzles + 1, files = files + excluded.files;
    -- A puzzle kept by two enumerations (of different wall ranges) counts once.
    INSERT INTO tally_enumerated
    SELECT new.moves, 1, new.cluster_size, s.searched, new.cluster_size * s.searched
      FROM (SELECT EXISTS (SELECT 1 FROM solutions WHERE puzzle_id = new.puzzle_id) AS searched) s
     WHERE NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.puzzle_id = new.puzzle_id
                          AND x.enumeration_id <> new.enumeration_id)
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1, boards = boards + excluded.boards,
        searched = searched + excluded.searched, searched_boards = searched_boards + excluded.searched_boards;
END;

CREATE TRIGGER tally_enumerated_out AFTER DELETE ON enumerated BEGIN
    UPDATE tally_rows SET n = n - 1 WHERE tbl = 'sources';
    UPDATE tally_enumeration_moves SET puzzles = puzzles - 1, boards = boards - old.cluster_size,
           largest_cluster = COALESCE((SELECT MAX(cluster_size) FROM enumerated
                                        WHERE enumeration_id = old.enumeration_id AND moves = old.moves), 0)
     WHERE enumeration_id = old.enumeration_id AND moves = old.moves;
    DELETE FROM tally_enumeration_moves WHERE puzzles = 0;
    UPDATE tally_enumeration_shapes SET puzzles = puzzles - 1, moves_sum = moves_sum - old.moves,
           most_moves = COALESCE((SELECT MAX(moves) FROM enumerated WHERE enumeration_id = old.enumeration_id
                                    AND length(cluster_size) = length(old.cluster_size)
                                    AND walls = old.walls AND blocks = old.blocks), 0)
     WHERE enumeration_id = old.enumeration_id AND digits = length(old.cluster_size)
       AND walls = old.walls AND blocks = old.blocks;
    DELETE FROM tally_enumeration_shapes WHERE puzzles = 0;
    UPDATE tally_sources SET sources = sources - 1, puzzles = puzzles - 1,
           files = files - (NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.enumeration_id = old.enumeration_id))
     WHERE kind = 'enumeration'
       AND format = (SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls || ' walls'
                       FROM enumerations e WHERE e.id = old.enumeration_id);
    DELETE FROM tally_sources WHERE kind = 'enumeration' AND sources = 0;
    UPDATE tally_enumerated SET puzzles = puzzles - 1, boards = boards - old.cluster_size,
           searched = searched - s.searched, searched_boards = searched_boards - old.cluster_size * s.searched
      FROM (SELECT EXISTS (SELECT 1 FROM solutions WHERE puzzle_id = old.puzzle_id) AS searched) s
     WHERE moves = old.moves
       AND NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.puzzle_id = old.puzzle_id);
    DELETE FROM tally_enumerated WHERE puzzles = 0;
END;

-- A search stored for an enumerated puzzle moves it from "enumerated, not
-- searched" to its status.
CREATE TRIGGER tally_enumerated_searched AFTER INSERT ON solutions BEGIN
    UPDATE tally_enumerated SET searched = searched + 1, searched_boards = searched_boards + x.cluster_size
      FROM (SELECT moves, cluster_size FROM enumerated WHERE puzzle_id = new.puzzle_id LIMIT 1) x
     WHERE tally_enumerated.moves = x.moves;
END;

CREATE TRIGGER tally_enumerated_unsearched AFTER DELETE ON solutions BEGIN
    UPDATE tally_enumerated SET searched = searched - 1, searched_boards = searched_boards - x.cluster_size
      FROM (SELECT moves, cluster_size FROM enumerated WHERE puzzle_id = old.puzzle_id LIMIT 1) x
     WHERE tally_enumerated.moves = x.moves;
END;
