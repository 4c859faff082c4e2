-- slidedb database: sliding tiles (the family `tiles`).
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
