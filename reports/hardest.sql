-- The puzzles needing the most moves, with how hard they were to search.

-- section: Hardest puzzles
SELECT id, size, moves, steps, cluster_size AS cluster, examined,
       ROUND(seconds * 1000, 2) AS ms, source
  FROM hardest
 LIMIT :top;
