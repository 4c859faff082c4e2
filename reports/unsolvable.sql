-- Boards whose prisoner can never leave: the size of their cluster, and the
-- cells on the prisoner's way out that some block covers in every board of
-- the cluster (blank until the solver has filled blocked_cells), or the
-- reason in words where the family gives one (tiles: parity). The list
-- stops after --top boards; --top 1000000 shows every one. :family
-- (`--family`) keeps one family's puzzles; unset, every family's.

-- section: In short
WITH parity AS (
         SELECT COALESCE(SUM(puzzles), 0) AS puzzles, COALESCE(SUM(complete), 0) AS complete
           FROM tally_search
          WHERE status = 'unsolvable' AND search = 'parity' AND (:family IS NULL OR family = :family))
SELECT COALESCE(SUM(m.puzzles), 0) AS unsolvable,
       COALESCE(SUM(m.complete), 0) - (SELECT complete FROM parity) AS searched_whole,
       (SELECT puzzles FROM parity) AS by_parity,
       COALESCE(SUM(m.blocked), 0) AS with_blocked_cells,
       COALESCE((SELECT s.cluster_size FROM solutions s
                  WHERE s.status = 'unsolvable'
                    AND (:family IS NULL OR (SELECT family FROM puzzles WHERE id = s.puzzle_id) = :family)
                  ORDER BY s.cluster_size DESC LIMIT 1), 0) AS largest_cluster,
       MIN(COALESCE(SUM(m.puzzles), 0), :top) AS listed
  FROM tally_moves m
 WHERE m.status = 'unsolvable' AND (:family IS NULL OR m.family = :family);

-- section: Unsolvable boards
SELECT p.id, p.width || 'x' || p.height AS size, s.cluster_size AS cluster,
       CASE s.cluster_complete WHEN 1 THEN 'yes' ELSE 'no' END AS complete,
       s.blocked_cells, s.blockers, s.reason, p.board,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'unsolvable' AND (:family IS NULL OR p.family = :family)
 ORDER BY s.cluster_size DESC, p.id
 LIMIT :top;
