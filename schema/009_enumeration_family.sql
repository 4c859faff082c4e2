-- slidedb database, version 9: an enumeration belongs to a family.
--
-- An enumeration is one family's puzzles of a size; its identity is now the
-- family beside the size and walls, and the links and ranks compare a puzzle
-- only with the enumerations of its own family.
--
-- SQLite changes a UNIQUE constraint only by copying the table. The ids are
-- kept, so every row that refers to an enumeration still does; the views
-- that read the family are made again at the end. The copy is renamed with
-- legacy_alter_table on: the triggers and views that name `enumerations`
-- then keep naming it, instead of SQLite checking them against a table that
-- is gone for the moment. (slidedb runs migrations with foreign keys off and
-- checks them all before it commits.)

DROP VIEW enumeration_totals;
DROP VIEW puzzle_rank;
DROP VIEW ranking_enumeration;

-- One row per enumeration: a family, a size, a wall range, and whether every
-- cluster was visited (1) or only those that can give a puzzle (0: the
-- puzzles are the same, the cluster counts then cover only those clusters).
CREATE TABLE enumerations_v9 (
    id            INTEGER PRIMARY KEY,
    family        TEXT NOT NULL CHECK (family <> ''),  -- the game enumerated: unblock, ...
    size          INTEGER NOT NULL,
    min_walls     INTEGER NOT NULL,
    max_walls     INTEGER NOT NULL,
    every_cluster INTEGER NOT NULL CHECK (every_cluster IN (0, 1)),
    units         INTEGER NOT NULL,  -- work units of the whole enumeration
    enumerator    TEXT NOT NULL,     -- version of the enumerator
    UNIQUE (family, size, min_walls, max_walls, every_cluster)
) STRICT;

-- The family of an existing enumeration is that of the puzzles it kept (their
-- keys start with it). One that kept none yet was begun by the only
-- enumerator before this version, Unblock's ("enumerate-1", "enumerate-2").
INSERT INTO enumerations_v9 (id, family, size, min_walls, max_walls, every_cluster, units, enumerator)
SELECT e.id,
       COALESCE((SELECT substr(p.key, 1, instr(p.key, ' ') - 1)
                   FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id
                  WHERE x.enumeration_id = e.id LIMIT 1),
                CASE WHEN e.enumerator LIKE 'enumerate-%' THEN 'unblock' END),
       e.size, e.min_walls, e.max_walls, e.every_cluster, e.units, e.enumerator
  FROM enumerations e;
PRAGMA legacy_alter_table = ON;
DROP TABLE enumerations;
ALTER TABLE enumerations_v9 RENAME TO enumerations;
PRAGMA legacy_alter_table = OFF;

-- Each enumeration's figures so far.
CREATE VIEW enumeration_totals AS
SELECT e.id, e.family, e.size || 'x' || e.size AS size, e.min_walls || '..' || e.max_walls AS walls,
       e.every_cluster, e.units, COUNT(u.unit) AS units_done,
       COALESCE(SUM(u.clusters), 0) AS clusters, COALESCE(SUM(u.with_goal), 0) AS with_goal,
       COALESCE(SUM(u.puzzles), 0) AS puzzles, COALESCE(SUM(u.puzzle_boards), 0) AS puzzle_boards,
       (SELECT MAX(moves) FROM enumerated WHERE enumeration_id = e.id) AS most_moves,
       COALESCE(SUM(u.seconds), 0) AS cpu_seconds
  FROM enumerations e LEFT JOIN enumeration_units u ON u.enumeration_id = e.id
 GROUP BY e.id;

-- The enumeration each family's size is ranked in: the widest wall range,
-- then one that visited every cluster, then the newest.
CREATE VIEW ranking_enumeration AS
SELECT e.family, e.size, e.id FROM enumerations e
 WHERE NOT EXISTS (SELECT 1 FROM enumerations f WHERE f.family = e.family AND f.size = e.size
                    AND (f.max_walls - f.min_walls, f.every_cluster, f.id) >
                        (e.max_walls - e.min_walls, e.every_cluster, e.id));

-- Where a puzzle stands among the enumerated puzzles of its family and size:
-- how many need fewer moves. Its moves are the search's, or the
-- enumeration's for a puzzle only enumerated. Enumerations keep square
-- boards whose exit, where the family has one, is on the right.
CREATE VIEW puzzle_rank AS
WITH moved AS (
    SELECT p.id, p.family, p.width, p.height,
           COALESCE((SELECT s.moves FROM solutions s WHERE s.puzzle_id = p.id AND s.status = 'solved'),
                    (SELECT MIN(x.moves) FROM enumerated x WHERE x.puzzle_id = p.id)) AS moves
      FROM puzzles p WHERE p.exit_side IS NOT 'left')
SELECT m.id AS puzzle_id, b.id AS enumeration_id, b.size, m.moves,
       (SELECT COALESCE(SUM(t.puzzles), 0) FROM tally_enumeration_moves t
         WHERE t.enumeration_id = b.id AND t.moves < m.moves) AS easier,
       (SELECT COALESCE(SUM(t.puzzles), 0) FROM tally_enumeration_moves t WHERE t.enumeration_id = b.id) AS total
  FROM moved m JOIN ranking_enumeration b ON b.family = m.family AND b.size = m.width AND m.height = m.width
 WHERE m.moves IS NOT NULL;

-- Taking an enumerated puzzle away names the tally's own counts: the
-- trigger of version 8 read `searched` from both sides and could not run.
DROP TRIGGER tally_enumerated_out;
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
           searched = tally_enumerated.searched - s.searched,
           searched_boards = searched_boards - old.cluster_size * s.searched
      FROM (SELECT EXISTS (SELECT 1 FROM solutions WHERE puzzle_id = old.puzzle_id) AS searched) s
     WHERE moves = old.moves
       AND NOT EXISTS (SELECT 1 FROM enumerated x WHERE x.puzzle_id = old.puzzle_id);
    DELETE FROM tally_enumerated WHERE puzzles = 0;
END;
