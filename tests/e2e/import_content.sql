-- What an import stored, without the figures that depend on the run (ids,
-- times, memory, which run): two databases that print the same hold the
-- same puzzles, solutions, levels, sources and errors. Read by the import
-- shard test and tests/e2e/slurm_import.sh.
SELECT key, family, width, height, exit_side, exit_row, board, blocks, fixed FROM puzzles ORDER BY key;
SELECT p.key, s.path, s.file, s.line, s.kind, s.format, s.file_hash, s.claimed_moves, s.claimed_cluster,
       s.image_width, s.image_height, s.box_x, s.box_y, s.box_w, s.box_h, s.cell_px, s.confidence, s.exit_seen
  FROM sources s JOIN puzzles p ON p.id = s.puzzle_id ORDER BY p.key, s.file, s.line, s.path;
SELECT p.key, s.status, s.moves, s.steps, s.solution, s.cluster_size, s.cluster_goals, s.cluster_depth,
       s.cluster_complete, s.examined, s.max_states, s.solver_version, s.hardest_moves, s.hardest_board,
       s.blocked_cells, s.blockers, s.limit_reason, s.search, s.reason, s.cluster_by
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id ORDER BY p.key;
SELECT p.key, l.depth, l.frontier, l.examined, l.fresh, l.goals
  FROM levels l JOIN puzzles p ON p.id = l.puzzle_id ORDER BY p.key, l.depth;
SELECT p.key, g.distance, g.boards FROM goal_levels g JOIN puzzles p ON p.id = g.puzzle_id ORDER BY p.key, g.distance;
SELECT path, line, message FROM errors ORDER BY path, line, message;
SELECT SUM(files), SUM(errors) FROM imports;
