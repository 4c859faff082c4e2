-- What the database holds: puzzles by status, sources by kind, the import
-- runs, failed inputs and claims that disagree with the search.

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
SELECT id, started_at, COALESCE(finished_at, 'interrupted') AS finished, files,
       puzzles_new, puzzles_known, errors, ROUND(seconds, 2) AS seconds
  FROM imports ORDER BY id DESC LIMIT :top;

-- section: Errors
SELECT COUNT(*) AS inputs_failed, COUNT(DISTINCT path) AS files
  FROM errors;

-- section: Claims that disagree
SELECT path, line, claimed_moves, moves, claimed_cluster, cluster_size
  FROM claim_mismatches ORDER BY path, line LIMIT :top;
