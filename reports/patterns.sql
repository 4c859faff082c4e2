-- The shape of the state spaces across the database: how big the clusters
-- are, whether the search effort follows the number of moves, how a typical
-- search widens and narrows, which puzzles could be harder, and which boards
-- turn up in several places.

-- section: Cluster sizes | bars from puzzles
-- Buckets 1, 2, 5, 10, 20, 50, ...: a bucket holds sizes from its bound up
-- to the next one.
WITH c AS (
         SELECT cluster_size AS n, status,
                CAST(pow(10, floor(log10(cluster_size))) AS INTEGER) AS d
           FROM solutions WHERE cluster_size > 0),
     b AS (
         SELECT n, status, d, CASE WHEN n >= 5 * d THEN 5 WHEN n >= 2 * d THEN 2 ELSE 1 END AS k FROM c)
SELECT d * k AS "from", d * CASE k WHEN 1 THEN 2 WHEN 2 THEN 5 ELSE 10 END - 1 AS "to",
       COUNT(*) AS puzzles, SUM(status = 'solved') AS solved, SUM(status = 'unsolvable') AS unsolvable,
       ROUND(100.0 * COUNT(*) / (SELECT COUNT(*) FROM solutions WHERE cluster_size > 0), 1) AS percent
  FROM b
 GROUP BY d * k
 ORDER BY d * k;

-- section: Moves against boards examined | points moves examined puzzles logy
-- Every solved puzzle, boards examined rounded to 1/50 of a decade.
SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(examined, 1))) / 50)) AS INTEGER) AS examined,
       COUNT(*) AS puzzles
  FROM solutions WHERE status = 'solved'
 GROUP BY 1, 2 ORDER BY 1, 2;

-- section: Moves against cluster size | points moves cluster puzzles logy
SELECT moves, CAST(ROUND(pow(10, ROUND(50 * log10(MAX(cluster_size, 1))) / 50)) AS INTEGER) AS cluster,
       COUNT(*) AS puzzles
  FROM solutions WHERE status = 'solved'
 GROUP BY 1, 2 ORDER BY 1, 2;

-- section: Correlation
-- Pearson's r over the solved puzzles, computed from deviations from the mean.
WITH s AS (
         SELECT 1.0 * moves AS m, 1.0 * examined AS e, 1.0 * cluster_size AS c
           FROM solutions WHERE status = 'solved'),
     mean AS (SELECT COUNT(*) AS n, AVG(m) AS am, AVG(e) AS ae, AVG(c) AS ac FROM s),
     dev AS (
         SELECT SUM((m - am) * (m - am)) AS mm, SUM((e - ae) * (e - ae)) AS ee,
                SUM((c - ac) * (c - ac)) AS cc, SUM((m - am) * (e - ae)) AS me,
                SUM((m - am) * (c - ac)) AS mc, SUM((c - ac) * (e - ae)) AS ce
           FROM s, mean)
SELECT 'moves ~ boards examined' AS pair, n AS puzzles, ROUND(me / sqrt(mm * ee), 3) AS pearson_r FROM dev, mean
UNION ALL
SELECT 'moves ~ cluster size', n, ROUND(mc / sqrt(mm * cc), 3) FROM dev, mean
UNION ALL
SELECT 'cluster size ~ boards examined', n, ROUND(ce / sqrt(cc * ee), 3) FROM dev, mean;

-- section: Effort by moves
SELECT moves, COUNT(*) AS puzzles, MIN(examined) AS min_examined,
       CAST(ROUND(AVG(examined)) AS INTEGER) AS avg_examined, MAX(examined) AS max_examined,
       CAST(ROUND(AVG(cluster_size)) AS INTEGER) AS avg_cluster
  FROM solutions WHERE status = 'solved'
 GROUP BY moves ORDER BY moves;

-- section: Typical level profile | line depth mean_frontier geomean_frontier logy
-- Boards first reached at each depth of the search, over the puzzles whose
-- search went that deep: the mean, the geometric mean (the typical puzzle,
-- less swayed by a few huge clusters) and the largest.
SELECT depth, COUNT(*) AS puzzles, ROUND(AVG(frontier), 1) AS mean_frontier,
       ROUND(exp(AVG(ln(frontier))), 1) AS geomean_frontier,
       MAX(frontier) AS max_frontier, ROUND(AVG(examined), 1) AS mean_examined
  FROM levels
 WHERE frontier > 0
 GROUP BY depth ORDER BY depth;

-- section: Could be harder | bars headroom puzzles
-- Puzzles whose cluster holds a start farther from the goal than their own.
SELECT headroom, COUNT(*) AS puzzles, MIN(id) AS example
  FROM could_be_harder GROUP BY headroom ORDER BY headroom;

-- section: Most room to be harder
SELECT c.id, c.moves, c.hardest_moves, c.headroom,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = c.id ORDER BY id LIMIT 1) AS source
  FROM could_be_harder c
 LIMIT :top;

-- section: Boards met in several sources
SELECT so.puzzle_id AS id, COUNT(*) AS sources, COUNT(DISTINCT so.path) AS files,
       COUNT(DISTINCT so.kind) AS kinds, s.moves,
       MIN(so.path || CASE WHEN so.line > 0 THEN ':' || so.line ELSE '' END) AS first_source
  FROM sources so LEFT JOIN solutions s ON s.puzzle_id = so.puzzle_id
 GROUP BY so.puzzle_id
HAVING COUNT(*) > 1
 ORDER BY COUNT(*) DESC, so.puzzle_id
 LIMIT :top;

-- section: Enumerated puzzles by moves | bars moves puzzles
-- Every puzzle of a size (slidedb enumerate), by optimal moves.
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration, x.moves,
       COUNT(*) AS puzzles, SUM(x.cluster_size) AS boards, MAX(x.cluster_size) AS largest_cluster
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id
 GROUP BY x.enumeration_id, x.moves ORDER BY x.enumeration_id, x.moves;

-- section: Enumerated cluster sizes | bars from puzzles
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration,
       CAST(round(pow(10, floor(log10(x.cluster_size)))) AS INTEGER) AS "from",
       COUNT(*) AS puzzles, ROUND(AVG(x.moves), 1) AS mean_moves
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id
 GROUP BY x.enumeration_id, 2 ORDER BY x.enumeration_id, 2;

-- section: Enumerated puzzles by walls and blocks
SELECT e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration, x.walls, x.blocks,
       COUNT(*) AS puzzles, ROUND(AVG(x.moves), 1) AS mean_moves, MAX(x.moves) AS most_moves
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id
 GROUP BY x.enumeration_id, x.walls, x.blocks ORDER BY x.enumeration_id, x.walls, x.blocks;

-- section: Imported puzzles among the enumerated
SELECT r.puzzle_id AS id, r.size || 'x' || r.size AS size, r.moves,
       printf('%.1f%%', 100.0 * r.easier / r.total) AS harder_than, l.enumerated_id AS cluster_puzzle
  FROM puzzle_rank r LEFT JOIN enumeration_links l ON l.puzzle_id = r.puzzle_id AND l.enumeration_id = r.enumeration_id
 WHERE r.total > 0 AND EXISTS (SELECT 1 FROM sources so WHERE so.puzzle_id = r.puzzle_id)
 ORDER BY r.easier DESC, r.puzzle_id
 LIMIT :top;
