-- slidedb database, version 6: sliding tiles (the family `tiles`).
--
-- Tile puzzles are not all found the same way, and the solution row says
-- which. All three columns are NULL for the families that search every
-- puzzle breadth-first (as every row before this version did).

-- How the figures were found: 'bfs' (the whole cluster, breadth-first),
-- 'parity' (no search: the parity of the arrangement decides that the goal
-- is out of reach), 'ida' (IDA* with pattern databases: the levels rows of
-- the puzzle are then its iterations, depth = the bound, frontier = boards
-- expanded, examined = boards generated).
ALTER TABLE solutions ADD COLUMN search TEXT CHECK (search IN ('bfs', 'parity', 'ida'));

-- Why a puzzle is unsolvable or why the search stopped, in words:
-- "the goal is out of reach: the arrangement and the goal have opposite
-- parity, and moves keep it", "stopped after 50000000 boards (--max-states)".
ALTER TABLE solutions ADD COLUMN reason TEXT;

-- Where cluster_size comes from: 'search' (every board was visited) or
-- 'formula' (n*m!/2 for tiles too many to visit; cluster_depth is then -1,
-- unknown, and cluster_size 0 when the count exceeds 64 bits, as for 5x5).
ALTER TABLE solutions ADD COLUMN cluster_by TEXT CHECK (cluster_by IN ('search', 'formula'));

-- Solutions by family, status and how they were found (search, '' where
-- NULL), kept by triggers as the tallies of schema 5 are: the unsolvable
-- report counts the puzzles decided by parity without reading `solutions`.
CREATE TABLE tally_search (
    family   TEXT NOT NULL,
    status   TEXT NOT NULL,
    search   TEXT NOT NULL,
    puzzles  INTEGER NOT NULL,
    complete INTEGER NOT NULL,  -- of those, with cluster_complete
    PRIMARY KEY (family, status, search)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER tally_search_in AFTER INSERT ON solutions BEGIN
    INSERT INTO tally_search VALUES (
        COALESCE((SELECT family FROM puzzles WHERE id = new.puzzle_id), ''), new.status,
        COALESCE(new.search, ''), 1, new.cluster_complete)
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1, complete = complete + excluded.complete;
END;
CREATE TRIGGER tally_search_out AFTER DELETE ON solutions BEGIN
    UPDATE tally_search SET puzzles = puzzles - 1, complete = complete - old.cluster_complete
     WHERE family = COALESCE((SELECT family FROM puzzles WHERE id = old.puzzle_id), '')
       AND status = old.status AND search = COALESCE(old.search, '');
    DELETE FROM tally_search WHERE status = old.status AND search = COALESCE(old.search, '') AND puzzles = 0;
END;
-- An UPDATE by hand counts as the old row going and the new one coming.
CREATE TRIGGER tally_search_change AFTER UPDATE OF status, cluster_complete, search ON solutions BEGIN
    UPDATE tally_search SET puzzles = puzzles - 1, complete = complete - old.cluster_complete
     WHERE family = COALESCE((SELECT family FROM puzzles WHERE id = old.puzzle_id), '')
       AND status = old.status AND search = COALESCE(old.search, '');
    DELETE FROM tally_search WHERE status = old.status AND search = COALESCE(old.search, '') AND puzzles = 0;
    INSERT INTO tally_search VALUES (
        COALESCE((SELECT family FROM puzzles WHERE id = new.puzzle_id), ''), new.status,
        COALESCE(new.search, ''), 1, new.cluster_complete)
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1, complete = complete + excluded.complete;
END;
INSERT INTO tally_search
SELECT COALESCE(p.family, ''), s.status, COALESCE(s.search, ''), COUNT(*), SUM(s.cluster_complete)
  FROM solutions s LEFT JOIN puzzles p ON p.id = s.puzzle_id
 GROUP BY 1, 2, 3;
