-- Boards whose prisoner can never leave, with the size of their cluster.

-- section: Unsolvable boards
SELECT id, size, cluster_size AS cluster,
       CASE cluster_complete WHEN 1 THEN 'yes' ELSE 'no' END AS complete,
       board, source
  FROM unsolvable
 LIMIT :top;
