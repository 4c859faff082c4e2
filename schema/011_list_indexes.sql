-- slidedb database, version 11: the web app's puzzle list (`slidedb serve`)
-- sorted by moves or steps over every status reads these indexes in order
-- and stops after a page, instead of sorting every solution (a page of a
-- million puzzles in milliseconds). Ties go by puzzle id, the index's last
-- column. (Sorting by cluster size and effort has its indexes already:
-- solutions_cluster, solutions_examined.)
CREATE INDEX solutions_moves ON solutions (moves, puzzle_id);
CREATE INDEX solutions_steps ON solutions (steps, puzzle_id);
