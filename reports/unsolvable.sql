-- Boards whose prisoner can never leave: the size of their cluster, and the
-- cells on the prisoner's way out that some block covers in every board of
-- the cluster (blank until the solver has filled blocked_cells), or the
-- reason in words where the family gives one (tiles: parity). The list
-- stops after --top boards; --top 1000000 shows every one. :family
-- (`--family`) keeps one family's puzzles; unset, every family's.

-- section: In short
SELECT COUNT(*) AS unsolvable,
       COALESCE(SUM(s.cluster_complete AND s.search IS NOT 'parity'), 0) AS searched_whole,
       COALESCE(SUM(s.search = 'parity'), 0) AS by_parity,
       COALESCE(SUM(s.blocked_cells <> ''), 0) AS with_blocked_cells,
       COALESCE(MAX(s.cluster_size), 0) AS largest_cluster,
       MIN(COUNT(*), :top) AS listed
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'unsolvable' AND (:family IS NULL OR p.family = :family);

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
