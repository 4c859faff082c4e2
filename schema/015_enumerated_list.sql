-- slidedb database, version 15: enumerated puzzles listed among the searched
-- ones. The puzzle list (`slidedb serve`) sorts and filters enumerated
-- puzzles by their enumeration's figures: sorted by cluster size, each
-- enumeration's puzzles are read from this index in order instead of
-- sorting all of them (2.5 million in the whole 6x6 run) for every page;
-- sorted by moves, `enumerated_moves` serves.
CREATE INDEX enumerated_cluster ON enumerated (enumeration_id, cluster_size);

-- The command that found an enumeration's puzzles: their source's path.
-- Looked up by a puzzle's enumeration, it names the source of a row of the
-- list or of the hardest report; puzzle_sources, filtered on an outer
-- query's puzzle, would read every enumerated puzzle for each row.
CREATE VIEW enumeration_commands AS
SELECT id, 'slidedb enumerate --size ' || size || ' --walls ' || min_walls || '..' || max_walls AS command
  FROM enumerations;

DROP VIEW puzzle_sources;
CREATE VIEW puzzle_sources AS
SELECT s.puzzle_id, 0 AS origin, s.id AS seq, s.path, s.line, s.kind, s.format,
       s.claimed_moves, s.claimed_cluster, s.confidence
  FROM sources s
UNION ALL
SELECT x.puzzle_id, 1, x.enumeration_id, c.command,
       x.unit, 'enumeration', e.size || 'x' || e.size || ' ' || e.min_walls || '..' || e.max_walls || ' walls',
       x.moves, x.cluster_size, NULL
  FROM enumerated x JOIN enumerations e ON e.id = x.enumeration_id JOIN enumeration_commands c ON c.id = e.id;
