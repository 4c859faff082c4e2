-- One puzzle in full (:id): its figures, board, solution move by move, the
-- search depth by depth, the hardest board of its cluster and its sources.

-- section: Puzzle
WITH p AS (
         SELECT p.*, s.status, s.moves, s.steps, s.cluster_size, s.cluster_goals, s.cluster_depth,
                s.cluster_complete, s.examined, s.seconds, s.peak_bytes, s.solver_version,
                s.hardest_moves, s.blocked_cells, s.blockers, s.search, s.reason, s.cluster_by
           FROM puzzles p LEFT JOIN solutions s ON s.puzzle_id = p.id
          WHERE p.id = :id)
SELECT 'id' AS field, CAST(id AS TEXT) AS value FROM p
UNION ALL SELECT 'size', width || 'x' || height FROM p
UNION ALL SELECT 'exit', exit_side || ' of row ' || (exit_row + 1) FROM p WHERE exit_side IS NOT NULL
-- "pieces": blocks, shaped pieces or tiles, as the family has them.
UNION ALL SELECT 'pieces', blocks || COALESCE(' (' || NULLIF(fixed, 0) || ' fixed cell' || CASE fixed WHEN 1 THEN ')'
                 ELSE 's)' END, '') FROM p
UNION ALL SELECT 'status', COALESCE(status, 'not solved') FROM p
UNION ALL SELECT 'moves', moves || ' (' || steps || ' steps)' FROM p WHERE moves IS NOT NULL
UNION ALL SELECT 'cluster', CASE
                 -- A count by formula past 64 bits (the 24-puzzle's 25!/2) is stored as 0.
                 WHEN cluster_by = 'formula' AND cluster_size = 0 THEN 'more boards than 64 bits count (by formula)'
                 WHEN cluster_by = 'formula' THEN cluster_size || ' boards (exact, by formula)'
                 ELSE cluster_size || ' boards' END || ', ' || cluster_goals
                 || CASE WHEN exit_side IS NULL THEN ' at the goal' ELSE ' with the prisoner out' END
                 -- A cluster counted by formula was never walked: its depth is unknown (stored as -1).
                 || CASE WHEN cluster_depth >= 0 THEN ', depth ' || cluster_depth ELSE '' END
                 || CASE cluster_complete WHEN 0 THEN ' (incomplete)' ELSE '' END
            FROM p WHERE status IS NOT NULL
UNION ALL SELECT 'search', CASE search
                 WHEN 'parity' THEN 'none: parity decides it'
                 ELSE CASE search WHEN 'ida' THEN 'IDA*, ' || examined || ' boards generated, '
                                  ELSE examined || ' boards examined, ' END
                      || printf('%.3f', seconds) || ' s, peak ' || printf('%.1f', peak_bytes / 1024.0) || ' KiB' END
            FROM p WHERE status IS NOT NULL
UNION ALL SELECT 'why', reason FROM p WHERE reason IS NOT NULL AND status <> 'solved'
UNION ALL SELECT 'hardest in cluster', hardest_moves || CASE hardest_moves WHEN 1 THEN ' move' ELSE ' moves' END
            FROM p WHERE hardest_moves IS NOT NULL
UNION ALL SELECT 'blocked cells', blocked_cells || ' by ' || blockers FROM p WHERE blocked_cells <> ''
UNION ALL SELECT 'solver', solver_version FROM p WHERE solver_version IS NOT NULL
UNION ALL SELECT 'board', board FROM p;

-- section: Solution
WITH RECURSIVE split (n, move, rest) AS (
         SELECT 0, NULL, trim(solution) || ' ' FROM solutions WHERE puzzle_id = :id AND status = 'solved'
         UNION ALL
         SELECT n + 1, substr(rest, 1, instr(rest, ' ') - 1), ltrim(substr(rest, instr(rest, ' ') + 1))
           FROM split WHERE rest <> '')
SELECT n AS step, move FROM split WHERE n > 0 ORDER BY n;

-- section: Levels | line depth frontier logy
SELECT depth, frontier, examined, fresh, goals FROM levels WHERE puzzle_id = :id ORDER BY depth;

-- section: Hardest board of its cluster
SELECT s.hardest_moves AS moves, s.hardest_moves - s.moves AS headroom, s.hardest_board AS board,
       p.exit_side AS exit
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.puzzle_id = :id AND s.hardest_board IS NOT NULL;

-- section: Boards by distance to the goal | bars distance boards
SELECT distance, boards FROM goal_levels WHERE puzzle_id = :id ORDER BY distance;

-- section: Sources
SELECT path, line, kind, format, claimed_moves, claimed_cluster, confidence
  FROM puzzle_sources WHERE puzzle_id = :id ORDER BY origin, seq;
