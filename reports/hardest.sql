-- The hardest solved puzzles, ranked by :by: 'moves' (optimal moves, the
-- default), 'steps' (cells slid), 'cluster' (boards reachable) or 'effort'
-- (boards examined by the search). Ties fall back to moves, steps, cluster.
-- Ranked by moves, the enumerated puzzles without a search of their own
-- come too, with their moves and cluster (steps and effort unknown: after
-- the searched puzzles of as many moves).
-- :family (`--family`) keeps one family's puzzles; unset, every family's.

-- section: Hardest puzzles
-- One branch per ranking, so that each reads its own index and stops after
-- :top rows; only the branch :by names returns any.
WITH r AS (
         SELECT * FROM (SELECT s.puzzle_id, s.moves AS k1, s.steps AS k2, s.cluster_size AS k3, 0 AS k4
                          FROM solutions s
                         WHERE s.status = 'solved' AND COALESCE(:by, 'moves') NOT IN ('steps', 'cluster', 'effort')
                           AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = s.puzzle_id) = :family)
                         ORDER BY s.moves DESC, s.steps DESC, s.cluster_size DESC, s.puzzle_id LIMIT :top)
         UNION ALL
         -- Enumerated puzzles of at least the moves of the :top-th hardest
         -- enumerated one (from the tallies), read through the moves index.
         -- One that was solved too is in the branch above, as many moves; one
         -- whose search stopped at a limit is ranked by the enumeration's.
         SELECT DISTINCT e.puzzle_id, e.moves, NULL, e.cluster_size, 0 FROM enumerated e
          WHERE COALESCE(:by, 'moves') NOT IN ('steps', 'cluster', 'effort')
            AND e.enumeration_id IN (SELECT id FROM enumerations)
            AND e.moves >= (SELECT COALESCE(MAX(m.moves), 0) FROM tally_enumeration_moves m
                             WHERE (SELECT SUM(t.puzzles) FROM tally_enumeration_moves t WHERE t.moves >= m.moves) >= :top)
            AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle_id = e.puzzle_id AND s.status = 'solved')
            AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = e.puzzle_id) = :family)
         UNION ALL
         SELECT * FROM (SELECT s.puzzle_id, s.steps, s.moves, s.cluster_size, 0 FROM solutions s
                         WHERE s.status = 'solved' AND :by = 'steps'
                           AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = s.puzzle_id) = :family)
                         ORDER BY s.steps DESC, s.moves DESC, s.cluster_size DESC, s.puzzle_id LIMIT :top)
         UNION ALL
         SELECT * FROM (SELECT s.puzzle_id, s.cluster_size, s.moves, s.steps, 0 FROM solutions s
                         WHERE s.status = 'solved' AND :by = 'cluster'
                           AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = s.puzzle_id) = :family)
                         ORDER BY s.cluster_size DESC, s.moves DESC, s.steps DESC, s.puzzle_id LIMIT :top)
         UNION ALL
         SELECT * FROM (SELECT s.puzzle_id, s.examined, s.moves, s.steps, s.cluster_size
                          FROM solutions s INDEXED BY solutions_examined
                         WHERE s.status = 'solved' AND :by = 'effort'
                           AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = s.puzzle_id) = :family)
                         ORDER BY s.examined DESC, s.moves DESC, s.steps DESC, s.cluster_size DESC,
                                  s.puzzle_id LIMIT :top))
SELECT p.id, p.family, p.width || 'x' || p.height AS size, COALESCE(s.moves, r.k1) AS moves, s.steps,
       COALESCE(s.cluster_size, r.k3) AS cluster, s.examined, ROUND(s.seconds * 1000, 2) AS ms,
       COALESCE((SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
                   FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1),
                (SELECT c.command FROM enumerated x JOIN enumeration_commands c ON c.id = x.enumeration_id
                  WHERE x.puzzle_id = p.id ORDER BY x.enumeration_id LIMIT 1))
       AS source
  FROM r LEFT JOIN solutions s ON s.puzzle_id = r.puzzle_id AND s.status = 'solved' JOIN puzzles p ON p.id = r.puzzle_id
 ORDER BY r.k1 DESC, r.k2 DESC, r.k3 DESC, r.k4 DESC, r.puzzle_id
 LIMIT :top;
