-- How hard the solvable puzzles are, each family on its own: how the family
-- grades (band_rules), its bands with their puzzles, then every move count
-- from the fewest to the most (counts of zero included). :family (`--family`)
-- keeps one family's puzzles; unset, every family's. The bands come from the
-- families (table `bands`, schema 12); the counts from the tallies kept at
-- import, by family, size and moves (tally_size_moves).

-- section: How each family grades
SELECT r.family, r.rule
  FROM band_rules r
 WHERE (:family IS NULL OR r.family = :family)
   AND EXISTS (SELECT 1 FROM tally_size_moves t WHERE t.family = r.family)
 ORDER BY r.family;

-- section: Difficulty bands | bars band puzzles per family
-- Each size met is graded by its own bands, else by its family's bands for
-- every size (width and height 0); a size with neither is left out.
WITH solved AS (SELECT family, width, height, moves, puzzles FROM tally_size_moves
                 WHERE :family IS NULL OR family = :family),
     graded AS (SELECT s.family, s.width, s.height, s.moves, s.puzzles,
                       CASE WHEN EXISTS (SELECT 1 FROM bands o WHERE o.family = s.family
                                            AND o.width = s.width AND o.height = s.height)
                            THEN s.width ELSE 0 END AS bw,
                       CASE WHEN EXISTS (SELECT 1 FROM bands o WHERE o.family = s.family
                                            AND o.width = s.width AND o.height = s.height)
                            THEN s.height ELSE 0 END AS bh
                  FROM solved s),
     counted AS (SELECT b.family, b.width, b.height, b.ord, b.band, b.lo, b.hi,
                        COALESCE(SUM(g.puzzles), 0) AS puzzles
                   FROM bands b
                   LEFT JOIN graded g ON g.family = b.family AND g.bw = b.width AND g.bh = b.height
                                     AND g.moves >= b.lo AND (b.hi IS NULL OR g.moves <= b.hi)
                  WHERE EXISTS (SELECT 1 FROM graded x WHERE x.family = b.family
                                   AND x.bw = b.width AND x.bh = b.height)
                  GROUP BY b.family, b.width, b.height, b.ord)
SELECT family, CASE WHEN width = 0 THEN 'any' ELSE width || 'x' || height END AS size,
       CASE WHEN width = 0 THEN band ELSE width || 'x' || height || ' ' || band END AS band,
       CASE WHEN hi IS NULL THEN lo || '+' ELSE lo || '-' || hi END AS moves,
       puzzles,
       ROUND(100.0 * puzzles / MAX(1, (SELECT SUM(s.puzzles) FROM solved s WHERE s.family = c.family)), 1)
           AS percent
  FROM counted c
 ORDER BY family, width, height, ord;

-- section: Optimal moves | bars moves puzzles per family
-- Each family's histogram is scaled to its own most common count.
WITH RECURSIVE counts AS (
         SELECT family, moves, SUM(puzzles) AS n FROM tally_size_moves
          WHERE :family IS NULL OR family = :family GROUP BY family, moves),
     span (family, m, top) AS (
         SELECT family, MIN(moves), MAX(moves) FROM counts GROUP BY family
         UNION ALL SELECT family, m + 1, top FROM span WHERE m < top)
SELECT span.family, span.m AS moves, COALESCE(c.n, 0) AS puzzles,
       substr('##################################################', 1,
              CASE WHEN c.n IS NULL THEN 0
                   ELSE MAX(1, CAST(ROUND(50.0 * c.n / (SELECT MAX(n) FROM counts x WHERE x.family = span.family))
                                     AS INTEGER)) END)
           AS histogram
  FROM span LEFT JOIN counts c ON c.family = span.family AND c.moves = span.m
 ORDER BY span.family, span.m;

-- section: Enumerated puzzles by band | bars band puzzles per enumeration
-- Every puzzle of a size (slidedb enumerate), graded as the family grades
-- that size (else every size), from the enumeration's tallies of moves: the
-- same time on the whole 6x6 run as on a small one.
WITH n AS (SELECT e.id, e.family, e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration,
                  CASE WHEN EXISTS (SELECT 1 FROM bands o WHERE o.family = e.family
                                       AND o.width = e.size AND o.height = e.size)
                       THEN e.size ELSE 0 END AS bs,
                  (SELECT SUM(t.puzzles) FROM tally_enumeration_moves t WHERE t.enumeration_id = e.id) AS total
             FROM enumerations e
            WHERE :family IS NULL OR e.family = :family)
SELECT n.enumeration, b.band,
       CASE WHEN b.hi IS NULL THEN b.lo || '+' ELSE b.lo || '-' || b.hi END AS moves,
       COALESCE(SUM(t.puzzles), 0) AS puzzles,
       ROUND(100.0 * COALESCE(SUM(t.puzzles), 0) / n.total, 1) AS percent
  FROM n JOIN bands b ON b.family = n.family AND b.width = n.bs AND b.height = n.bs
  LEFT JOIN tally_enumeration_moves t
         ON t.enumeration_id = n.id AND t.moves >= b.lo AND (b.hi IS NULL OR t.moves <= b.hi)
 WHERE n.total > 0
 GROUP BY n.id, b.ord
 ORDER BY n.id, b.ord;
