-- The hardest solved puzzles, ranked by :by: 'moves' (optimal moves, the
-- default), 'steps' (cells slid), 'cluster' (boards reachable) or 'effort'
-- (boards examined by the search). Ties fall back to moves, steps, cluster.
-- :family (`--family`) keeps one family's puzzles; unset, every family's.

-- section: Hardest puzzles
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.moves, s.steps, s.cluster_size AS cluster,
       s.examined, ROUND(s.seconds * 1000, 2) AS ms,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'solved' AND (:family IS NULL OR p.family = :family)
 ORDER BY CASE COALESCE(:by, 'moves')
               WHEN 'steps' THEN s.steps
               WHEN 'cluster' THEN s.cluster_size
               WHEN 'effort' THEN s.examined
               ELSE s.moves END DESC,
          s.moves DESC, s.steps DESC, s.cluster_size DESC, p.id
 LIMIT :top;
