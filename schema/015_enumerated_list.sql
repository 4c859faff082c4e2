-- slidedb database, version 15: the puzzle list (`slidedb serve`) sorts
-- enumerated puzzles by their enumeration's figures alongside searched ones.
-- Sorted by cluster size, each enumeration's puzzles are read from this
-- index in order instead of sorting all of them (2.5 million in the whole
-- 6x6 run) for every page; sorted by moves, `enumerated_moves` serves.
CREATE INDEX enumerated_cluster ON enumerated (enumeration_id, cluster_size);
