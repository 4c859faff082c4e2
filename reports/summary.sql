-- What the database holds: puzzles by family and by status, sources by kind,
-- the import runs, failed inputs and claims that disagree with the search.

-- section: In short
SELECT (SELECT COUNT(*) FROM puzzles) AS puzzles,
       (SELECT COUNT(*) FROM solutions WHERE status = 'solved') AS solved,
       (SELECT COUNT(*) FROM solutions WHERE status = 'unsolvable') AS unsolvable,
       (SELECT MAX(moves) FROM solutions WHERE status = 'solved') AS most_moves,
       (SELECT COUNT(*) FROM sources) AS sources,
       (SELECT COUNT(*) FROM imports) AS imports,
       (SELECT COUNT(*) FROM errors) AS errors,
       (SELECT COUNT(*) FROM claim_mismatches) AS claims_disagreeing;

-- section: Families
SELECT p.family, COUNT(*) AS puzzles, COUNT(*) FILTER (WHERE s.status = 'solved') AS solved,
       COUNT(*) FILTER (WHERE s.status = 'unsolvable') AS unsolvable,
       COUNT(*) FILTER (WHERE s.status = 'limit') AS limit_reached,
       MAX(s.moves) AS most_moves, SUM(s.cluster_size) AS boards_in_clusters
  FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id
 GROUP BY p.family ORDER BY p.family;

-- section: Puzzles
SELECT COALESCE(s.status, 'not solved') AS status, COUNT(*) AS puzzles,
       MIN(s.moves) AS min_moves, MAX(s.moves) AS max_moves,
       ROUND(AVG(s.moves), 1) AS avg_moves, SUM(s.cluster_size) AS boards_in_clusters
  FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id
 GROUP BY 1
 ORDER BY CASE status WHEN 'solved' THEN 0 WHEN 'unsolvable' THEN 1 WHEN 'limit' THEN 2 ELSE 3 END;

-- section: Sources
SELECT kind, format, COUNT(*) AS sources, COUNT(DISTINCT puzzle_id) AS puzzles,
       COUNT(DISTINCT path) AS files
  FROM sources GROUP BY kind, format ORDER BY kind, format;

-- section: Imports
SELECT id AS run, started_at, COALESCE(finished_at, 'interrupted') AS finished, files,
       puzzles_new, puzzles_known, errors, ROUND(seconds, 2) AS seconds
  FROM imports ORDER BY id DESC LIMIT :top;

-- section: Errors
SELECT path, line, message, import_id AS first_run, last_import_id AS last_run
  FROM errors ORDER BY path, line, message LIMIT :top;

-- section: Claims that disagree
SELECT path, line, puzzle_id AS id, claimed_moves, moves, claimed_cluster, cluster_size
  FROM claim_mismatches ORDER BY path, line LIMIT :top;
