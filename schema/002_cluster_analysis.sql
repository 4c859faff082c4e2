-- slidedb database, version 2: what the whole cluster says of each puzzle.
--
-- A second search runs backwards from every goal board of the cluster (moves
-- are reversible), so each board of the cluster knows its distance to the
-- goal. Filled at import time for puzzles whose cluster was searched whole;
-- NULL for puzzles stored before this version until `import --resolve`.

-- The board of the cluster farthest from the goal: a puzzle whose own start is
-- much closer "could be harder" by the difference.
ALTER TABLE solutions ADD COLUMN hardest_moves INTEGER;  -- its distance to the goal, in moves
ALTER TABLE solutions ADD COLUMN hardest_board TEXT;     -- that board, labels as in puzzles.board

-- Cells of the prisoner's row, between the prisoner and the exit, that some
-- block or fixed cell covers in every board of the cluster. Non-empty only
-- when the puzzle is unsolvable: it names why.
ALTER TABLE solutions ADD COLUMN blocked_cells TEXT;  -- e.g. "r3c6 r3c5" (1-based), '' when none
ALTER TABLE solutions ADD COLUMN blockers TEXT;       -- labels of the blocks covering them, 'x' for fixed

-- How many boards of the cluster lie at each distance from the goal.
CREATE TABLE goal_levels (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    distance  INTEGER NOT NULL,  -- moves to the nearest goal board
    boards    INTEGER NOT NULL,
    PRIMARY KEY (puzzle_id, distance)
) STRICT, WITHOUT ROWID;

-- Puzzles whose cluster holds a harder start than their own.
CREATE VIEW could_be_harder AS
SELECT p.id, s.moves, s.hardest_moves, s.hardest_moves - s.moves AS headroom, s.hardest_board
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'solved' AND s.hardest_moves > s.moves
 ORDER BY headroom DESC, p.id;

-- Indexes for the reports' orderings on large databases.
CREATE INDEX solutions_cluster ON solutions (cluster_size);
CREATE INDEX solutions_examined ON solutions (examined);
CREATE INDEX sources_path ON sources (path, line);
