-- The hardest solved puzzles, ranked by :by: 'moves' (optimal moves, the
-- default), 'steps' (cells slid), 'cluster' (boards reachable) or 'effort'
-- (boards examined by the search). Ties fall back to moves, steps, cluster.
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
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.moves, s.steps, s.cluster_size AS cluster,
       s.examined, ROUND(s.seconds * 1000, 2) AS ms,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM r JOIN solutions s ON s.puzzle_id = r.puzzle_id JOIN puzzles p ON p.id = r.puzzle_id
 ORDER BY r.k1 DESC, r.k2 DESC, r.k3 DESC, r.k4 DESC, r.puzzle_id;

-- section: Hardest enumerated puzzles
-- Each enumeration's puzzles with the most moves (slidedb enumerate), read
-- from its index on moves: only those at or above the :top-th's moves are
-- looked at. Their figures are the enumeration's, so --by does not apply;
-- key is the board, rows joined by '/'.
WITH least AS (
    SELECT e.id, e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls AS enumeration,
           COALESCE((SELECT x.moves FROM enumerated x WHERE x.enumeration_id = e.id
                      ORDER BY x.moves DESC LIMIT 1 OFFSET :top - 1), 0) AS moves
      FROM enumerations e
     WHERE :family IS NULL OR e.family = :family),
ranked AS (
    SELECT l.id AS enumeration_id, l.enumeration, n.puzzle_id, n.moves, n.cluster_size, n.walls, n.blocks,
           ROW_NUMBER() OVER (PARTITION BY l.id ORDER BY n.moves DESC, n.cluster_size DESC, n.puzzle_id) AS place
      FROM least l JOIN enumerated n ON n.enumeration_id = l.id AND n.moves >= l.moves)
SELECT r.puzzle_id AS id, r.enumeration, r.moves, r.cluster_size AS cluster, r.walls, r.blocks,
       replace(p.board, char(10), '/') AS key
  FROM ranked r JOIN puzzles p ON p.id = r.puzzle_id
 WHERE r.place <= :top
 ORDER BY r.enumeration_id, r.place;
