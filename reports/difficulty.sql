-- How hard the solvable puzzles are: the game's bands, then every move count.

-- section: Difficulty bands
SELECT band, COUNT(*) AS puzzles, MIN(moves) AS min_moves, MAX(moves) AS max_moves,
       ROUND(100.0 * COUNT(*) / (SELECT COUNT(*) FROM difficulty), 1) AS percent
  FROM difficulty
 GROUP BY band
 ORDER BY MIN(moves);

-- section: Optimal moves
SELECT moves, COUNT(*) AS puzzles,
       substr('##################################################', 1,
              CAST(ROUND(50.0 * COUNT(*) / (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM difficulty GROUP BY moves))) AS INTEGER))
           AS histogram
  FROM difficulty
 GROUP BY moves
 ORDER BY moves;
