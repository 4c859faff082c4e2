-- slidedb database, version 7: every Unblock Me puzzle of a board size.
--
-- `slidedb enumerate --size N --walls MIN..MAX` visits every cluster of
-- N x N boards (the primary piece two long in row (N-1)/2, leaving right;
-- other pieces two or three long; MIN..MAX walls) and keeps one puzzle per
-- cluster with a goal board: its board farthest from every goal, when minimal
-- (taking any one piece or wall off shortens it). The work is cut into units
-- in a fixed order; `--shard K/N` runs a fixed part of them, and `slidedb
-- merge` adds databases together.

-- One row per enumeration: a size, a wall range, and whether every cluster
-- was visited (1) or only those that can give a puzzle (0: the puzzles are
-- the same, the cluster counts then cover only those clusters).
CREATE TABLE enumerations (
    id            INTEGER PRIMARY KEY,
    size          INTEGER NOT NULL,
    min_walls     INTEGER NOT NULL,
    max_walls     INTEGER NOT NULL,
    every_cluster INTEGER NOT NULL CHECK (every_cluster IN (0, 1)),
    units         INTEGER NOT NULL,  -- work units of the whole enumeration
    enumerator    TEXT NOT NULL,     -- version of the enumerator
    UNIQUE (size, min_walls, max_walls, every_cluster)
) STRICT;

-- Work units done, and what each found. A unit and its puzzles are committed
-- together, so a re-run skips exactly the units present; the enumeration is
-- complete when it has `units` rows here.
CREATE TABLE enumeration_units (
    enumeration_id INTEGER NOT NULL REFERENCES enumerations (id),
    unit          INTEGER NOT NULL,
    clusters      INTEGER NOT NULL,  -- clusters visited
    with_goal     INTEGER NOT NULL,  -- of those, with a goal board
    puzzles       INTEGER NOT NULL,  -- minimal puzzles kept
    puzzle_boards INTEGER NOT NULL,  -- boards in the clusters of those puzzles
    boards        INTEGER NOT NULL,  -- boards in the signatures searched
    seconds       REAL NOT NULL,     -- time the unit took on one core (with its twin: half the pair's)
    import_id     INTEGER NOT NULL REFERENCES imports (id),  -- the run that did it
    PRIMARY KEY (enumeration_id, unit)
) STRICT, WITHOUT ROWID;

-- One row per puzzle an enumeration kept: the puzzle's source of kind
-- `enumeration`. The board itself is a row of `puzzles`, like any other.
CREATE TABLE enumerated (
    puzzle_id      INTEGER NOT NULL REFERENCES puzzles (id),
    enumeration_id INTEGER NOT NULL REFERENCES enumerations (id),
    unit           INTEGER NOT NULL,  -- the work unit that found it
    moves          INTEGER NOT NULL,  -- optimal moves: the cluster's greatest distance to a goal
    cluster_size   INTEGER NOT NULL,  -- boards of its cluster
    walls          INTEGER NOT NULL,
    blocks         INTEGER NOT NULL,  -- movable pieces, the primary one included
    minimal        INTEGER NOT NULL CHECK (minimal IN (0, 1)),
    goal_levels    TEXT NOT NULL,     -- boards of the cluster at distance 0, 1, 2, ... to the goal,
                                      -- comma-separated
    PRIMARY KEY (puzzle_id, enumeration_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX enumerated_moves ON enumerated (enumeration_id, moves);

-- An imported puzzle and the enumerated puzzle of its cluster.
CREATE TABLE enumeration_links (
    puzzle_id      INTEGER NOT NULL REFERENCES puzzles (id),
    enumeration_id INTEGER NOT NULL REFERENCES enumerations (id),
    enumerated_id  INTEGER NOT NULL REFERENCES puzzles (id),  -- the cluster's puzzle
    PRIMARY KEY (puzzle_id, enumeration_id)
) STRICT, WITHOUT ROWID;

-- Each enumeration's figures so far.
CREATE VIEW enumeration_totals AS
SELECT e.id, e.size || 'x' || e.size AS size, e.min_walls || '..' || e.max_walls AS walls,
       e.every_cluster, e.units, COUNT(u.unit) AS units_done,
       COALESCE(SUM(u.clusters), 0) AS clusters, COALESCE(SUM(u.with_goal), 0) AS with_goal,
       COALESCE(SUM(u.puzzles), 0) AS puzzles, COALESCE(SUM(u.puzzle_boards), 0) AS puzzle_boards,
       (SELECT MAX(moves) FROM enumerated WHERE enumeration_id = e.id) AS most_moves,
       COALESCE(SUM(u.seconds), 0) AS cpu_seconds
  FROM enumerations e LEFT JOIN enumeration_units u ON u.enumeration_id = e.id
 GROUP BY e.id;

-- Where a puzzle stands among every enumerated puzzle of its size: how many
-- need fewer moves (in the widest enumeration of that size). Its moves are
-- the search's, or the enumeration's for a puzzle only enumerated.
CREATE VIEW puzzle_rank AS
WITH best AS (
    SELECT e.size, e.id FROM enumerations e
     WHERE NOT EXISTS (SELECT 1 FROM enumerations f WHERE f.size = e.size
                        AND (f.max_walls - f.min_walls, f.every_cluster, f.id) >
                            (e.max_walls - e.min_walls, e.every_cluster, e.id))),
moved AS (
    SELECT p.id, p.width, p.height,
           COALESCE((SELECT s.moves FROM solutions s WHERE s.puzzle_id = p.id AND s.status = 'solved'),
                    (SELECT MIN(x.moves) FROM enumerated x WHERE x.puzzle_id = p.id)) AS moves
      FROM puzzles p WHERE p.family = 'unblock' AND p.exit_side = 'right')
SELECT m.id AS puzzle_id, b.id AS enumeration_id, b.size, m.moves,
       (SELECT COUNT(*) FROM enumerated x WHERE x.enumeration_id = b.id AND x.moves < m.moves) AS easier,
       (SELECT COUNT(*) FROM enumerated x WHERE x.enumeration_id = b.id) AS total
  FROM moved m JOIN best b ON b.size = m.width AND m.height = m.width
 WHERE m.moves IS NOT NULL;
