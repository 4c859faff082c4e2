-- The shape of the state spaces across the database: how big the clusters
-- are, whether the search effort follows the number of moves, how a typical
-- search widens and narrows, which puzzles could be harder, and which boards
-- turn up in several places. Whole-database figures come from the tallies
-- kept at import (schema 5); lists read indexes, a few rows each.

-- section: Cluster sizes, every family together | bars from puzzles
-- Buckets 1, 2, 5, 10, 20, 50, ...: a bucket holds sizes from its bound up
-- to the next one.
SELECT low AS "from", high AS "to", SUM(puzzles) AS puzzles,
       SUM(CASE status WHEN 'solved' THEN puzzles ELSE 0 END) AS solved,
       SUM(CASE status WHEN 'unsolvable' THEN puzzles ELSE 0 END) AS unsolvable,
       ROUND(100.0 * SUM(puzzles) / (SELECT SUM(puzzles) FROM tally_cluster_buckets), 1) AS percent
  FROM tally_cluster_buckets
 GROUP BY low
 ORDER BY low;

-- section: Moves against boards examined, every family together | points moves examined_about puzzles logy
-- Every solved puzzle, boards examined rounded to 1/50 of a decade (within
-- 2.3%), so that the points stay few; the columns say "about".
SELECT moves, examined AS examined_about, puzzles FROM tally_moves_examined ORDER BY 1, 2;

-- section: Moves against cluster size, every family together | points moves cluster_about puzzles logy
-- Cluster sizes likewise rounded to 1/50 of a decade.
SELECT moves, cluster AS cluster_about, puzzles FROM tally_moves_cluster ORDER BY 1, 2;

-- section: Correlation, every family together
-- Pearson's r over the solved puzzles, from the sums of the tallies: each
-- sum of products of deviations is sum(xy) - sum(x) sum(y) / n.
WITH t AS (
         SELECT SUM(puzzles) AS n, SUM(1.0 * moves * puzzles) AS m, SUM(1.0 * moves * moves * puzzles) AS m2,
                SUM(1.0 * examined) AS e, SUM(examined2) AS e2, SUM(1.0 * cluster) AS c, SUM(cluster2) AS c2,
                SUM(1.0 * moves * examined) AS me, SUM(1.0 * moves * cluster) AS mc,
                SUM(cluster_examined) AS ce
           FROM tally_moves WHERE status = 'solved'),
     mean AS (SELECT COALESCE(n, 0) AS n FROM t),
     dev AS (
         SELECT m2 - m * m / n AS mm, e2 - e * e / n AS ee, c2 - c * c / n AS cc,
                me - m * e / n AS me, mc - m * c / n AS mc, ce - c * e / n AS ce
           FROM t)
SELECT 'moves ~ boards examined' AS pair, n AS puzzles, ROUND(me / sqrt(mm * ee), 3) AS pearson_r FROM dev, mean
UNION ALL
SELECT 'moves ~ cluster size', n, ROUND(mc / sqrt(mm * cc), 3) FROM dev, mean
UNION ALL
SELECT 'cluster size ~ boards examined', n, ROUND(ce / sqrt(cc * ee), 3) FROM dev, mean;

-- section: Effort by moves, every family together
WITH t AS (
         SELECT moves, SUM(puzzles) AS puzzles, SUM(examined) AS examined, SUM(cluster) AS cluster
           FROM tally_moves WHERE status = 'solved' GROUP BY moves)
SELECT t.moves, t.puzzles,
       (SELECT MIN(examined) FROM solutions WHERE status = 'solved' AND moves = t.moves) AS min_examined,
       CAST(ROUND(1.0 * t.examined / t.puzzles) AS INTEGER) AS avg_examined,
       (SELECT MAX(examined) FROM solutions WHERE status = 'solved' AND moves = t.moves) AS max_examined,
       CAST(ROUND(1.0 * t.cluster / t.puzzles) AS INTEGER) AS avg_cluster
  FROM t
 ORDER BY t.moves;

-- section: Typical level profile, every family together | line depth mean_frontier geomean_frontier logy
-- Boards first reached at each depth of the search, over the puzzles whose
-- search went that deep: the mean, the geometric mean (the typical puzzle,
-- less swayed by a few huge clusters) and the largest.
SELECT t.depth, t.puzzles, ROUND(1.0 * t.frontier / t.puzzles, 1) AS mean_frontier,
       ROUND(exp(t.ln_frontier / t.puzzles), 1) AS geomean_frontier,
       (SELECT MAX(frontier) FROM tally_level_frontiers f WHERE f.depth = t.depth) AS max_frontier,
       ROUND(1.0 * t.examined / t.puzzles, 1) AS mean_examined
  FROM tally_levels t
 ORDER BY t.depth;

-- section: Could be harder, every family together | bars headroom puzzles
-- Puzzles whose cluster holds a start farther from the goal than their own.
-- (The unary + gives the comparison no affinity, so the expression index serves it.)
SELECT t.headroom, t.puzzles,
       (SELECT MIN(puzzle_id) FROM solutions INDEXED BY solutions_headroom
         WHERE status = 'solved' AND hardest_moves > moves AND hardest_moves - moves = +t.headroom) AS example
  FROM tally_headroom t ORDER BY t.headroom;

-- section: Most room to be harder
SELECT s.puzzle_id AS id, s.moves, s.hardest_moves, s.hardest_moves - s.moves AS headroom,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = s.puzzle_id ORDER BY id LIMIT 1) AS source
  FROM solutions s INDEXED BY solutions_headroom
 WHERE s.status = 'solved' AND s.hardest_moves > s.moves
 ORDER BY s.hardest_moves - s.moves DESC, s.puzzle_id
 LIMIT :top;

-- section: Boards met in several sources
SELECT t.puzzle_id AS id, t.sources,
       (SELECT COUNT(DISTINCT path) FROM sources WHERE puzzle_id = t.puzzle_id) AS files,
       (SELECT COUNT(DISTINCT kind) FROM sources WHERE puzzle_id = t.puzzle_id) AS kinds,
       (SELECT moves FROM solutions WHERE puzzle_id = t.puzzle_id) AS moves,
       (SELECT MIN(path || CASE WHEN line > 0 THEN ':' || line ELSE '' END)
          FROM sources WHERE puzzle_id = t.puzzle_id) AS first_source
  FROM tally_shared t
 ORDER BY t.sources DESC, t.puzzle_id
 LIMIT :top;

-- section: Enumerated puzzles by moves | bars moves puzzles
-- Every puzzle of a size (slidedb enumerate), by optimal moves.
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration, t.moves,
       t.puzzles, t.boards, t.largest_cluster
  FROM tally_enumeration_moves t JOIN enumerations e ON e.id = t.enumeration_id
 ORDER BY t.enumeration_id, t.moves;

-- section: Hardest enumerated puzzles
-- Each enumeration's puzzles with the most moves, read from its index on
-- moves: only those at or above the :top-th's moves are looked at. key is
-- the board, rows joined by '/'.
WITH least AS (
    SELECT e.id, e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration,
           COALESCE((SELECT x.moves FROM enumerated x WHERE x.enumeration_id = e.id
                      ORDER BY x.moves DESC LIMIT 1 OFFSET :top - 1), 0) AS moves
      FROM enumerations e),
ranked AS (
    SELECT l.id AS enumeration_id, l.enumeration, n.puzzle_id, n.moves, n.cluster_size, n.walls, n.blocks,
           ROW_NUMBER() OVER (PARTITION BY l.id ORDER BY n.moves DESC, n.cluster_size DESC, n.puzzle_id) AS place
      FROM least l JOIN enumerated n ON n.enumeration_id = l.id AND n.moves >= l.moves)
SELECT r.puzzle_id AS id, r.enumeration, r.moves, r.cluster_size AS cluster, r.walls, r.blocks,
       replace(p.board, char(10), '/') AS key
  FROM ranked r JOIN puzzles p ON p.id = r.puzzle_id
 WHERE r.place <= :top
 ORDER BY r.enumeration_id, r.place;

-- section: Enumerated cluster sizes | bars from puzzles
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration,
       CAST('1' || substr('000000000000000000', 1, t.digits - 1) AS INTEGER) AS "from",
       SUM(t.puzzles) AS puzzles, ROUND(1.0 * SUM(t.moves_sum) / SUM(t.puzzles), 1) AS mean_moves
  FROM tally_enumeration_shapes t JOIN enumerations e ON e.id = t.enumeration_id
 GROUP BY t.enumeration_id, t.digits ORDER BY t.enumeration_id, t.digits;

-- section: Enumerated puzzles by walls and blocks
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration, t.walls, t.blocks,
       SUM(t.puzzles) AS puzzles, ROUND(1.0 * SUM(t.moves_sum) / SUM(t.puzzles), 1) AS mean_moves,
       MAX(t.most_moves) AS most_moves
  FROM tally_enumeration_shapes t JOIN enumerations e ON e.id = t.enumeration_id
 GROUP BY t.enumeration_id, t.walls, t.blocks ORDER BY t.enumeration_id, t.walls, t.blocks;

-- section: Imported puzzles among the enumerated
-- Solved puzzles hardest first, each ranked in the widest enumeration of
-- its family and size. The enumerations come first: with none, no solution
-- is read; then the solutions, each puzzle looked up by its id (CROSS JOIN:
-- walking the puzzles instead reads every enumerated one).
WITH ranked AS (
    SELECT p.id, b.size, s.moves, b.id AS enumeration_id,
           (SELECT COALESCE(SUM(t.puzzles), 0) FROM tally_enumeration_moves t
             WHERE t.enumeration_id = b.id AND t.moves < s.moves) AS easier,
           (SELECT SUM(t.puzzles) FROM tally_enumeration_moves t WHERE t.enumeration_id = b.id) AS total
      FROM ranking_enumeration b CROSS JOIN solutions s CROSS JOIN puzzles p ON p.id = s.puzzle_id
     WHERE b.family = p.family AND b.size = p.width AND p.height = p.width
       AND s.status = 'solved' AND p.exit_side IS NOT 'left'
       AND EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = p.id))
SELECT r.id, r.size || 'x' || r.size AS size, r.moves,
       printf('%.1f%%', (1000 * r.easier / r.total) / 10.0) AS harder_than, l.enumerated_id AS cluster_puzzle
  FROM ranked r LEFT JOIN enumeration_links l ON l.puzzle_id = r.id AND l.enumeration_id = r.enumeration_id
 WHERE r.total > 0
 ORDER BY r.moves DESC, r.id
 LIMIT :top;
