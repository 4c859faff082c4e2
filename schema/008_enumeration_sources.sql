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

CREATE TRIGGER tally_enumerated_in AFTER INSERT ON enumerated BEGIN
    UPDATE tally_rows SET n = n + 1 WHERE tbl = 'sources';
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
