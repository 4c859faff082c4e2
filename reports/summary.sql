-- What the database holds: puzzles by family and by status (searched, or only
-- enumerated), sources by kind (files, screenshots, enumerations),
-- the import runs, failed inputs and claims that disagree with the search.

-- The counts come from the tallies kept at import (schema 5), so the report
-- takes the same time on a million puzzles as on a thousand. Moves are
-- given per family (Families, Puzzles): the families count moves each
-- their own way.

-- section: In short
SELECT (SELECT n FROM tally_rows WHERE tbl = 'puzzles') AS puzzles,
       (SELECT COALESCE(SUM(puzzles), 0) FROM tally_moves WHERE status = 'solved') AS solved,
       (SELECT COALESCE(SUM(puzzles), 0) FROM tally_moves WHERE status = 'unsolvable') AS unsolvable,
       (SELECT n FROM tally_rows WHERE tbl = 'sources') AS sources,
       (SELECT COUNT(*) FROM imports) AS imports,
       (SELECT COUNT(*) FROM errors) AS errors,
       (SELECT COUNT(*) FROM tally_claim_mismatches) AS claims_disagreeing;

-- section: Families
SELECT f.family, f.puzzles,
       COALESCE(SUM(m.puzzles) FILTER (WHERE m.status = 'solved'), 0) AS solved,
       COALESCE(SUM(m.puzzles) FILTER (WHERE m.status = 'unsolvable'), 0) AS unsolvable,
       COALESCE(SUM(m.puzzles) FILTER (WHERE m.status = 'limit'), 0) AS limit_reached,
       MAX(NULLIF(m.moves, -1)) AS most_moves,
       CASE WHEN SUM(m.cluster) < 9e18 THEN CAST(SUM(m.cluster) AS INTEGER) ELSE SUM(m.cluster) END
           AS boards_in_clusters
  FROM tally_families f LEFT JOIN tally_moves m ON m.family = f.family
 GROUP BY f.family ORDER BY f.family;

-- section: Puzzles
-- By family and status; puzzles only enumerated are their enumeration's
-- family (one per database today).
WITH t AS (
         SELECT family, status, SUM(puzzles) AS puzzles, MIN(NULLIF(moves, -1)) AS min_moves,
                MAX(NULLIF(moves, -1)) AS max_moves,
                ROUND(1.0 * SUM(CASE WHEN moves >= 0 THEN moves * puzzles END)
                      / SUM(CASE WHEN moves >= 0 THEN puzzles END), 1) AS avg_moves,
                CASE WHEN SUM(cluster) < 9e18 THEN CAST(SUM(cluster) AS INTEGER) ELSE SUM(cluster) END
                    AS boards_in_clusters
           FROM tally_moves GROUP BY family, status
         UNION ALL
         -- Puzzles only enumerated: their moves and clusters are the enumeration's.
         SELECT (SELECT p.family FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id LIMIT 1), 'enumerated',
                SUM(puzzles - searched), MIN(moves) FILTER (WHERE puzzles > searched),
                MAX(moves) FILTER (WHERE puzzles > searched),
                ROUND(1.0 * SUM(moves * (puzzles - searched)) / SUM(puzzles - searched), 1),
                SUM(boards - searched_boards)
           FROM tally_enumerated
         UNION ALL
         SELECT f.family, 'not searched',
                f.puzzles - (SELECT COALESCE(SUM(puzzles), 0) FROM tally_moves m WHERE m.family = f.family)
                          - CASE WHEN f.family = (SELECT p.family FROM enumerated x JOIN puzzles p ON p.id = x.puzzle_id
                                                   LIMIT 1)
                                 THEN (SELECT COALESCE(SUM(puzzles - searched), 0) FROM tally_enumerated) ELSE 0 END,
                NULL, NULL, NULL, NULL
           FROM tally_families f)
SELECT * FROM t WHERE puzzles > 0
 ORDER BY family, CASE status WHEN 'solved' THEN 0 WHEN 'unsolvable' THEN 1 WHEN 'limit' THEN 2
                              WHEN 'enumerated' THEN 3 ELSE 4 END;

-- section: Sources
SELECT kind, format, sources, puzzles, files FROM tally_sources ORDER BY kind, format;

-- section: Imports
SELECT id AS run, started_at, COALESCE(finished_at, 'interrupted') AS finished, files,
       puzzles_new, puzzles_known, errors, ROUND(seconds, 2) AS seconds
  FROM imports ORDER BY id DESC LIMIT :top;

-- section: Errors
SELECT path, line, message, import_id AS first_run, last_import_id AS last_run
  FROM errors ORDER BY path, line, message LIMIT :top;

-- section: Claims that disagree
SELECT path, line, puzzle_id AS id, claimed_moves, moves, claimed_cluster, cluster_size
  FROM claim_mismatches ORDER BY path, line, puzzle_id LIMIT :top;
