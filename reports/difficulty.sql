-- How hard the solvable puzzles are: the game's bands, then every move count
-- from the fewest to the most (counts of zero included). :family (`--family`)
-- keeps one family's puzzles; unset, every family's.

-- section: Difficulty bands | bars band puzzles
WITH bands (band, lo, hi, ord) AS (
         VALUES ('under 15', 0, 14, 0), ('Beginner', 15, 20, 1), ('Intermediate', 21, 25, 2),
                ('Advanced', 26, 30, 3), ('Expert', 31, NULL, 4)),
     solved AS (SELECT s.moves FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
                 WHERE s.status = 'solved' AND (:family IS NULL OR p.family = :family))
SELECT b.band, CASE WHEN b.hi IS NULL THEN b.lo || '+' ELSE b.lo || '-' || b.hi END AS moves,
       COUNT(s.moves) AS puzzles,
       ROUND(100.0 * COUNT(s.moves) / MAX(1, (SELECT COUNT(*) FROM solved)), 1) AS percent
  FROM bands b LEFT JOIN solved s ON s.moves >= b.lo AND (b.hi IS NULL OR s.moves <= b.hi)
 GROUP BY b.ord
 ORDER BY b.ord;

-- section: Optimal moves | bars moves puzzles
WITH RECURSIVE counts AS (
         SELECT s.moves, COUNT(*) AS n FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
          WHERE s.status = 'solved' AND (:family IS NULL OR p.family = :family) GROUP BY s.moves),
     span (m) AS (
         SELECT MIN(moves) FROM counts
         UNION ALL SELECT m + 1 FROM span WHERE m < (SELECT MAX(moves) FROM counts))
SELECT span.m AS moves, COALESCE(c.n, 0) AS puzzles,
       substr('##################################################', 1,
              CASE WHEN c.n IS NULL THEN 0
                   ELSE MAX(1, CAST(ROUND(50.0 * c.n / (SELECT MAX(n) FROM counts)) AS INTEGER)) END)
           AS histogram
  FROM span LEFT JOIN counts c ON c.moves = span.m
 WHERE span.m IS NOT NULL
 ORDER BY span.m;
